// The shared-memory graph: buildGraph then GraphView reads back every token, pool and edge of the default snapshot
// exactly, and the native prices it derives are those of the deepest pools.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getAddress } from 'viem';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../src/graph/layout.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import type { PoolBase } from '../../src/pools/poolBase.ts';
import { poolKind } from '../../src/pools/registry.ts';
import { MAX_UINT112 } from '../../src/pools/univ2/univ2Math.ts';
import { UniV2Pool } from '../../src/pools/univ2/univ2Pool.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph, handSnapshot } from '../support/graphs.ts';

const preset = loadPreset();
const snapshot = readSnapshot(DEFAULT_SNAPSHOT_PATH);
const buffer = buildGraph(snapshot, preset, 7);
const graph = new GraphView(buffer);

function edge(e: number) {
  const at = e * EDGE_STRIDE;
  return {
    pool: graph.edges[at + EdgeField.pool],
    localIn: graph.edges[at + EdgeField.localIn],
    localOut: graph.edges[at + EdgeField.localOut],
    tokenOut: graph.edges[at + EdgeField.tokenOut],
  };
}

test('the graph is one SharedArrayBuffer carrying the version, block number and counts', () => {
  assert.ok(buffer instanceof SharedArrayBuffer);
  assert.equal(graph.version, 7);
  assert.equal(graph.blockNumber, snapshot.blockNumber);
  assert.equal(graph.tokenCount, snapshot.tokens.length);
  assert.equal(graph.poolCount, snapshot.pools.length);
  assert.equal(snapshot.pools.filter((p) => p.kind === 'univ2').length, 20_000);
});

test('reads back every token address and decimals of the default snapshot, and finds each by address in any case', () => {
  snapshot.tokens.forEach((token, t) => {
    assert.equal(graph.tokenAddress(t), getAddress(token.address), `token ${t}`);
    assert.equal(graph.tokenDecimals(t), token.decimals, `token ${t}`);
    assert.equal(graph.tokenIndex(token.address.toLowerCase()), t);
    assert.equal(graph.tokenIndex(token.address.toUpperCase().replace('0X', '0x')), t);
  });
  assert.equal(graph.tokenIndex('0x000000000000000000000000000000000000dEaD'), -1);
});

test('reads back every pool of the default snapshot: address, tokens, platform, kind, fee and exact state', () => {
  snapshot.pools.forEach((p, index) => {
    const entry = poolKind(p.kind);
    const state = entry.fromSnapshot(p.state, preset.platforms[p.platform]);
    const context = `pool ${index} (${p.kind})`;
    assert.equal(graph.poolAddress(index), getAddress(p.address), context);
    assert.deepEqual(Array.from(graph.poolTokens(index)), p.tokens, context);
    assert.equal(graph.poolPlatform(index), p.platform, context);
    assert.equal(graph.poolKind(index), p.kind, context);
    assert.deepEqual(graph.poolFee(index), entry.nominalFee(state), context);
    // The words the decoded pool would store again are exactly those of the snapshot state.
    const decoded = graph.pool(index) as PoolBase & { state: unknown };
    assert.equal(decoded.kind, p.kind, context);
    assert.deepEqual(entry.codec.encode(decoded.state), entry.codec.encode(state), context);
  });
});

test('reads back UniV2 reserves and the platform fee fraction exactly', () => {
  let checked = 0;
  snapshot.pools.forEach((p, index) => {
    if (p.kind !== 'univ2') return;
    const fee = preset.platforms[p.platform].swapFee!;
    const pool = graph.pool(index);
    assert.ok(pool instanceof UniV2Pool, `pool ${index}`);
    assert.deepEqual(
      pool.state,
      {
        reserve0: p.state.reserve0,
        reserve1: p.state.reserve1,
        feeNumerator: BigInt(fee.numerator),
        feeDenominator: BigInt(fee.denominator),
      },
      `pool ${index}`,
    );
    assert.deepEqual(graph.poolFee(index), { fee: fee.denominator - fee.numerator, feeDenominator: fee.denominator });
    checked++;
  });
  assert.equal(checked, 20_000);
});

test('every token edges are sorted by token out then pool, and every pool yields an edge for each ordered token pair', () => {
  const seen = new Set<string>();
  for (let t = 0; t < graph.tokenCount; t++) {
    for (let e = graph.tokenEdgeStart[t]; e < graph.tokenEdgeStart[t + 1]; e++) {
      const { pool, localIn, localOut, tokenOut } = edge(e);
      const tokens = graph.poolTokens(pool);
      assert.equal(tokens[localIn], t, `edge ${e}`);
      assert.equal(tokens[localOut], tokenOut, `edge ${e}`);
      if (e > graph.tokenEdgeStart[t]) {
        const previous = edge(e - 1);
        assert.ok(previous.tokenOut < tokenOut || (previous.tokenOut === tokenOut && previous.pool < pool), `edge ${e}`);
      }
      seen.add(`${pool}:${localIn}:${localOut}`);
    }
  }
  let expected = 0;
  for (let p = 0; p < graph.poolCount; p++) {
    const n = graph.poolTokens(p).length;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) if (i !== j) assert.ok(seen.has(`${p}:${i}:${j}`), `pool ${p}: ${i} -> ${j}`);
    }
    expected += n * (n - 1);
  }
  assert.equal(graph.tokenEdgeStart[graph.tokenCount], expected);
  assert.equal(seen.size, expected);
});

test('firstEdgeTo finds the first edge to every neighbour, and -1 for a token that is not one', () => {
  for (let t = 0; t < graph.tokenCount; t++) {
    const start = graph.tokenEdgeStart[t];
    const end = graph.tokenEdgeStart[t + 1];
    for (let e = start; e < end; e++) {
      const target = edge(e).tokenOut;
      const first = graph.firstEdgeTo(t, target);
      assert.ok(first >= start && first <= e, `token ${t} -> ${target}`);
      assert.equal(edge(first).tokenOut, target);
      assert.ok(first === start || edge(first - 1).tokenOut !== target, `token ${t} -> ${target}`);
    }
    assert.equal(graph.firstEdgeTo(t, t), -1);
  }
  // A tail token pooled only with WPLS has no edge to a third token.
  const wpls = graph.tokenIndex(preset.wrappedNative.address);
  const usdc = graph.tokenIndex('0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07');
  const tailOnlyWithWpls = Array.from({ length: graph.tokenCount }, (_, t) => t).find((t) => {
    const end = graph.tokenEdgeStart[t + 1];
    return end > graph.tokenEdgeStart[t] && [...Array(end - graph.tokenEdgeStart[t]).keys()].every((i) => edge(graph.tokenEdgeStart[t] + i).tokenOut === wpls);
  })!;
  assert.ok(tailOnlyWithWpls !== undefined);
  assert.ok(graph.firstEdgeTo(tailOnlyWithWpls, wpls) >= 0);
  assert.equal(graph.firstEdgeTo(tailOnlyWithWpls, usdc), -1);
});

test('the native price of WPLS is 1 and of USDC is the deepest WPLS/USDC pair reserve ratio within 1%', () => {
  const wpls = graph.tokenIndex(preset.wrappedNative.address);
  const usdc = graph.tokenIndex('0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07');
  assert.equal(graph.tokenNativePrice[wpls], 1);
  let deepest: { wplsReserve: bigint; usdcReserve: bigint } | undefined;
  for (const p of snapshot.pools) {
    if (p.kind !== 'univ2' || !(p.tokens.includes(wpls) && p.tokens.includes(usdc))) continue;
    const [r0, r1] = [p.state.reserve0 as bigint, p.state.reserve1 as bigint];
    const sides = p.tokens[0] === wpls ? { wplsReserve: r0, usdcReserve: r1 } : { wplsReserve: r1, usdcReserve: r0 };
    if (!deepest || sides.wplsReserve > deepest.wplsReserve) deepest = sides;
  }
  assert.ok(deepest);
  // Raw WPLS per raw USDC: about $1 / $0.00003 and 1e12 for the decimals.
  const ratio = Number(deepest.wplsReserve) / Number(deepest.usdcReserve);
  const price = graph.tokenNativePrice[usdc];
  assert.ok(Math.abs(price / ratio - 1) < 0.01, `price ${price}, ratio ${ratio}`);
  assert.ok(price > 1e16 && price < 1e17, `price ${price}`);
  // Every pooled token of the default snapshot is reachable from WPLS within 4 hops, so it is priced; the few
  // generated tokens that no pair holds are not.
  for (let t = 0; t < graph.tokenCount; t++) {
    const pooled = graph.tokenEdgeStart[t + 1] > graph.tokenEdgeStart[t];
    assert.equal(graph.tokenNativePrice[t] > 0, pooled, `token ${t}`);
  }
});

test('a token with no pool, or pooled only away from WPLS, has native price 0, and its pools have no depth', () => {
  const h = handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
      { symbol: 'ISLAND1', decimals: 18 },
      { symbol: 'ISLAND2', decimals: 18 },
      { symbol: 'LONELY', decimals: 9 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [3_000_000n * 10n ** 18n, 100n * 10n ** 6n] },
      { tokens: ['ISLAND1', 'ISLAND2'], reserves: [10n ** 18n, 10n ** 18n] },
    ],
  );
  const g = h.graph;
  assert.equal(g.tokenNativePrice[h.token('LONELY')], 0);
  assert.equal(g.tokenNativePrice[h.token('ISLAND1')], 0);
  assert.equal(g.tokenEdgeStart[h.token('LONELY') + 1] - g.tokenEdgeStart[h.token('LONELY')], 0);
  assert.equal(g.poolLiquidity[1], 0);
  // USDC's price is the pool's marginal rate after fee, so the pool is worth its WPLS side plus 0.9971 of it.
  const usdcPrice = g.tokenNativePrice[h.token('USDC')];
  assert.ok(Math.abs(usdcPrice / (0.9971 * 30_000 * 1e12) - 1) < 1e-6, `price ${usdcPrice}`);
  assert.ok(Math.abs(g.poolLiquidity[0] / (3e24 + 0.9971 * 3e24) - 1) < 1e-6, `liquidity ${g.poolLiquidity[0]}`);
});

test('reserves at the uint112 maximum and block numbers above 32 bits read back exactly', () => {
  const h = handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'BIG', decimals: 18 },
    ],
    [{ tokens: ['WPLS', 'BIG'], reserves: [MAX_UINT112, 1n] }],
    { blockNumber: 0x1_8000_0001n, version: 2_000_000_000 },
  );
  assert.equal(h.graph.blockNumber, 6_442_450_945n);
  assert.equal(h.graph.version, 2_000_000_000);
  const state = (h.graph.pool(0) as UniV2Pool).state;
  const wplsFirst = h.snapshot.pools[0].tokens[0] === h.token('WPLS');
  assert.deepEqual([state.reserve0, state.reserve1], wplsFirst ? [MAX_UINT112, 1n] : [1n, MAX_UINT112]);
  // Each thread's own view of the same buffer reads the same state.
  assert.deepEqual((new GraphView(h.buffer).pool(0) as UniV2Pool).state, state);
});

test('buildGraph refuses an unknown platform or pool kind, and GraphView refuses a buffer that is not a graph', () => {
  const base = handSnapshot(
    [
      { symbol: 'A', decimals: 18 },
      { symbol: 'B', decimals: 18 },
    ],
    [{ tokens: ['A', 'B'], reserves: [1n, 1n] }],
  );
  const address = base.pools[0].address;
  const withPool = (changes: object) => ({ ...base, pools: [{ ...base.pools[0], ...changes }] });
  assert.throws(() => buildGraph(withPool({ platform: 'dexz_v9' }) as typeof base, preset, 1), {
    message: `Unknown platform dexz_v9 for pool ${address}`,
  });
  assert.throws(() => buildGraph(withPool({ kind: 'univ9' }), preset, 1), { message: 'Unknown pool kind: univ9' });
  assert.throws(() => new GraphView(new SharedArrayBuffer(4096)), { message: 'Not a graph buffer' });
});

test('a new graph version takes the decoded pools whose state is unchanged, and decodes the others afresh', () => {
  const tokens = [{ symbol: 'WPLS', decimals: 18 }, { symbol: 'USDC', decimals: 6 }];
  const version = (reserveOut: bigint, number: number) =>
    handGraph(
      tokens,
      [
        { tokens: ['WPLS', 'USDC'], reserves: [10n ** 27n, 30_000n * 10n ** 6n] },
        { tokens: ['WPLS', 'USDC'], reserves: [10n ** 27n, reserveOut] },
      ],
      { version: number },
    );
  const first = version(30_000n * 10n ** 6n, 1);
  const firstPools = [first.graph.pool(0), first.graph.pool(1)];
  const next = version(31_000n * 10n ** 6n, 2);
  assert.notEqual(next.graph, first.graph);
  assert.equal(next.graph.pool(0), firstPools[0]);
  assert.notEqual(next.graph.pool(1), firstPools[1]);
  assert.equal((next.graph.pool(1) as UniV2Pool).state.reserve1 + (next.graph.pool(1) as UniV2Pool).state.reserve0, 31_000n * 10n ** 6n + 10n ** 27n);
  // Swaps on the new version run on its own state (the helper's getAmountOut on its reserves).
  for (const pool of [0, 1]) {
    const { localIn, localOut } = next.hop(pool, 'WPLS', 'USDC');
    assert.equal(next.graph.swapExactIn(pool, localIn, localOut, 10n ** 24n)?.amountOut, next.out(pool, 'WPLS', 10n ** 24n));
  }
  assert.notEqual(next.out(1, 'WPLS', 10n ** 24n), first.out(1, 'WPLS', 10n ** 24n));
  // Back to the first state: pool 0, never changed, keeps its decoded object; pool 1 is decoded afresh on its first
  // reserves (only the latest state of an address is kept).
  const again = version(30_000n * 10n ** 6n, 3);
  assert.equal(again.graph.pool(0), firstPools[0]);
  assert.notEqual(again.graph.pool(1), next.graph.pool(1));
  assert.equal((again.graph.pool(1) as UniV2Pool).state.reserve1 + (again.graph.pool(1) as UniV2Pool).state.reserve0, 30_000n * 10n ** 6n + 10n ** 27n);
});
