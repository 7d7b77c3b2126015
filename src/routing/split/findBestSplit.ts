// Split routing for /quotes/advanced: candidate paths (K-best search), the float split optimisation, the exact
// sequential result, and, when gas is priced, backward elimination of the splits that do not pay for their gas.
import type { GraphView } from '../../graph/graphView.ts';
import type { Hop } from '../types.ts';
import { apportion, floatWeights } from './apportion.ts';
import { candidatePaths } from './candidatePaths.ts';
import { type Allocation, optimiseSplit } from './optimiseSplit.ts';
import { simulateSplit } from './simulateSplit.ts';
import { pathEstimate } from './pathEstimate.ts';
import { SplitModel } from './splitModel.ts';
import type { SplitOptions, SplitQuote } from './types.ts';
import { v2ClosedForm } from './v2ClosedForm.ts';

/** Stop when the Frank-Wolfe gap is below this share of the objective (1e-7: a thousandth of a basis point). */
const TOLERANCE = 1e-7;
const MAX_ITERATIONS = 300;
/** Re-optimising after a split is removed starts near the answer: fewer iterations suffice. */
const PRUNE_ITERATIONS = 60;
/**
 * Pools' outputs are concave in their input, so no split of `total` over the candidates can beat total times the
 * best marginal rate among them. When the best single candidate is this close to that ceiling (a tenth of a basis
 * point), there is nothing worth splitting for, and the optimiser is skipped.
 */
const NOTHING_TO_GAIN = 1e-5;
/** A probe this small, relative to the trade, measures a path's marginal rate. */
const MARGINAL_PROBE = 1e-9;

/**
 * The best split of `amountIn` from `from` to `to` found before the deadline (by value net of gas when priced), or
 * null when no candidate path executes.
 * @example findBestSplit(graph, wpls, usdc, 10n ** 24n, { maxHops: 4, platformCode: -1, connectors: 32, keepPerToken: 3, maxPaths: 12 })
 */
export function findBestSplit(graph: GraphView, from: number, to: number, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  const total = Number(amountIn);
  const paths = candidatePaths(graph, from, to, total, options);
  if (paths.length === 0 || amountIn <= 0n) return null;
  const single = bestSingle(graph, paths, amountIn, options);
  if (single && Number(single.amountOut) >= marginalCeiling(graph, paths, total) * (1 - NOTHING_TO_GAIN)) return single;
  const model = new SplitModel(graph, paths, total);
  const settings = { tolerance: TOLERANCE, maxIterations: MAX_ITERATIONS, deadline: options.deadline, now: options.now };
  const allocation = optimiseSplit(model, total, settings);
  let best = betterOf(exactQuote(graph, paths, allocation, amountIn, options), single);
  if (!best || !options.gasCostInOutput) return best;

  // Fixed gas per split makes the problem non-convex: remove one split at a time while that raises the net value.
  const disabled = Uint8Array.from(allocation.x, (v) => (v > 0 ? 0 : 1));
  let x = allocation.x;
  for (;;) {
    const active = [...x.keys()].filter((i) => x[i] > 0);
    if (active.length < 2 || late(options)) return best;
    let improved: { quote: SplitQuote; x: Float64Array; removed: number } | undefined;
    for (const removed of active) {
      const without = disabled.slice();
      without[removed] = 1;
      const trial = optimiseSplit(model, total, { ...settings, maxIterations: PRUNE_ITERATIONS, disabled: without, initial: x });
      const quote = exactQuote(graph, paths, trial, amountIn, options);
      if (quote && quote.value > (improved?.quote.value ?? best.value)) improved = { quote, x: trial.x, removed };
    }
    if (!improved) return best;
    best = improved.quote;
    x = improved.x;
    disabled[improved.removed] = 1;
  }
}

/** Output of `total` at the best candidate's marginal rate: an upper bound on any split over the candidates. */
function marginalCeiling(graph: GraphView, paths: readonly Hop[][], total: number): number {
  const probe = total * MARGINAL_PROBE;
  let best = 0;
  for (const hops of paths) best = Math.max(best, pathEstimate(graph, hops, probe) / probe);
  return best * total;
}

/** Safety net against float-model error: the best candidate taking the whole input, evaluated exactly. */
function bestSingle(graph: GraphView, paths: readonly Hop[][], amountIn: bigint, options: SplitOptions): SplitQuote | null {
  let best: SplitQuote | null = null;
  for (const hops of paths) {
    const legs = simulateSplit(graph, [hops], [amountIn]);
    if (!legs) continue;
    const value = legs[0].amountOut - (options.gasCostInOutput?.(legs) ?? 0n);
    if (!best || value > best.value) best = { legs, amountOut: legs[0].amountOut, value, relativeGap: NaN };
  }
  return best;
}

function betterOf(a: SplitQuote | null, b: SplitQuote | null): SplitQuote | null {
  if (!a || !b) return a ?? b;
  return b.value > a.value ? b : a;
}

function late(options: SplitOptions): boolean {
  return options.deadline !== undefined && options.now !== undefined && options.now() > options.deadline;
}

/**
 * Exact shares of an allocation (the closed form to the wei when every used path is UniV2 and they share no pool;
 * otherwise the float allocation), apportioned to sum to amountIn, then executed in order.
 */
function exactQuote(graph: GraphView, paths: readonly Hop[][], allocation: Allocation, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  const active = [...allocation.x.keys()].filter((i) => allocation.x[i] > 0);
  if (active.length === 0) return null;
  const used = active.map((i) => paths[i]);
  const closed = active.length > 1 ? v2ClosedForm(graph, used, amountIn) : null;
  const weights = closed ?? floatWeights(active.map((i) => allocation.x[i]));
  const legs = simulateSplit(graph, used, apportion(weights, amountIn));
  if (!legs || legs.length === 0) return null;
  const amountOut = legs.reduce((sum, leg) => sum + leg.amountOut, 0n);
  const value = amountOut - (options.gasCostInOutput?.(legs) ?? 0n);
  return { legs, amountOut, value, relativeGap: allocation.relativeGap };
}
