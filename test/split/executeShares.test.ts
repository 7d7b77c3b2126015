// Planned shares made exact (executeShares): paths the exact maths rejects are dropped, a gas cap keeps the largest
// shares (dropping no more of them than its excess needs), the flow optimiser keeps no more paths than the cap lets a
// transaction carry (choosing the pools worth their gas) and makes its plans exact best estimate first, and a path
// through one pool twice sees, at its second hop, the pool its first hop left.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import type { Hop } from '../../src/routing/types.ts';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { type GasCap, executeShares } from '../../src/routing/split/executeShares.ts';
import { exactPlans, flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { type FlowPlan, flowRouting } from '../../src/routing/split/flow/flowRouting.ts';
import { floatWeights } from '../../src/routing/split/apportion.ts';
import { replaySplit, simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import type { SplitLeg } from '../../src/routing/split/types.ts';
import { handGraph } from '../support/graphs.ts';
import { closedFormOut, E18, E6, OPTIONS, TOKENS, tickClock } from './splitFixtures.ts';

/** A test gas model: 100 units per split; and its running count for the flow's paths, within `max`. */
const perSplit = (legs: SplitLeg[]) => legs.length * 100;
const perSplitMeter = (max: number) => () => {
  let gas = 0;
  return { tryAdd: () => gas + 100 <= max && (gas += 100) > 0, leastGas: (_: Hop, startsPath: boolean) => (startsPath ? 100 : 0), spent: () => gas };
};

/** WPLS/USDC pools of the given reserves (whole WPLS, whole USDC), alternating dexa_v2 and dexa_v1 (same fee). */
function wplsUsdcPools(reserves: [bigint, bigint][]) {
  return handGraph(
    TOKENS,
    reserves.map(([wpls, usdc], i) => ({
      tokens: ['WPLS', 'USDC'] as [string, string],
      reserves: [wpls * E18, usdc * E6] as [bigint, bigint],
      platform: i % 2 === 0 ? ('dexa_v2' as const) : ('dexa_v1' as const),
    })),
  );
}

/** WPLS/USDC pools at one price ($0.00003) of the given depths in whole WPLS (multiples of 100,000). */
function parallelPools(depths: bigint[]) {
  return wplsUsdcPools(depths.map((depth) => [depth, (depth * 3n) / 100_000n]));
}

type Pools = ReturnType<typeof handGraph>;

/** The flow optimiser's exact answer for WPLS → USDC, within `maxGas` of the test gas model when given. */
function flowWithin(h: Pools, amountIn: bigint, maxGas?: number) {
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  const cap = maxGas === undefined ? {} : { gasUnits: perSplit, maxGasUnits: maxGas, gasMeter: perSplitMeter(maxGas) };
  return flowQuote(h.graph, from, to, amountIn, tokens.tokensAt, { ...OPTIONS, ...cap })!;
}

/** The flow's plans (before they are made exact) of `amountIn` WPLS → USDC within a cap of `maxGas`, and the options. */
function cappedFlow(h: Pools, amountIn: bigint, maxGas: number) {
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  const options = { ...OPTIONS, gasUnits: perSplit, maxGasUnits: maxGas, gasMeter: perSplitMeter(maxGas) };
  return { flow: flowRouting(h.graph, from, to, Number(amountIn), tokens.tokensAt, { ...options, maxHops: 6 })!, options };
}

/** Exact output of a flow plan's paths with its shares of `amountIn`, executed in order. */
function planOut(h: Pools, plan: FlowPlan, amountIn: bigint, cap: GasCap): bigint {
  return executeShares(h.graph, plan.paths, floatWeights(plan.shares), amountIn, cap)!.reduce((sum, leg) => sum + leg.amountOut, 0n);
}

/** Output of the exact optimum over direct WPLS → USDC paths through `pools` (closed form, apportioned, executed). */
function optimumOver(h: Pools, pools: number[], amountIn: bigint): bigint {
  return closedFormOut(h.graph, pools.map((pool) => [h.hop(pool, 'WPLS', 'USDC')]), amountIn);
}

test('drops a path whose exact swap yields nothing and gives its input to the others, to the wei', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    // One USDC unit against 10^15 WPLS: any input below that rounds to no output, which the pair rejects.
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000_000_000n * E18, 1n], platform: 'dexa_v1' },
  ]);
  const paths = [[h.hop(1, 'WPLS', 'USDC')], [h.hop(0, 'WPLS', 'USDC')]];
  const amountIn = 4_000n * E18 + 3n;
  const legs = executeShares(h.graph, paths, [1n, 3n], amountIn)!;
  assert.equal(legs.length, 1);
  assert.equal(legs[0].hops[0].pool, 0);
  assert.equal(legs[0].amountIn, amountIn);
  assert.equal(legs[0].amountOut, h.out(0, 'WPLS', amountIn));
});

test('runs copies of one path as one leg at its first place, with their weights summed', () => {
  const h = parallelPools([1_000_000_000n, 1_000_000_000n]);
  const [a, b] = [[h.hop(0, 'WPLS', 'USDC')], [h.hop(1, 'WPLS', 'USDC')]];
  const amountIn = 6_000_000n * E18 + 1n;
  const legs = executeShares(h.graph, [a, b, [{ ...a[0] }]], [1n, 2n, 3n], amountIn)!;
  assert.deepEqual(legs.map((leg) => leg.hops[0].pool), [0, 1]);
  // 4/6 and 2/6 of the input: …+0.667 and …+0.333 wei, the leftover wei to the larger remainder.
  assert.deepEqual(legs.map((leg) => leg.amountIn), [4_000_000n * E18 + 1n, 2_000_000n * E18]);
  assert.deepEqual(legs.map((leg) => leg.amountOut), [h.out(0, 'WPLS', legs[0].amountIn), h.out(1, 'WPLS', legs[1].amountIn)]);
});

test('a leg that fails at a later hop leaves the pools as if it had not run, and the legs after it still execute', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
    // One USDC unit against 10^15 TAIL: the second hop of the first leg yields nothing.
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000_000_000n * E18, 1n] },
  ]);
  const failing = [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')];
  const direct = [h.hop(0, 'WPLS', 'USDC')];
  const afterFailing = [h.hop(1, 'WPLS', 'TAIL')];
  const { legs, failed } = replaySplit(h.graph, [failing, direct, afterFailing], [E18, 2n * E18, 3n * E18]);
  assert.deepEqual(failed, [0]);
  // Pool 1 untouched by the failed leg: the third leg gets the fresh pool's output.
  assert.deepEqual(legs.map((leg) => leg.amountOut), [h.out(0, 'WPLS', 2n * E18), h.out(1, 'WPLS', 3n * E18)]);
});

test('gives null when no path executes', () => {
  const h = handGraph(TOKENS, [{ tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000_000_000n * E18, 1n] }]);
  assert.equal(executeShares(h.graph, [[h.hop(0, 'WPLS', 'USDC')]], [1n], E18), null);
});

test('keeps the largest shares, in their order, when the split needs more gas than the cap', () => {
  const h = parallelPools([1_000_000_000n, 1_000_000_000n, 1_000_000_000n]);
  const paths = [0, 1, 2].map((pool) => [h.hop(pool, 'WPLS', 'USDC')]);
  const amountIn = 8_000_000n * E18 + 5n;
  // Three splits need 300 units; 250 allow two: the 2n share goes, 5n and 3n share the input in their ratio.
  const legs = executeShares(h.graph, paths, [3n, 2n, 5n], amountIn, { gasUnits: perSplit, maxGasUnits: 250 })!;
  assert.deepEqual(legs.map((leg) => leg.hops[0].pool), [0, 2]);
  // 3/8 and 5/8 of an input 8 does not divide (…+1.875 and …+3.125 wei): the leftover wei goes to the larger remainder.
  assert.deepEqual(legs.map((leg) => leg.amountIn), [3_000_000n * E18 + 2n, 5_000_000n * E18 + 3n]);
  assert.deepEqual(legs.map((leg) => leg.amountOut), [h.out(0, 'WPLS', legs[0].amountIn), h.out(2, 'WPLS', legs[1].amountIn)]);
  assert.equal(executeShares(h.graph, paths, [3n, 2n, 5n], amountIn, { gasUnits: perSplit, maxGasUnits: 300 })!.length, 3);
});

test('over the gas cap, drops only as many of the smallest shares as the excess gas needs', () => {
  // Forty splits need 4,000 units and 3,950 allow thirty-nine: the smallest share goes, and only it (trimming to a
  // proportional count below the cap dropped two).
  const h = parallelPools(Array.from({ length: 40 }, () => 1_000_000_000n));
  const paths = Array.from({ length: 40 }, (_, pool) => [h.hop(pool, 'WPLS', 'USDC')]);
  const weights = Array.from({ length: 40 }, (_, i) => BigInt(100 + ((i * 7) % 40)));
  const legs = executeShares(h.graph, paths, weights, 40_000_000n * E18, { gasUnits: perSplit, maxGasUnits: 3_950 })!;
  const smallest = weights.indexOf(100n);
  assert.deepEqual(legs.map((leg) => leg.hops[0].pool), [...paths.keys()].filter((pool) => pool !== smallest));
});

test('the flow optimiser keeps only the paths a transaction within the gas cap can carry: of equal gas, the widest', () => {
  // Four pools at one price: the optimal flow splits in proportion to their depths.
  const h = parallelPools([4_000_000_000n, 3_000_000_000n, 2_000_000_000n, 1_000_000_000n]);
  const amountIn = 1_000_000_000n * E18;
  const uncapped = flowWithin(h, amountIn);
  assert.equal(uncapped.legs.length, 4);
  const capped = flowWithin(h, amountIn, 200);
  assert.deepEqual(capped.legs.map((leg) => leg.hops[0].pool).sort(), [0, 1]);
  assert.equal(capped.legs[0].amountIn + capped.legs[1].amountIn, amountIn);
  const share = (pool: number) => capped.legs.find((leg) => leg.hops[0].pool === pool)!.amountIn;
  // The two deepest keep their ratio (4:3) within a millionth.
  const ratio = Number(share(0)) / Number(share(1));
  assert.ok(Math.abs(ratio / (4 / 3) - 1) < 1e-6, `ratio ${ratio}`);
  assert.equal(capped.amountOut, h.out(0, 'WPLS', share(0)) + h.out(1, 'WPLS', share(1)));
  assert.ok(capped.amountOut < uncapped.amountOut);
});

test('within the gas cap, the flow is optimised again over the kept paths: the closed-form optimum of the two deepest', () => {
  // Four pools at different prices (USDC per WPLS rising as the pools get shallower): the two kept paths' shares of
  // the four-pool flow are not the best split of the whole input between those two.
  const h = wplsUsdcPools([
    [4_000_000_000n, 120_000n],
    [3_000_000_000n, 99_000n],
    [1_000_000_000n, 36_000n],
    [500_000_000n, 19_500n],
  ]);
  const amountIn = 1_500_000_000n * E18;
  const capped = flowWithin(h, amountIn, 200);
  const pools = capped.legs.map((leg) => leg.hops[0].pool);
  assert.deepEqual([...pools].sort(), [0, 1]);
  const optimum = optimumOver(h, pools, amountIn);
  assert.ok(optimum - capped.amountOut >= 0n && optimum - capped.amountOut <= optimum / 1_000_000_000n, `${capped.amountOut} vs ${optimum}`);
});

/** Two deep pools at $0.00003 per WPLS and two shallower ones at $0.00004 (whole WPLS, whole USDC). */
const WORTH_THEIR_GAS: [bigint, bigint][] = [
  [4_000_000_000n, 120_000n],
  [3_000_000_000n, 90_000n],
  [1_000_000_000n, 40_000n],
  [800_000_000n, 32_000n],
];

test('within the gas cap, the pools kept are those worth their gas: not the widest paths when others give more', () => {
  // Two deep pools at $0.00003 per WPLS and two shallower ones at $0.00004, and a cap of three paths: the uncapped
  // flow's three widest paths are the deep pools and one shallow one, but the cap's three give more through one deep
  // pool and both better-priced ones.
  const h = wplsUsdcPools(WORTH_THEIR_GAS);
  const amountIn = 1_500_000_000n * E18;
  const uncapped = flowWithin(h, amountIn);
  const widest = [...uncapped.legs].sort((a, b) => (b.amountIn > a.amountIn ? 1 : -1)).slice(0, 3);
  assert.deepEqual(widest.map((leg) => leg.hops[0].pool).sort(), [0, 1, 2]);
  const capped = flowWithin(h, amountIn, 300);
  assert.deepEqual(capped.legs.map((leg) => leg.hops[0].pool).sort(), [0, 2, 3]);
  // The float optimiser's shares against the closed form's: within a billionth of the output, either way.
  const best = optimumOver(h, [0, 2, 3], amountIn);
  const gap = capped.amountOut > best ? capped.amountOut - best : best - capped.amountOut;
  assert.ok(gap <= best / 1_000_000_000n, `${capped.amountOut} vs ${best}`);
  const ofWidest = optimumOver(h, [0, 1, 2], amountIn);
  assert.ok(capped.amountOut > ofWidest + ofWidest / 300n, `${capped.amountOut} vs ${ofWidest} through the widest three`);
});

test('within the gas cap, the pools are chosen at the prices of the flow they make: by a flow charged for its gas', () => {
  // Five pools at $0.000025 to $0.000044 per WPLS and a cap of two paths, one of which takes the deepest pool. The
  // uncapped flow's widest other path runs through the 2e9 pool; ranked by profit per gas at the uncapped flow's
  // prices, the 4e8 pool at $0.000044 comes first, which a flow over two pools overloads. A flow charged for its gas
  // keeps the 1.5e9 pool: the best pair.
  const h = wplsUsdcPools([
    [1_500_000_000n, 42_000n],
    [2_000_000_000n, 50_000n],
    [140_000_000n, 5_500n],
    [400_000_000n, 17_600n],
    [6_300_000_000n, 157_500n],
  ]);
  const amountIn = 2_900_000_000n * E18;
  const capped = flowWithin(h, amountIn, 200);
  assert.deepEqual(capped.legs.map((leg) => leg.hops[0].pool).sort(), [0, 4]);
  assert.equal(capped.amountOut, optimumOver(h, [0, 4], amountIn));
  assert.equal(capped.amountOut, 54_030_804_324n);
  // The widest paths' pair and the ranking's: 0.8% and 1.0% less.
  assert.equal(optimumOver(h, [1, 4], amountIn), 53_612_125_265n);
  assert.equal(optimumOver(h, [3, 4], amountIn), 53_488_474_753n);
});

test('a capped flow adds a plan only when cutting it into paths, as long as its first plan took, would end before the deadline', () => {
  const h = wplsUsdcPools(WORTH_THEIR_GAS);
  const amountIn = 1_500_000_000n * E18;
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  // A clock that only gas meters move: the flow takes one for its gas model and one per cut of a plan into paths,
  // each 1,000 ms; its solves take no time.
  const run = (deadline: number) => {
    let clock = 0;
    const gasMeter = () => ((clock += 1_000), perSplitMeter(300)());
    const options = { ...OPTIONS, gasUnits: perSplit, maxGasUnits: 300, gasMeter, maxHops: 6, deadline, now: () => clock };
    return { plans: flowRouting(h.graph, from, to, Number(amountIn), tokens.tokensAt, options)!.routings.length, end: clock };
  };
  // Uncut: the first plan is cut twice (its paths, then again over its own trades) and ends at 3,000; the plan of the
  // flow charged for gas ends at 5,000, the plan of the pools within 1.2 times the first's gas at 6,000.
  assert.deepEqual(run(Infinity), { plans: 3, end: 6_000 });
  // At 3,000 the first plan's cutting took 2,000: the next would end at 5,000.
  assert.deepEqual(run(4_999), { plans: 1, end: 3_000 });
  assert.deepEqual(run(5_000), { plans: 2, end: 5_000 });
  assert.deepEqual(run(6_999), { plans: 2, end: 5_000 });
  assert.deepEqual(run(7_000), { plans: 3, end: 6_000 });
});

test("the flow's plans come best estimate first, each within a millionth of its exact output; past the deadline only the first is made exact", () => {
  // Within a cap of three paths the flow offers the widest paths' plan and the plans of the pools worth their gas.
  const h = wplsUsdcPools(WORTH_THEIR_GAS);
  const amountIn = 1_500_000_000n * E18;
  const { flow, options } = cappedFlow(h, amountIn, 300);
  assert.ok(flow.routings.length >= 2, `${flow.routings.length} plans`);
  const exact = flow.routings.map((plan) => planOut(h, plan, amountIn, options));
  flow.routings.forEach((plan, k) => {
    assert.ok(Math.abs(plan.estimate / Number(exact[k]) - 1) < 1e-6, `plan ${k}: estimate ${plan.estimate}, exact ${exact[k]}`);
    if (k > 0) assert.ok(plan.estimate <= flow.routings[k - 1].estimate);
  });
  // Worst first: with time, the best exact plan; past the deadline, the first.
  const worstFirst = { ...flow, routings: [...flow.routings].reverse() };
  const best = exact.reduce((a, b) => (b > a ? b : a));
  assert.equal(exactPlans(h.graph, worstFirst, amountIn, options)!.amountOut, best);
  assert.equal(exactPlans(h.graph, worstFirst, amountIn, { ...options, deadline: 0, now: () => 1 })!.amountOut, exact[exact.length - 1]);
  assert.ok(exact[exact.length - 1] < best);
});

test('after the first, a plan is made exact only when a replay as long as the last one would end before the deadline', () => {
  const h = wplsUsdcPools(WORTH_THEIR_GAS);
  const amountIn = 1_500_000_000n * E18;
  const { flow, options } = cappedFlow(h, amountIn, 300);
  // The plan of least estimate first, then the best one.
  const [first, ...others] = flow.routings;
  const worstFirst = { ...flow, routings: [others[others.length - 1], first, ...others.slice(0, -1)] };
  const exact = worstFirst.routings.map((plan) => planOut(h, plan, amountIn, options));
  assert.ok(exact[1] > exact[0], `${exact}`);
  // Each replay takes one tick (a reading before it and one after). The first ends at 1 and the clock then reads 2: a
  // second replay would end at 3, past a deadline at 2.
  assert.equal(exactPlans(h.graph, worstFirst, amountIn, { ...options, ...tickClock(2) })!.amountOut, exact[0]);
  // At 3 it fits.
  assert.equal(exactPlans(h.graph, worstFirst, amountIn, { ...options, ...tickClock(3) })!.amountOut, exact[1]);
  assert.equal(exactPlans(h.graph, worstFirst, amountIn, { ...options, ...tickClock(1000) })!.amountOut, exact.reduce((a, b) => (b > a ? b : a)));
});

test("a capped flow whose first plan comes within a basis point of the flow's bound offers that plan alone", () => {
  // Two deep pools and two shallow ones at the same price, and a cap of two paths: the flow puts a few millionths of
  // the input through the shallow pools, so the deep ones alone fall short of its bound by less than a basis point, and
  // no other choice of pools could gain more than that.
  const h = wplsUsdcPools([
    [4_000_000_000n, 120_000n],
    [3_000_000_000n, 90_000n],
    [40_000n, 1n],
    [30_000n, 1n],
  ]);
  const { flow } = cappedFlow(h, 1_500_000_000n * E18, 200);
  assert.equal(flow.routings.length, 1);
  const [plan] = flow.routings;
  assert.deepEqual(plan.paths.map((hops) => hops[0].pool).sort(), [0, 1]);
  assert.ok(plan.estimate < flow.bound && plan.estimate >= flow.bound * (1 - 1e-4), `estimate ${plan.estimate}, bound ${flow.bound}`);
});

test('a leg through one multi-token pool twice meets, at its second hop, the pool its first hop left (as on chain)', () => {
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1));
  let checked = 0;
  for (let p = 0; p < graph.poolCount; p++) {
    const tokens = graph.poolTokens(p);
    if (tokens.length < 3) continue;
    // Tokens 0 → 1 → 2 through pool p, then a second leg through the same pool: each hop must see the state before it.
    const hops: Hop[] = [
      { pool: p, tokenIn: tokens[0], tokenOut: tokens[1], localIn: 0, localOut: 1 },
      { pool: p, tokenIn: tokens[1], tokenOut: tokens[2], localIn: 1, localOut: 2 },
    ];
    const again: Hop[] = [{ pool: p, tokenIn: tokens[0], tokenOut: tokens[2], localIn: 0, localOut: 2 }];
    const probe = graph.pool(p);
    // The first size (thousands to billions of whole token-0 units) at which the second hop pays differently on the pool
    // the first hop left than on the untouched pool: there the check can tell the two apart.
    const sizes = [3, 6, 9].map((e) => 10n ** BigInt(graph.tokenDecimals(tokens[0]) + e));
    for (const amountIn of sizes) {
      const first = probe.executeSwapExactIn(0, 1, amountIn);
      const second = first && first.after.executeSwapExactIn(1, 2, first.swap.amountOut);
      const third = second && second.after.swapExactIn(0, 2, amountIn);
      if (!third || second.swap.amountOut === probe.swapExactIn(1, 2, first.swap.amountOut)?.amountOut) continue;
      const legs = simulateSplit(graph, [hops, again], [amountIn, amountIn]);
      assert.deepEqual(legs?.map((leg) => leg.amountOut), [second.swap.amountOut, third.amountOut], `pool ${p} (${graph.poolKind(p)}), ${amountIn}`);
      checked++;
      break;
    }
  }
  assert.ok(checked >= 2, `multi-token pools checked: ${checked}`);
});
