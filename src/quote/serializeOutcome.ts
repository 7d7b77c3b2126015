// The engine's answer in the form it crosses to the HTTP layer: routes and transaction as JSON, in UTF-8 bytes.
import type { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import { computeQuote } from './computeQuote.ts';
import type { ComputedQuote, QuoteOutcome, QuoteTask, RouteLeg, SerializedOutcome } from './types.ts';

/**
 * The quote of `task`, serialised, with the milliseconds that took on the thread that computed it (the response's
 * Server-Timing: a client can tell the engine's time from the hand-offs and the network around it).
 * @example timedQuote(graph, preset, task).computeMs // 3.9
 */
export function timedQuote(graph: GraphView, preset: NetworkPreset, task: QuoteTask): SerializedOutcome {
  const start = performance.now();
  const outcome = serializeOutcome(computeQuote(graph, preset, task));
  return { ...outcome, computeMs: performance.now() - start };
}

/**
 * `outcome` with its quote's splits and transaction serialised to JSON (UTF-8 bytes, each array with a buffer of its
 * own: cloning an array to the HTTP thread copies its whole buffer).
 * @example new TextDecoder().decode(serializeOutcome(computeQuote(graph, preset, task)).quote.splitsJson) // '[[100,[{"pairAddress":...}]]]'
 */
export function serializeOutcome(outcome: QuoteOutcome): SerializedOutcome {
  if (!outcome.ok) return outcome;
  const { splits, tx, ...rest } = outcome.quote;
  return { ok: true, quote: { ...rest, splitsJson: utf8.encode(splitsJson(splits)), ...(tx && { txJson: utf8.encode(JSON.stringify(tx)) }) } };
}

/** TextEncoder.encode gives each result a buffer of its own. */
const utf8 = new TextEncoder();

/**
 * JSON.stringify(splits), written out: an advanced answer has a hundred legs or more, and JSON.stringify takes over
 * twice as long on them. Every string of a leg is a hex address or a platform id and every number finite, so none
 * needs escaping.
 */
function splitsJson(splits: ComputedQuote['splits']): string {
  let json = '[';
  for (let i = 0; i < splits.length; i++) {
    const [percent, legs] = splits[i];
    json += `${i > 0 ? ',' : ''}[${percent},[`;
    for (let k = 0; k < legs.length; k++) json += (k > 0 ? ',' : '') + legJson(legs[k]);
    json += ']]';
  }
  return json + ']';
}

function legJson(leg: RouteLeg): string {
  return `{"pairAddress":"${leg.pairAddress}","tokenIn":"${leg.tokenIn}","tokenOut":"${leg.tokenOut}","fee":${leg.fee},"feeDenominator":${leg.feeDenominator},"platform":"${leg.platform}"}`;
}
