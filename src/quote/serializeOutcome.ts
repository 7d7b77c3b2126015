// The engine's answer in the form it crosses to the HTTP layer: routes and transaction as JSON text.
import type { QuoteOutcome, SerializedOutcome } from './types.ts';

/**
 * `outcome` with its quote's splits and transaction serialised to JSON.
 * @example serializeOutcome(computeQuote(graph, preset, task)).quote.splitsJson // '[[100,[{"pairAddress":...}]]]'
 */
export function serializeOutcome(outcome: QuoteOutcome): SerializedOutcome {
  if (!outcome.ok) return outcome;
  const { splits, tx, ...rest } = outcome.quote;
  return { ok: true, quote: { ...rest, splitsJson: JSON.stringify(splits), ...(tx && { txJson: JSON.stringify(tx) }) } };
}
