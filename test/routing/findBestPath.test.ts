// Single-path routing on small hand-built graphs whose best path is known (exact hops and exact amounts), and on the
// default snapshot against every path of one or two hops through its deep tokens.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../src/graph/layout.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { CORE_TOKENS, coreEdges } from '../../src/routing/coreEdges.ts';
import { evaluatePath } from '../../src/routing/evaluatePath.ts';
import { findBestPath } from '../../src/routing/findBestPath.ts';
import { estimateGas } from '../../src/routing/gasModel.ts';
import type { Hop, PathQuote, SearchOptions } from '../../src/routing/types.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph, platformCode, type TokenSpec } from '../support/graphs.ts';

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
const E8 = 10n ** 8n;
const OPTIONS: SearchOptions = { maxHops: 3, platformCode: -1, candidates: 8, connectors: 64 };
const tokens = (...symbols: string[]): TokenSpec[] => symbols.map((symbol) => ({ symbol, decimals: 18 }));

/** Every token of the path, from the input to the output. */
function tokensOf(path: PathQuote): number[] {
  return [path.hops[0].tokenIn, ...path.hops.map((h) => h.tokenOut)];
}

test('takes the 2-hop path when it beats the direct pool, and the direct pool when the trade is large', () => {
  // A(18) -> C(8) directly at 0.9 C per A, or through B(6) at 1:1:1 with shallower pools.
  const h = handGraph(
    [
      { symbol: 'A', decimals: 18 },
      { symbol: 'B', decimals: 6 },
      { symbol: 'C', decimals: 8 },
    ],
    [
      { tokens: ['A', 'C'], reserves: [1_000n * E18, 900n * E8] },
      { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E6] },
      { tokens: ['B', 'C'], reserves: [1_000n * E6, 1_000n * E8] },
    ],
  );
  const small = E18;
  const twoHop = h.out(2, 'B', h.out(1, 'A', small));
  assert.ok(twoHop > h.out(0, 'A', small));
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('C'), small, OPTIONS), {
    hops: [h.hop(1, 'A', 'B'), h.hop(2, 'B', 'C')],
    amountIn: small,
    amountOut: twoHop,
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.equal(twoHop, 99_223_179n);

  const large = 300n * E18;
  const direct = h.out(0, 'A', large);
  assert.ok(direct > h.out(2, 'B', h.out(1, 'A', large)));
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('C'), large, OPTIONS), {
    hops: [h.hop(0, 'A', 'C')],
    amountIn: large,
    amountOut: direct,
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
});

test('finds a 3-hop path when it beats the direct and the 2-hop paths', () => {
  const h = handGraph(tokens('A', 'B', 'C', 'D'), [
    { tokens: ['A', 'D'], reserves: [1_000_000n * E18, 500_000n * E18] },
    { tokens: ['A', 'B'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['B', 'C'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['C', 'D'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['B', 'D'], reserves: [1_000_000n * E18, 800_000n * E18] },
  ]);
  const amountIn = 10n * E18;
  const threeHop = h.out(3, 'C', h.out(2, 'B', h.out(1, 'A', amountIn)));
  assert.ok(threeHop > h.out(4, 'B', h.out(1, 'A', amountIn)));
  assert.ok(threeHop > h.out(0, 'A', amountIn));
  const path = findBestPath(h.graph, h.token('A'), h.token('D'), amountIn, OPTIONS);
  assert.deepEqual(path, {
    hops: [h.hop(1, 'A', 'B'), h.hop(2, 'B', 'C'), h.hop(3, 'C', 'D')],
    amountIn,
    amountOut: threeHop,
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  // With two hops at most, the best is A -> B -> D.
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('D'), amountIn, { ...OPTIONS, maxHops: 2 })?.hops, [
    h.hop(1, 'A', 'B'),
    h.hop(4, 'B', 'D'),
  ]);
});

test('a path of four hops is found with maxHops 4 and not with maxHops 3', () => {
  const h = handGraph(tokens('A', 'B', 'C', 'D', 'E'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['B', 'C'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['C', 'D'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['D', 'E'], reserves: [1_000n * E18, 1_000n * E18] },
  ]);
  const amountIn = E18;
  const fourHop = h.out(3, 'D', h.out(2, 'C', h.out(1, 'B', h.out(0, 'A', amountIn))));
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('E'), amountIn, { ...OPTIONS, maxHops: 4 }), {
    hops: [h.hop(0, 'A', 'B'), h.hop(1, 'B', 'C'), h.hop(2, 'C', 'D'), h.hop(3, 'D', 'E')],
    amountIn,
    amountOut: fourHop,
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.equal(findBestPath(h.graph, h.token('A'), h.token('E'), amountIn, { ...OPTIONS, maxHops: 3 }), null);
  // Backwards too.
  assert.equal(findBestPath(h.graph, h.token('E'), h.token('A'), amountIn, { ...OPTIONS, maxHops: 3 }), null);
  assert.equal(findBestPath(h.graph, h.token('E'), h.token('A'), amountIn, { ...OPTIONS, maxHops: 4 })?.hops.length, 4);
});

test('a platform filter keeps the search to that platform even when another platform pays more', () => {
  const h = handGraph(tokens('A', 'B', 'C'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 900n * E18], platform: 'dexa_v2' },
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18], platform: 'dexc_v2' },
    // The best route of all mixes platforms: A -> C on dexa_v2, C -> B on dexc_v2.
    { tokens: ['A', 'C'], reserves: [1_000n * E18, 1_100n * E18], platform: 'dexa_v2' },
    { tokens: ['C', 'B'], reserves: [1_000n * E18, 1_100n * E18], platform: 'dexc_v2' },
  ]);
  const amountIn = E18;
  const [a, b] = [h.token('A'), h.token('B')];
  assert.deepEqual(findBestPath(h.graph, a, b, amountIn, OPTIONS), {
    hops: [h.hop(2, 'A', 'C'), h.hop(3, 'C', 'B')],
    amountIn,
    amountOut: h.out(3, 'C', h.out(2, 'A', amountIn)),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.deepEqual(findBestPath(h.graph, a, b, amountIn, { ...OPTIONS, platformCode: platformCode('dexa_v2') }), {
    hops: [h.hop(0, 'A', 'B')],
    amountIn,
    amountOut: h.out(0, 'A', amountIn),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.deepEqual(findBestPath(h.graph, a, b, amountIn, { ...OPTIONS, platformCode: platformCode('dexc_v2') }), {
    hops: [h.hop(1, 'A', 'B')],
    amountIn,
    amountOut: h.out(1, 'A', amountIn),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.equal(findBestPath(h.graph, a, b, amountIn, { ...OPTIONS, platformCode: platformCode('dexb_v2') }), null);
});

test('never visits a token twice, even when a cycle through an intermediate or the source would pay more', () => {
  const h = handGraph(tokens('A', 'B', 'C', 'D', 'X'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18] },
    // B -> C on one pool and C -> B on another doubles the amount of B: a profitable cycle.
    { tokens: ['B', 'C'], reserves: [1_000n * E18, 2_000n * E18], platform: 'dexa_v2' },
    { tokens: ['C', 'B'], reserves: [1_000n * E18, 1_000n * E18], platform: 'dexc_v2' },
    { tokens: ['B', 'D'], reserves: [1_000n * E18, 1_000n * E18] },
    // The same around the source: A -> X -> A doubles the amount of A.
    { tokens: ['A', 'X'], reserves: [1_000n * E18, 2_000n * E18], platform: 'dexa_v2' },
    { tokens: ['X', 'A'], reserves: [1_000n * E18, 1_000n * E18], platform: 'dexc_v2' },
  ]);
  const amountIn = E18;
  // The cycle really pays: B -> C -> B returns more B than went in.
  const b = h.out(0, 'A', amountIn);
  assert.ok(h.out(2, 'C', h.out(1, 'B', b)) > b);
  const path = findBestPath(h.graph, h.token('A'), h.token('D'), amountIn, { ...OPTIONS, maxHops: 4 });
  assert.deepEqual(path, {
    hops: [h.hop(0, 'A', 'B'), h.hop(3, 'B', 'D')],
    amountIn,
    amountOut: h.out(3, 'B', b),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  const visited = tokensOf(path!);
  assert.equal(new Set(visited).size, visited.length);
});

test('ranks net of gas: a 1-hop path beats a 3-hop path whose extra output is less than its extra gas', () => {
  // The direct pool is 1:1; each of the three hops pays 1% more, which beats the direct pool on raw output.
  const h = handGraph(tokens('A', 'B', 'C', 'D'), [
    { tokens: ['A', 'D'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['A', 'B'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
    { tokens: ['B', 'C'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
    { tokens: ['C', 'D'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
  ]);
  const amountIn = E18;
  const [a, d] = [h.token('A'), h.token('D')];
  const direct = h.out(0, 'A', amountIn);
  const threeHop = h.out(3, 'C', h.out(2, 'B', h.out(1, 'A', amountIn)));
  assert.equal(direct, 997_099_005_792_581_324n);
  assert.equal(threeHop, 1_021_360_273_817_029_147n);
  const gasOf = (path: PathQuote) =>
    BigInt(estimateGas({ hopKinds: path.hops.map(() => 'univ2'), ticksCrossed: 0, wrapIn: false, unwrapOut: false }));
  // 104,600 more gas units for the 3-hop path; its extra output is 24,261,268,024,447,823.
  const extraGas = 235_800n - 131_200n;
  const expensive = 250_000_000_000n; // output units per gas unit: 2.615e16 of extra gas cost
  const cheap = 100_000_000_000n; // 1.046e16 of extra gas cost
  assert.ok(threeHop - direct < extraGas * expensive && threeHop - direct > extraGas * cheap);

  assert.deepEqual(findBestPath(h.graph, a, d, amountIn, { ...OPTIONS, gasCostInOutput: (p) => gasOf(p) * expensive }), {
    hops: [h.hop(0, 'A', 'D')],
    amountIn,
    amountOut: direct,
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  const threeHopPath = {
    hops: [h.hop(1, 'A', 'B'), h.hop(2, 'B', 'C'), h.hop(3, 'C', 'D')],
    amountIn,
    amountOut: threeHop,
    ticksCrossed: 0,
    wordsCrossed: 0,
  };
  assert.deepEqual(findBestPath(h.graph, a, d, amountIn, { ...OPTIONS, gasCostInOutput: (p) => gasOf(p) * cheap }), threeHopPath);
  assert.deepEqual(findBestPath(h.graph, a, d, amountIn, OPTIONS), threeHopPath);
});

test('never uses a pool with an empty input reserve, even beside a good pool of the same pair', () => {
  // Pool 1 joins A and B with no A at all: its float estimate is its whole B reserve, but it cannot execute.
  const h = handGraph(tokens('A', 'B', 'D'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['A', 'B'], reserves: [0n, 1_000_000n * E18] },
    { tokens: ['B', 'D'], reserves: [1_000n * E18, 1_000n * E18] },
  ]);
  const amountIn = E18;
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('D'), amountIn, OPTIONS), {
    hops: [h.hop(0, 'A', 'B'), h.hop(2, 'B', 'D')],
    amountIn,
    amountOut: h.out(2, 'B', h.out(0, 'A', amountIn)),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
});

test('never uses a direct pool with an empty reserve and takes the executable path instead', () => {
  const h = handGraph(tokens('A', 'B', 'D', 'E'), [
    { tokens: ['A', 'D'], reserves: [0n, 1_000_000n * E18] },
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['B', 'D'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['A', 'E'], reserves: [1_000n * E18, 0n] },
  ]);
  const amountIn = E18;
  assert.deepEqual(findBestPath(h.graph, h.token('A'), h.token('D'), amountIn, OPTIONS), {
    hops: [h.hop(1, 'A', 'B'), h.hop(2, 'B', 'D')],
    amountIn,
    amountOut: h.out(2, 'B', h.out(1, 'A', amountIn)),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  // E is reachable only through a pool without any E.
  assert.equal(findBestPath(h.graph, h.token('A'), h.token('E'), amountIn, OPTIONS), null);
  // Nor back from D through the pool without A.
  assert.equal(findBestPath(h.graph, h.token('D'), h.token('A'), amountIn, { ...OPTIONS, maxHops: 1 }), null);
});

test('returns null from a token to itself, for a zero amount, and to a disconnected token', () => {
  const h = handGraph(tokens('A', 'B', 'C', 'Y', 'Z', 'LONELY'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['B', 'C'], reserves: [1_000n * E18, 1_000n * E18] },
    // Y and Z are pooled with each other only.
    { tokens: ['Y', 'Z'], reserves: [1_000n * E18, 1_000n * E18] },
  ]);
  const [a, c] = [h.token('A'), h.token('C')];
  assert.notEqual(findBestPath(h.graph, a, c, E18, OPTIONS), null);
  assert.equal(findBestPath(h.graph, a, a, E18, OPTIONS), null);
  assert.equal(findBestPath(h.graph, a, c, 0n, OPTIONS), null);
  assert.equal(findBestPath(h.graph, a, h.token('Z'), E18, { ...OPTIONS, maxHops: 4 }), null);
  assert.equal(findBestPath(h.graph, h.token('Y'), c, E18, { ...OPTIONS, maxHops: 4 }), null);
  assert.equal(findBestPath(h.graph, a, h.token('LONELY'), E18, { ...OPTIONS, maxHops: 4 }), null);
  assert.equal(findBestPath(h.graph, h.token('LONELY'), a, E18, { ...OPTIONS, maxHops: 4 }), null);
});

test('returns null when the only path yields zero output', () => {
  const h = handGraph(tokens('A', 'B'), [{ tokens: ['A', 'B'], reserves: [10n ** 30n, 1_000n] }]);
  // 1 wei of A against 1e30:1000 rounds down to nothing.
  assert.equal(h.out(0, 'A', 1n), 0n);
  assert.equal(findBestPath(h.graph, h.token('A'), h.token('B'), 1n, OPTIONS), null);
});

test('evaluatePath chains each hop exact output into the next and is null when a hop cannot execute', () => {
  const h = handGraph(tokens('A', 'B', 'C'), [
    { tokens: ['A', 'B'], reserves: [1_000n * E18, 2_000n * E18] },
    { tokens: ['B', 'C'], reserves: [3_000n * E18, 1_000n * E18], platform: 'dexc_v2' },
  ]);
  const hops = [h.hop(0, 'A', 'B'), h.hop(1, 'B', 'C')];
  assert.deepEqual(evaluatePath(h.graph, hops, 5n * E18), {
    hops,
    amountIn: 5n * E18,
    amountOut: h.out(1, 'B', h.out(0, 'A', 5n * E18)),
    ticksCrossed: 0,
    wordsCrossed: 0,
  });
  assert.equal(evaluatePath(h.graph, hops, 0n), null);
  // More A than uint112 allows.
  assert.equal(evaluatePath(h.graph, hops, 1n << 112n), null);
});

test('on the default snapshot, a search of two hops is never below the best path of one or two hops through any deep token, and the core lists hold exactly the pools among deep tokens', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const rank = graph.tokenLiquidityRank();
  const byDepth = graph.tokensByLiquidity();
  const core = coreEdges(graph);
  assert.equal(core.size, CORE_TOKENS);
  for (let r = 0; r < core.size; r++) {
    const token = byDepth[r];
    const expected: number[] = [];
    for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
      if (rank[graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]] < CORE_TOKENS) expected.push(e);
    }
    assert.deepEqual(Array.from(core.edges.subarray(core.start[r], core.start[r + 1])), expected, `core token of rank ${r}`);
  }
  const deep: SearchOptions = { maxHops: 2, platformCode: -1, candidates: 24, connectors: CORE_TOKENS };
  const hopsBetween = (a: number, b: number) => {
    const hops: Hop[] = [];
    for (let e = graph.tokenEdgeStart[a]; e < graph.tokenEdgeStart[a + 1]; e++) {
      const at = e * EDGE_STRIDE;
      if (graph.edges[at + EdgeField.tokenOut] !== b) continue;
      hops.push({ pool: graph.edges[at], tokenIn: a, tokenOut: b, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] });
    }
    return hops;
  };
  const rng = createRandom(77);
  for (let i = 0; i < 8; i++) {
    const from = byDepth[Math.floor(rng() * 40)];
    const to = byDepth[Math.floor(rng() * 40)];
    if (from === to) continue;
    const amountIn = BigInt(Math.floor((10 ** (20 + rng() * 6)) / graph.tokenNativePrice[from]));
    let best = 0n;
    const consider = (path: Hop[]) => {
      const quote = evaluatePath(graph, path, amountIn);
      if (quote && quote.amountOut > best) best = quote.amountOut;
    };
    for (const hop of hopsBetween(from, to)) consider([hop]);
    for (let r = 0; r < CORE_TOKENS; r++) {
      const middle = byDepth[r];
      if (middle === from || middle === to) continue;
      const second = hopsBetween(middle, to);
      if (second.length === 0) continue;
      for (const first of hopsBetween(from, middle)) for (const next of second) consider([first, next]);
    }
    const found = findBestPath(graph, from, to, amountIn, deep);
    assert.ok(best > 0n && found, `pair ${i}`);
    // Float estimates rank the candidates: a path within a billionth of the best exact one may win.
    assert.ok(found.amountOut * 1_000_000_000n >= best * 999_999_999n, `pair ${i}: ${found.amountOut} < ${best}`);
  }
});
