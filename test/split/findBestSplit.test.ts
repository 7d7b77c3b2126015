// Split routing on hand-built UniV2 graphs whose optimal split is known in closed form: equal pools, pools of
// different depth, gas that makes a split (or some of its paths) not pay, paths that share a pool (executed in
// order, exactly), the paths column generation adds to those the candidate search found, and a dust pool priced far
// off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getAmountOut } from '../../src/pools/univ2/univ2Math.ts';
import { findBestSplit } from '../../src/routing/split/findBestSplit.ts';
import type { SplitLeg, SplitOptions } from '../../src/routing/split/types.ts';
import { handGraph } from '../support/graphs.ts';
import { dustPoolGraph, E18, E6, OPTIONS, TOKENS } from './splitFixtures.ts';

const hopCount = (legs: SplitLeg[]) => BigInt(legs.reduce((n, leg) => n + leg.hops.length, 0));

/** Two WPLS/USDC pairs with the same price and fee (dexa_v1 and dexa_v2 both take 0.29%), of chosen depths. */
function twoPools(depthA: bigint, depthB: bigint) {
  return handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [depthA * E18, (depthA * 3n * E6) / 100_000n], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [depthB * E18, (depthB * 3n * E6) / 100_000n], platform: 'dexa_v1' },
  ]);
}

test('splits 50/50 across two identical UniV2 pools, to the wei', () => {
  const h = twoPools(1_000_000_000n, 1_000_000_000n);
  const amountIn = 200_000_000n * E18;
  const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, OPTIONS)!;
  assert.deepEqual(split.legs.map((leg) => leg.amountIn), [amountIn / 2n, amountIn / 2n]);
  assert.deepEqual(split.legs.map((leg) => leg.hops[0].pool).sort(), [0, 1]);
  assert.equal(split.amountOut, h.out(0, 'WPLS', amountIn / 2n) + h.out(1, 'WPLS', amountIn / 2n));
  assert.equal(split.value, split.amountOut);
});

test('splits across pools of different depth in proportion to their reserves, each share within one wei', () => {
  const h = twoPools(3_000_000_000n, 1_000_000_000n);
  // With one price and one fee, equal marginal rates give x_i = X·R_i / ΣR: here 3/4 and 1/4 of an input that 4 does not divide.
  const amountIn = 400_000_000n * E18 + 7n;
  const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, OPTIONS)!;
  const share = (pool: number) => split.legs.find((leg) => leg.hops[0].pool === pool)!.amountIn;
  const deep = share(0);
  const shallow = share(1);
  assert.equal(deep + shallow, amountIn);
  assert.ok(4n * deep - 3n * amountIn >= -4n && 4n * deep - 3n * amountIn <= 4n, `deep share ${deep} vs 3X/4 = ${(3n * amountIn) / 4n}`);
  assert.ok(4n * shallow - amountIn >= -4n && 4n * shallow - amountIn <= 4n, `shallow share ${shallow} vs X/4 = ${amountIn / 4n}`);
  assert.equal(split.amountOut, h.out(0, 'WPLS', deep) + h.out(1, 'WPLS', shallow));
});

test('gas pricing turns a two-way split back into one path when the trade is small', () => {
  const h = twoPools(1_000_000_000n, 1_000_000_000n);
  // One USDC of gas per hop; splitting 0.2% of a pool's depth gains about $0.06, splitting 30% gains thousands.
  const gas = { ...OPTIONS, gasCostInOutput: (legs: SplitLeg[]) => hopCount(legs) * E6 };
  const small = 2_000_000n * E18;
  const large = 300_000_000n * E18;
  const run = (amountIn: bigint, options: SplitOptions) => findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, options)!;
  assert.equal(run(small, OPTIONS).legs.length, 2);
  const priced = run(small, gas);
  assert.equal(priced.legs.length, 1);
  assert.equal(priced.amountOut, h.out(0, 'WPLS', small));
  assert.equal(priced.value, priced.amountOut - E6);
  assert.equal(run(large, gas).legs.length, 2);
});

test('with gas priced, keeps as many parallel pools as pay for their gas: the best value over every count of pools', () => {
  // One deep WPLS/USDC pool and five identical shallow ones: each shallow pool added to a 100M WPLS trade yields less
  // than the one before (22.6, 19.1, 16.4, 14.2 and 12.4 USDC), so a gas cost per hop keeps the first few that pay.
  const graphWith = (shallow: number) =>
    handGraph(TOKENS, [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
      ...Array.from({ length: shallow }, () => ({ tokens: ['WPLS', 'USDC'] as [string, string], reserves: [100_000_000n * E18, 3_000n * E6] as [bigint, bigint] })),
    ]);
  const amountIn = 100_000_000n * E18;
  for (const [perHop, kept] of [
    [15n * E6, 4],
    [18n * E6, 3],
  ] as const) {
    const gasCost = (legs: SplitLeg[]) => hopCount(legs) * perHop;
    // The optimal split over the deep pool and the first k shallow ones (exact to the wei without gas), net of gas.
    const values = [0, 1, 2, 3, 4, 5].map((k) => {
      const h = graphWith(k);
      const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, OPTIONS)!;
      assert.equal(split.legs.length, k + 1);
      return split.amountOut - gasCost(split.legs);
    });
    const best = values.reduce((a, b) => (b > a ? b : a));
    assert.equal(values.indexOf(best) + 1, kept);
    const h = graphWith(5);
    const priced = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, { ...OPTIONS, gasCostInOutput: gasCost })!;
    assert.equal(priced.legs.length, kept, `${perHop} per hop`);
    assert.equal(priced.value, best);
    assert.equal(priced.value, priced.amountOut - gasCost(priced.legs));
  }
});

test('paths that share a pool give the exact output of executing the splits in order', () => {
  // TAIL reaches USDC only through its one WPLS pool, then either of two WPLS/USDC pairs: both legs use pool 0.
  const h = handGraph(TOKENS, [
    { tokens: ['TAIL', 'WPLS'], reserves: [50_000_000n * E18, 5_000_000_000n * E18] },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [600_000_000n * E18, 18_000n * E6], platform: 'dexa_v1' },
  ]);
  const amountIn = 2_000_000n * E18;
  const split = findBestSplit(h.graph, h.token('TAIL'), h.token('USDC'), amountIn, OPTIONS)!;
  assert.equal(split.legs.length, 2);
  assert.deepEqual(split.legs.map((leg) => leg.hops.map((hop) => hop.pool)).sort(), [[0, 1], [0, 2]]);
  assert.equal(split.legs[0].amountIn + split.legs[1].amountIn, amountIn);

  // By hand: pool 0's reserves move after the first leg's swap; the second leg meets them.
  const fee = [9971n, 10_000n] as const;
  let tailReserve = 50_000_000n * E18;
  let wplsReserve = 5_000_000_000n * E18;
  let expected = 0n;
  for (const leg of split.legs) {
    const wpls = getAmountOut(leg.amountIn, tailReserve, wplsReserve, ...fee);
    tailReserve += leg.amountIn;
    wplsReserve -= wpls;
    expected += h.out(leg.hops[1].pool, 'WPLS', wpls);
  }
  assert.equal(split.amountOut, expected);
  assert.equal(split.legs[0].amountOut + split.legs[1].amountOut, expected);
});

test('adds the paths the candidate search left out while they beat the split, up to the optimum', () => {
  // Three identical pairs; the candidate search may hand over only one path, so the other two come from column generation.
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
  ]);
  const amountIn = 300_000_000n * E18 + 2n;
  const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, { ...OPTIONS, maxPaths: 1 })!;
  assert.deepEqual(split.legs.map((leg) => leg.hops[0].pool).sort(), [0, 1, 2]);
  // Equal pools: the closed form gives each a third; apportioned, the shares differ from X/3 by at most one wei.
  for (const leg of split.legs) assert.ok(leg.amountIn - amountIn / 3n >= 0n && leg.amountIn - amountIn / 3n <= 1n, `share ${leg.amountIn}`);
  assert.equal(split.legs.reduce((sum, leg) => sum + leg.amountIn, 0n), amountIn);
  assert.equal(split.amountOut, split.legs.reduce((sum, leg) => sum + h.out(leg.hops[0].pool, 'WPLS', leg.amountIn), 0n));
});

test('splits a large trade between the direct pool and a two-hop route through a third token', () => {
  // WPLS→USDC directly, and WPLS→TAIL→USDC as deep: the trade moves the direct pool enough for the second route to pay.
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
  ]);
  const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), 400_000_000n * E18, OPTIONS)!;
  assert.deepEqual(split.legs.map((leg) => leg.hops.map((hop) => hop.pool)).sort(), [[0], [1, 2]]);
});

test('a pool priced far off gets its tiny share of the input: the split reaches the closed-form optimum', () => {
  // Dropped for its input share (under 0.01%), the dust pair's 100 USDC were lost: 3.3% of the output.
  const { h, amountIn, optimum } = dustPoolGraph();
  const split = findBestSplit(h.graph, h.token('WPLS'), h.token('USDC'), amountIn, OPTIONS)!;
  const dust = split.legs.find((leg) => leg.hops[0].pool === 1);
  assert.ok(dust && dust.amountIn * 10_000n < amountIn, `${split.legs.map((leg) => leg.amountIn)}`);
  const distance = split.amountOut > optimum ? split.amountOut - optimum : optimum - split.amountOut;
  assert.ok(distance <= optimum / 1_000_000_000n, `${split.amountOut} vs ${optimum}`);
});

test('finds no split between tokens no pool joins', () => {
  const h = handGraph(TOKENS, [{ tokens: ['WPLS', 'USDC'], reserves: [E18 * 1000n, E6 * 1000n] }]);
  assert.equal(findBestSplit(h.graph, h.token('TAIL'), h.token('USDC'), E18, OPTIONS), null);
});
