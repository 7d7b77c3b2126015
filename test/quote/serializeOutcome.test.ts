// serializeOutcome writes the routes' JSON itself: it must be JSON.stringify's text to the byte, on the answers the
// engine gives (splits of many routes, native coin in and out, a wrap) and with no route.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { NATIVE_ADDRESS, computeQuote } from '../../src/quote/computeQuote.ts';
import { serializeOutcome } from '../../src/quote/serializeOutcome.ts';
import type { QuoteTask } from '../../src/quote/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { labelAddress } from '../support/graphs.ts';

const E18 = 10n ** 18n;
const utf8 = new TextDecoder();

test('the serialized routes and transaction are the UTF-8 bytes of JSON.stringify of the computed ones, on split, native, wrap and no-route answers', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const symbol = (s: string) => preset.tokens.find((t) => t.symbol === s)!.address;
  const task = (fromToken: string, toToken: string, amountIn: bigint, mode: QuoteTask['mode'] = 'advanced'): QuoteTask => ({
    graphVersion: 1, mode, platform: 'mixed', fromToken, toToken, amountIn, slippagePpm: 5_000n,
    userAddress: labelAddress('serialize-test-user'), deadline: 1_900_000_000n,
    // Out of the way: the answers need not be the same on every machine, only serialized alike.
    timeBudgetMs: 10_000,
  });
  const tasks = [
    task(symbol('WPLS'), symbol('USDC'), 10n ** 10n * E18),
    task(symbol('HEX'), symbol('WPLS'), 10n ** 14n),
    task(NATIVE_ADDRESS, symbol('DAI'), 10n ** 6n * E18, 'standard'),
    task(symbol('USDC'), NATIVE_ADDRESS, 10n ** 9n),
    task(NATIVE_ADDRESS, symbol('WPLS'), E18),
  ];
  let routes = 0;
  let withTx = 0;
  for (const t of tasks) {
    const outcome = computeQuote(graph, preset, t);
    assert.ok(outcome.ok, `${t.fromToken} -> ${t.toToken}`);
    const serialized = serializeOutcome(outcome);
    assert.ok(serialized.ok);
    const { splitsJson, txJson } = serialized.quote;
    assert.equal(utf8.decode(splitsJson), JSON.stringify(outcome.quote.splits));
    assert.equal(txJson && utf8.decode(txJson), JSON.stringify(outcome.quote.tx));
    // Each is alone in its buffer, so that its clone to the HTTP thread copies nothing else.
    const arrays = txJson ? [splitsJson, txJson] : [splitsJson];
    if (txJson) withTx++;
    for (const bytes of arrays) assert.deepEqual([bytes.byteOffset, bytes.buffer.byteLength], [0, bytes.byteLength]);
    assert.equal(serialized.quote.amountOut, outcome.quote.amountOut);
    routes = Math.max(routes, outcome.quote.splits.length);
  }
  // The price-moving trades above are split over many routes.
  assert.ok(routes > 10, `most routes of one answer: ${routes}`);
  // A split has none without an aggregator router in the preset (the default names none); a platform's path and the
  // wrap have one.
  assert.ok(withTx > 0 && withTx < tasks.length, `answers with a transaction: ${withTx}`);
  const none = { ok: false as const, noRoute: 'No route found: unknown token 0x00' };
  assert.deepEqual(serializeOutcome(none), none);
});
