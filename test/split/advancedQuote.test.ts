// /quotes/advanced through computeQuote: several splits as [percent, route] in execution order with no transaction,
// percents that sum to 100, a single-path answer keeping its router transaction, never less than /quotes, and a
// price-moving split over many routes, each listed once, its quoted gas within the cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { NATIVE_ADDRESS, computeQuote } from '../../src/quote/computeQuote.ts';
import { MAX_SPLIT_GAS } from '../../src/quote/searchProfiles.ts';
import type { QuoteTask } from '../../src/quote/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph, labelAddress } from '../support/graphs.ts';

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
const USER = labelAddress('split-test-user');

function twoEqualPools() {
  return handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
    ],
  );
}

function task(h: ReturnType<typeof twoEqualPools>, overrides: Partial<QuoteTask>): QuoteTask {
  return {
    graphVersion: 1,
    mode: 'advanced',
    platform: 'mixed',
    fromToken: h.address('WPLS'),
    toToken: h.address('USDC'),
    amountIn: 200_000_000n * E18,
    slippagePpm: 5000n,
    userAddress: USER,
    deadline: 1_900_000_000n,
    ...overrides,
  };
}

test('answers a split as 50/50 percents over both pools, in execution order, without a transaction', () => {
  const h = twoEqualPools();
  const outcome = computeQuote(h.graph, h.preset, task(h, {}));
  assert.ok(outcome.ok);
  const half = 100_000_000n * E18;
  assert.equal(outcome.quote.amountOut, h.out(0, 'WPLS', half) + h.out(1, 'WPLS', half));
  assert.deepEqual(
    outcome.quote.splits.map(([percent, legs]) => [percent, legs.map((leg) => [leg.pairAddress, leg.platform])]),
    [
      [50, [[h.snapshot.pools[0].address, 'dexa_v2']]],
      [50, [[h.snapshot.pools[1].address, 'dexa_v1']]],
    ],
  );
  assert.equal(outcome.quote.tx, undefined);
  // Base, router entry and one UniV2 hop per split (gasModel.ts: 21,000 + 30,000 + 2 × 62,000).
  assert.equal(outcome.quote.gasUnits, 186_900);
});

test('gives percents with two decimals that sum to 100 for an uneven split', () => {
  const h = handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [2_000_000_000n * E18, 60_000n * E6], platform: 'dexa_v2' },
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
    ],
  );
  const outcome = computeQuote(h.graph, h.preset, task(h, {}));
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.quote.splits.map(([percent]) => percent), [66.67, 33.33]);
});

test('keeps the router transaction when the best answer is one path', () => {
  const h = twoEqualPools();
  // 1 PLS: splitting gains nothing measurable in USDC units, so one pool takes it all.
  const outcome = computeQuote(h.graph, h.preset, task(h, { amountIn: E18, fromToken: NATIVE_ADDRESS }));
  assert.ok(outcome.ok);
  assert.equal(outcome.quote.splits.length, 1);
  assert.equal(outcome.quote.splits[0][0], 100);
  assert.equal(outcome.quote.tx?.value, E18.toString());
});

test('never quotes less than /quotes, even with a zero time budget, on the default snapshot', () => {
  const snapshot = readSnapshot(DEFAULT_SNAPSHOT_PATH);
  const h = twoEqualPools();
  const graph = new GraphView(buildGraph(snapshot, h.preset, 1));
  const symbols = ['WPLS', 'USDC', 'DAI', 'HEX', 'PLSX', 'USDT'];
  const address = (s: string) => h.preset.tokens.find((t) => t.symbol === s)!.address;
  for (const [i, from] of symbols.entries()) {
    const to = symbols[(i + 1) % symbols.length];
    for (const usd of [10, 100_000]) {
      const amountIn = BigInt(Math.floor((usd / 0.00003) * 1e18 / graph.tokenNativePrice[graph.tokenIndex(address(from))]));
      const base = { ...task(h, {}), fromToken: address(from), toToken: address(to), amountIn, userAddress: undefined };
      const standard = computeQuote(graph, h.preset, { ...base, mode: 'standard' });
      for (const timeBudgetMs of [0, 25]) {
        const advanced = computeQuote(graph, h.preset, { ...base, timeBudgetMs });
        assert.ok(standard.ok && advanced.ok);
        assert.ok(advanced.quote.amountOut >= standard.quote.amountOut, `${from} → ${to} $${usd} budget ${timeBudgetMs}: ${advanced.quote.amountOut} < ${standard.quote.amountOut}`);
        const basisPoints = advanced.quote.splits.reduce((sum, [percent]) => sum + Math.round(percent * 100), 0);
        assert.equal(basisPoints, 10_000);
      }
    }
  }
});

test('the time budget counts from when the request was received: one received a budget ago answers as one with none', () => {
  const snapshot = readSnapshot(DEFAULT_SNAPSHOT_PATH);
  const h = twoEqualPools();
  const graph = new GraphView(buildGraph(snapshot, h.preset, 1));
  const address = (symbol: string) => h.preset.tokens.find((t) => t.symbol === symbol)!.address;
  const amountIn = BigInt(Math.floor((100_000 / 0.00003) * 1e18 / graph.tokenNativePrice[graph.tokenIndex(address('WPLS'))]));
  const base = { ...task(h, {}), fromToken: address('WPLS'), toToken: address('USDC'), amountIn, userAddress: undefined };
  const now = () => performance.timeOrigin + performance.now();
  const quoted = (overrides: Partial<QuoteTask>) => {
    const outcome = computeQuote(graph, h.preset, { ...base, ...overrides });
    assert.ok(outcome.ok);
    return { amountOut: outcome.quote.amountOut, routes: outcome.quote.splits.length };
  };
  const waited = quoted({ timeBudgetMs: 2_000, receivedAtMs: now() - 2_000 });
  assert.deepEqual(waited, quoted({ timeBudgetMs: 0 }));
  // Received just now, the same budget is not reached and splits the trade for more.
  const fresh = quoted({ timeBudgetMs: 2_000, receivedAtMs: now() });
  assert.ok(fresh.amountOut > waited.amountOut && fresh.routes > 1, `fresh ${fresh.amountOut} in ${fresh.routes}, waited ${waited.amountOut}`);
});

test('price-moving $1M trades split over more routes than the old fixed 48, each listed once, with a quoted gas within the cap', () => {
  const snapshot = readSnapshot(DEFAULT_SNAPSHOT_PATH);
  const h = twoEqualPools();
  const graph = new GraphView(buildGraph(snapshot, h.preset, 1));
  const address = (symbol: string) => h.preset.tokens.find((t) => t.symbol === symbol)!.address;
  // DAI → USDC was quoted at 15,168,600 gas when the cap was held on the search's estimate, which leaves out the
  // UniV3 tick-bitmap words the quoted figure counts.
  for (const [from, to] of [['WPLS', 'USDC'], ['DAI', 'USDC']]) {
    const amountIn = BigInt(Math.floor((1_000_000 / 0.00003) * 1e18 / graph.tokenNativePrice[graph.tokenIndex(address(from))]));
    // A budget the search does not reach, so the answer does not depend on the machine's speed.
    const outcome = computeQuote(graph, h.preset, { ...task(h, {}), fromToken: address(from), toToken: address(to), amountIn, userAddress: undefined, timeBudgetMs: 2_000 });
    assert.ok(outcome.ok);
    const { splits, gasUnits } = outcome.quote;
    assert.ok(splits.length > 48, `${from} → ${to}: ${splits.length} splits`);
    const routes = splits.map(([, legs]) => legs.map((leg) => `${leg.pairAddress}:${leg.tokenIn}`).join('/'));
    assert.equal(new Set(routes).size, routes.length);
    assert.ok(gasUnits <= MAX_SPLIT_GAS && gasUnits > MAX_SPLIT_GAS * 0.9, `${from} → ${to}: gas ${gasUnits}`);
  }
});

test('the deep single path seeds the split: a 4-hop route only it finds joins a split it does not beat alone', () => {
  const h = handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
      { symbol: 'AAA', decimals: 18 },
      { symbol: 'BBB', decimals: 18 },
      { symbol: 'CCC', decimals: 18 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
      { tokens: ['WPLS', 'AAA'], reserves: [3_000_000_000n * E18, 3_000_000_000n * E18], platform: 'dexa_v2' },
      { tokens: ['AAA', 'BBB'], reserves: [3_000_000_000n * E18, 3_000_000_000n * E18], platform: 'dexa_v2' },
      { tokens: ['BBB', 'CCC'], reserves: [3_000_000_000n * E18, 3_000_000_000n * E18], platform: 'dexa_v2' },
      { tokens: ['CCC', 'USDC'], reserves: [3_000_000_000n * E18, 120_000n * E6], platform: 'dexa_v2' },
    ],
  );
  const amountIn = 1_000_000_000n * E18;
  const chain = (x: bigint) => h.out(5, 'CCC', h.out(4, 'BBB', h.out(3, 'AAA', h.out(2, 'WPLS', x))));
  const twoPools = h.out(0, 'WPLS', amountIn / 2n) + h.out(1, 'WPLS', amountIn / 2n);
  // The 4-hop route alone beats either pool alone (so the deep search returns it) but not the two pools' split: the
  // split search, which searches 3 hops, answered that split, and the route was never tried beside it.
  assert.ok(chain(amountIn) > h.out(0, 'WPLS', amountIn) && chain(amountIn) < twoPools);
  const outcome = computeQuote(h.graph, h.preset, { ...task(h, { amountIn, userAddress: undefined }), timeBudgetMs: 2_000 });
  assert.ok(outcome.ok);
  const { splits, amountOut } = outcome.quote;
  assert.deepEqual(splits.map(([, legs]) => legs.length).sort(), [1, 1, 4]);
  assert.ok(amountOut > (twoPools * 6n) / 5n, `${amountOut} vs ${twoPools}`);
});
