// The capped bound with UniV3 tick charges, end to end (bench/reference/cappedBound.ts over tickSteps.ts): identical
// concentrated-liquidity pools between two tokens, whose swaps cross a tick every 0.1% of price. Any split of the
// trade crosses dozens of ticks, several times the gas of its hops, so a cap the hops of every pool fit binds through
// the ticks alone: a bound that left them out would be the uncapped optimum there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cappedBound } from '../../bench/reference/cappedBound.ts';
import { solveReference } from '../../bench/reference/dualSolver.ts';
import { referenceProblem } from '../../bench/reference/referenceProblem.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import type { UniV3State, UniV3Tick } from '../../src/pools/univ3/data.ts';
import { getSqrtRatioAtTick } from '../../src/pools/univ3/tickMath.ts';
import { HOP_GAS, TICK_CROSS_GAS, estimateSplitGas } from '../../src/routing/gasModel.ts';
import { handSnapshot, labelAddress } from '../support/graphs.ts';

const POOLS = 6;
const SPACING = 10;
/**
 * Nested positions [center − w·SPACING, center + w·SPACING), w = 1..POSITIONS, of equal liquidity: an initialized tick
 * every 0.1% of price for 12% either side, the liquidity falling at each.
 */
const POSITIONS = 120;
const POSITION_LIQUIDITY = 10n ** 19n;

// USDC is token0 (its address sorts first); the price is raw WPLS per raw USDC, about $0.00003 per WPLS.
const center = Math.round(Math.log(3.3e16) / Math.log(1.0001) / SPACING) * SPACING;
const ticks: UniV3Tick[] = [];
for (let w = POSITIONS; w >= 1; w--) ticks.push({ index: center - w * SPACING, liquidityNet: POSITION_LIQUIDITY });
for (let w = 1; w <= POSITIONS; w++) ticks.push({ index: center + w * SPACING, liquidityNet: -POSITION_LIQUIDITY });
const state: UniV3State = {
  fee: 500,
  tickSpacing: SPACING,
  // Inside the innermost range, between two initialized ticks.
  sqrtPriceX96: getSqrtRatioAtTick(center + 3),
  tick: center + 3,
  liquidity: BigInt(POSITIONS) * POSITION_LIQUIDITY,
  ticks,
};
const snapshot = handSnapshot([{ symbol: 'WPLS', decimals: 18 }, { symbol: 'USDC', decimals: 6 }], []);
for (let i = 0; i < POOLS; i++) snapshot.pools.push({ platform: 'dexb_v3', kind: 'univ3', address: labelAddress(`hand-v3-${i}`), tokens: [1, 0], state: { ...state } });
const graph = new GraphView(buildGraph(snapshot, loadPreset(), 1));
const [wpls, usdc] = [0, 1];
const problem = referenceProblem(graph, wpls, usdc, -1, 32);

/** Exact output and ticks crossed of WPLS → USDC through one of the pools (all alike). */
function swap(amountIn: bigint): { out: bigint; ticks: number } {
  const result = graph.pool(0).executeSwapExactIn(1, 0, amountIn)!;
  return { out: result.swap.amountOut, ticks: result.swap.ticksCrossed };
}

/** An equal split of `amountIn` over `routes` of the pools: its exact output and its transaction's gas. */
function equalSplit(amountIn: bigint, routes: number): { out: number; gas: number } {
  const { out, ticks } = swap(amountIn / BigInt(routes));
  const gas = estimateSplitGas({ splits: Array.from({ length: routes }, () => ['univ3']), ticksCrossed: routes * ticks, wrapIn: false, unwrapOut: false });
  return { out: routes * Number(out), gas };
}

/** Gas of a transaction over `routes` of the pools without its tick crossings. */
const hopsOnly = (routes: number) => estimateSplitGas({ splits: Array.from({ length: routes }, () => ['univ3']), ticksCrossed: 0, wrapIn: false, unwrapOut: false });

const amountIn = 6n * 10n ** 27n;
const splits = Array.from({ length: POOLS }, (_, k) => equalSplit(amountIn, k + 1));
const uncapped = solveReference(graph, problem, Number(amountIn));

/** The most an equal split within `cap` yields: no bound within the cap may be lower. */
const bestFitting = (cap: number) => Math.max(...splits.filter((split) => split.gas <= cap).map((split) => split.out));

test('the uncapped optimum is the equal split over every pool, and its gas counts the ticks its swaps cross', () => {
  assert.ok(Math.abs(uncapped.upperBound / splits[POOLS - 1].out - 1) < 1e-6, `uncapped ${uncapped.upperBound} vs ${splits[POOLS - 1].out}`);
  const capped = cappedBound(graph, problem, Number(amountIn), splits[POOLS - 1].gas, uncapped);
  assert.equal(capped.uncappedGas, splits[POOLS - 1].gas);
  // It fits a cap of its own gas; one unit below, the bound still holds every equal split within the cap.
  assert.equal(capped.upperBound, uncapped.upperBound);
  const below = cappedBound(graph, problem, Number(amountIn), splits[POOLS - 1].gas - 1, uncapped);
  assert.ok(below.upperBound >= bestFitting(splits[POOLS - 1].gas - 1) * (1 - 1e-9));
});

test('within a cap every pool fits by its hops but not with its ticks, the bound falls below the uncapped optimum and stays valid', () => {
  const cap = splits[2].gas;
  // The instance: each pool's swap in a three-way split crosses more gas in ticks than its hop costs, and the hops of
  // all six pools fit the cap.
  assert.ok(swap(amountIn / 3n).ticks * TICK_CROSS_GAS > HOP_GAS.univ3, `${swap(amountIn / 3n).ticks} ticks per pool`);
  assert.ok(hopsOnly(POOLS) <= cap && splits[POOLS - 1].gas > cap);
  const capped = cappedBound(graph, problem, Number(amountIn), cap, uncapped);
  // Valid: no equal split within the cap beats it.
  const fitting = bestFitting(cap);
  assert.ok(capped.upperBound >= fitting * (1 - 1e-9), `bound ${capped.upperBound} below a split within the cap ${fitting}`);
  // Tighter than the uncapped optimum by more than the solves' precision (about 1e-4; see cappedBound.ts): the ticks
  // are what the cap binds on.
  assert.ok(capped.upperBound < uncapped.upperBound * (1 - 5e-4), `bound ${capped.upperBound} vs uncapped ${uncapped.upperBound}`);
});
