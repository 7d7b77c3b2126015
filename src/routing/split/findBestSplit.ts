// Split routing for /quotes/advanced: candidate paths (K-best search); the flow optimiser over the searched tokens
// (flow/: dual decomposition over every pool among them, cut into paths); the path-based float split optimisation,
// started from the flow's paths and shares, with column generation (the path of highest marginal rate over the
// searched tokens joins while it beats the split's common rate) on price-moving trades; the exact sequential result;
// and paths dropped while that raises the value: those that do not pay for their gas, and those that keep the
// optimiser in a trap of the sequential model (dropPaths.ts).
import type { GraphView } from '../../graph/graphView.ts';
import { ESTIMATE_MARGIN } from '../evaluatePath.ts';
import { estimateExecutedGas, legGas } from '../gasModel.ts';
import type { Hop } from '../types.ts';
import { floatWeights } from './apportion.ts';
import { bestMarginalPaths, poolFlows } from './bestMarginalPath.ts';
import { type CandidateTokens, candidateSearch } from './candidatePaths.ts';
import { fits, late, timed } from './deadline.ts';
import { MIN_SPLIT_SHARE, worthKeeping } from './minShare.ts';
import { type Allocation, optimiseSplit } from './optimiseSplit.ts';
import { exactPlans, flowPlans } from './flow/flowQuote.ts';
import type { FlowPlan, FlowRouting } from './flow/flowRouting.ts';
import { claim, conflictsWith, hopsKey, pathEstimate } from './pathEstimate.ts';
import { type SplitGas, dropPaths } from './dropPaths.ts';
import { executeShares } from './executeShares.ts';
import { simulateSplit } from './simulateSplit.ts';
import { SplitModel } from './splitModel.ts';
import type { SplitOptions, SplitQuote } from './types.ts';
import { v2ClosedForm } from './v2ClosedForm.ts';

/** Stop when the Frank-Wolfe gap is below this share of the objective (1e-6: a hundredth of a basis point). */
const TOLERANCE = 1e-6;
const MAX_ITERATIONS = 300;
/**
 * The first solve stops at a gap of 10 bp: it only starts column generation, which re-optimises after every round, and
 * the last solve (POLISH_TOLERANCE) takes the paths that remain further.
 */
const FIRST_TOLERANCE = 1e-3;
/**
 * The last solve over the final paths: to half a basis point, in at most POLISH_ITERATIONS (shared pools make the gap
 * of some splits crawl, and a hundredth of a basis point is not worth a millisecond).
 */
const POLISH_TOLERANCE = 5e-5;
const POLISH_ITERATIONS = 15;
/**
 * Pools' outputs are concave in their input, so no split of `total` over the searched tokens can beat total times the
 * best marginal rate at zero flow. When the best single candidate is this close to that ceiling (a tenth of a basis
 * point), there is nothing worth splitting for, and the optimiser is skipped.
 */
const NOTHING_TO_GAIN = 1e-5;
/** The inverse of the smallest share of the input a closed-form leg may get (minShare.ts). */
const MIN_SPLIT_SHARE_INVERSE = BigInt(Math.round(1 / MIN_SPLIT_SHARE));
/** Column generation adds a path only when its marginal rate beats the split's by this share, up to this many paths. */
const COLUMN_GAIN = 1e-6;
/** Column generation runs only when the zero-flow ceiling leaves room to beat the first answer by more than this share. */
const PRICE_MOVING = 1e-3;
/** Column generation also stops when a round of new paths raised the output by less than this share. */
const ROUND_GAIN = 1e-6;
/** Column generation stops once no split over the searched tokens can gain this share (half a basis point). */
const ENOUGH = 5e-5;
const MAX_COLUMNS = 48;
/**
 * After the path optimiser, the flow's only plan is made exact where that optimiser's exact answer fell short of its
 * objective by more than this share, or the plan's estimate is above that objective (optimiserMayTrail). On 1,000
 * requests of the advanced latency mix (no gas priced), the flow's exact answer beat the optimiser's on 86; this rule
 * skips the replay on 57% of the requests, and the gains it then misses sum to 0.7 bp (the largest 0.19 bp). Each
 * request timed on both in one process against replaying always: the same answers within the deadline's noise (one
 * better, one worse by over 1 bp), 2.4–3.0% less time, the median request 6–8% less; with gas priced, where the flow is
 * always made exact first, the same.
 */
const EXACT_SHORTFALL = 1e-4;
/** Paths added per round, and the optimiser iterations after each round (it starts from the previous answer). */
const COLUMNS_PER_ROUND = 4;
const COLUMN_ITERATIONS = 20;

/**
 * The best split of `amountIn` from `from` to `to` found before the deadline (by value net of gas when priced), or
 * null when no candidate path executes.
 * @example findBestSplit(graph, wpls, usdc, 10n ** 24n, { maxHops: 4, platformCode: -1, connectors: 32, keepPerToken: 3, maxPaths: 12 })
 */
export function findBestSplit(graph: GraphView, from: number, to: number, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  const total = Number(amountIn);
  const search = candidateSearch(graph, from, to, total, options);
  let paths: readonly Hop[][] = search.paths;
  if (paths.length === 0 || amountIn <= 0n) return null;
  const single = bestSingle(graph, paths, amountIn, options);
  const [steepest] = bestMarginalPaths(graph, from, to, search.tokens, poolFlows(graph, [], []), total, options.platformCode, 1);
  if (single && (!steepest || Number(single.amountOut) >= steepest.rate * total * (1 - NOTHING_TO_GAIN))) return single;
  // The flow optimiser over the searched tokens; the path-based optimiser below still runs, as its candidates include
  // paths the flow's network leaves out (trades against its one-way order).
  const flow = flowPlans(graph, from, to, amountIn, search.tokens.tokensAt, options);
  // Past the deadline the path optimiser would mostly add time (its water-filling runs before its first deadline
  // check): it runs only when the flow found nothing.
  if (flow && late(options)) return betterOf(exactPlans(graph, flow, amountIn, options), single);
  // The flow's answer is made exact first where the path optimiser's cannot tell whether it is better (exactFirst),
  // and then its exact legs start the path optimiser; elsewhere only where that optimiser's answer leaves room for it.
  let flowAnswer = flow && exactFirst(flow, options) ? exactPlans(graph, flow, amountIn, options) : null;
  if (steepest && !paths.some((p) => hopsKey(p) === hopsKey(steepest.hops))) paths = [...paths, steepest.hops];
  const settings = { tolerance: TOLERANCE, maxIterations: MAX_ITERATIONS, deadline: options.deadline, now: options.now };
  // The flow's paths and shares start the path optimiser (the candidates join without input): it is near the optimum
  // of the flow's network already, and the path model adds what that network leaves out.
  const start = flow ? flowStart(flow.routings[0], flowAnswer, paths, total) : { paths, initial: undefined };
  let model = new SplitModel(graph, start.paths, total);
  let allocation = optimiseSplit(model, total, { ...settings, tolerance: FIRST_TOLERANCE, initial: start.initial });
  // The output at the steepest path's zero-flow rate bounds every split: only a first answer further below it than
  // PRICE_MOVING leaves enough to gain for wider splits to pay. Column generation runs even when the flow came within
  // ENOUGH of its own bound: that bound covers only the flow network's one-way trades, and the paths column generation
  // adds (any simple path over the searched tokens) raised some answers by more than 10%.
  if (steepest && steepest.rate * total > allocation.objective * (1 + PRICE_MOVING)) ({ model, allocation } = generateColumns(graph, from, to, search.tokens, model, allocation, options));
  if (!late(options)) allocation = optimiseSplit(model, total, { ...settings, tolerance: POLISH_TOLERANCE, maxIterations: POLISH_ITERATIONS, initial: allocation.x });
  paths = model.paths;
  const [current, replayMs] = timed(options, () => exactQuote(graph, paths, allocation, amountIn, options));
  // With the optimiser's exact answer in hand, the flow's replay may only add to it: it runs when a replay as long as
  // the optimiser's would end by the answer's deadline (in slow minutes, the two replays ran 12 ms past the search's).
  const answerClock = { deadline: options.answerDeadline ?? options.deadline, now: options.now };
  if (flow && !flowAnswer && optimiserMayTrail(flow.routings[0], allocation, current) && (!current || fits(answerClock, replayMs))) {
    flowAnswer = exactPlans(graph, flow, amountIn, options);
  }
  const best = betterOf(betterOf(current, single), flowAnswer);
  if (!best) return null;
  // Paths are dropped while that raises the value: with gas priced, those that do not pay for their gas; and those
  // that keep the optimiser in a trap of the sequential model (dropPaths.ts).
  const cost = options.gasCostInOutput;
  const gas: SplitGas | undefined = cost && {
    cost,
    units: options.gasUnits ?? ((legs) => estimateExecutedGas(graph, legs, { wrapIn: false, unwrapOut: false, executor: 'aggregator' })),
    legGas: (legs) => legGas(graph, legs),
  };
  const exact = (trial: Allocation) => exactQuote(graph, paths, trial, amountIn, options);
  return dropPaths({ model, total, allocation, current, best, exact, gas, deadline: options.deadline, now: options.now });
}

/**
 * Column generation: while the highest-rate path over the searched tokens (at the current flows) beats the best rate
 * among the split's paths, it joins and the split is re-optimised from the current answer. Stops when the Frank-Wolfe
 * gap over every path through those tokens is below ENOUGH (the split is then within that share of the best one over
 * them), when a round gains less than ROUND_GAIN, at MAX_COLUMNS paths, or at the deadline.
 */
function generateColumns(
  graph: GraphView,
  from: number,
  to: number,
  tokens: CandidateTokens,
  model: SplitModel,
  allocation: Allocation,
  options: SplitOptions,
): { model: SplitModel; allocation: Allocation } {
  const total = allocation.x.reduce((a, b) => a + b, 0);
  const keys = new Set(model.paths.map(hopsKey));
  while (model.pathCount < MAX_COLUMNS && !late(options)) {
    const x = allocation.x;
    model.prepare(x);
    let rate = 0;
    let atRates = 0;
    for (let i = 0; i < model.pathCount; i++) {
      if (!(x[i] > 0)) continue;
      const g = model.marginal(i, x);
      rate = Math.max(rate, g);
      atRates += x[i] * g;
    }
    const found = bestMarginalPaths(graph, from, to, tokens, poolFlows(graph, model.paths, x), total, options.platformCode, COLUMNS_PER_ROUND * 4)
      .filter((f) => !keys.has(hopsKey(f.hops)));
    // Frank-Wolfe gap over the split's paths and every new path of the searched tokens (leaving aside the paths the
    // optimiser dropped as not worth keeping, minShare.ts): no split over them yields more than objective + gap.
    const gap = total * Math.max(rate, found[0]?.rate ?? 0) - atRates;
    allocation.relativeGap = gap / allocation.objective;
    if (allocation.relativeGap <= ENOUGH) break;
    const added = compatible(found.filter((f) => f.rate > rate * (1 + COLUMN_GAIN)).map((f) => f.hops), COLUMNS_PER_ROUND);
    if (added.length === 0) break;
    for (const hops of added) keys.add(hopsKey(hops));
    model = new SplitModel(graph, [...model.paths, ...added], total);
    const initial = new Float64Array(model.pathCount);
    initial.set(x);
    const settings = { tolerance: TOLERANCE, maxIterations: COLUMN_ITERATIONS, initial, deadline: options.deadline, now: options.now };
    const before = allocation.objective;
    allocation = optimiseSplit(model, total, settings);
    if (allocation.objective - before <= ROUND_GAIN * before) break;
  }
  return { model, allocation };
}

/**
 * The flow's paths with their inputs scaled to `total` (its exact legs when made exact, else its first plan's paths
 * and shares), then the candidates that use no pool otherwise, without input.
 */
function flowStart(plan: FlowPlan, exact: SplitQuote | null, candidates: readonly Hop[][], total: number): { paths: Hop[][]; initial: Float64Array } {
  const flow = exact ? exact.legs.map((leg) => ({ hops: leg.hops, input: Number(leg.amountIn) })) : plan.paths.map((hops, i) => ({ hops, input: plan.shares[i] }));
  const paths = compatible([...flow.map((f) => f.hops), ...candidates], flow.length + candidates.length);
  const inputOf = new Map<string, number>();
  for (const { hops, input } of flow) inputOf.set(hopsKey(hops), (inputOf.get(hopsKey(hops)) ?? 0) + input);
  const initial = new Float64Array(paths.length);
  paths.forEach((hops, i) => (initial[i] = inputOf.get(hopsKey(hops)) ?? 0));
  const sum = initial.reduce((a, b) => a + b, 0);
  for (let i = 0; i < initial.length; i++) initial[i] *= total / sum;
  return { paths, initial };
}

/**
 * Whether the flow's answer is made exact before the path optimiser runs: when the gas cap left several plans (the
 * exact replay chooses among them), or with gas priced (the plans' estimates are net of gas, the optimiser's objective
 * is not, so optimiserMayTrail cannot compare them).
 */
function exactFirst(flow: FlowRouting, options: SplitOptions): boolean {
  return flow.routings.length > 1 || options.gasCostInOutput !== undefined;
}

/**
 * Whether the flow's only plan made exact could beat the path optimiser's answer (`current`), which started from that
 * plan and only climbs in its own model: where the plan's estimate is above the optimiser's objective, or where the
 * exact replay of the optimiser's answer fell short of its objective by over EXACT_SHORTFALL (the path model missed
 * something the flow's curves did not). Elsewhere the replay of the flow's paths is skipped.
 */
function optimiserMayTrail(plan: FlowPlan, allocation: Allocation, current: SplitQuote | null): boolean {
  return !current || plan.estimate > allocation.objective || Number(current.amountOut) < allocation.objective * (1 - EXACT_SHORTFALL);
}

/** The first `count` distinct paths (in order) that use no pool in a direction another of them uses differently. */
function compatible(paths: Hop[][], count: number): Hop[][] {
  const direction = new Map<number, number>();
  const keys = new Set<string>();
  const chosen: Hop[][] = [];
  for (const hops of paths) {
    if (chosen.length >= count) break;
    const key = hopsKey(hops);
    if (keys.has(key) || conflictsWith(direction, hops)) continue;
    keys.add(key);
    claim(direction, hops);
    chosen.push(hops);
  }
  return chosen;
}

/**
 * Safety net against float-model error: the best candidate taking the whole input, evaluated exactly. Candidates go
 * best estimate first, and those whose estimate cannot reach the best exact value are not evaluated (gas only lowers
 * a value).
 */
function bestSingle(graph: GraphView, paths: readonly Hop[][], amountIn: bigint, options: SplitOptions): SplitQuote | null {
  const candidates = paths.map((hops) => ({ hops, estimate: pathEstimate(graph, hops, Number(amountIn)) }));
  candidates.sort((a, b) => b.estimate - a.estimate);
  let best: SplitQuote | null = null;
  for (const { hops, estimate } of candidates) {
    if (best && estimate * (1 + ESTIMATE_MARGIN) < Number(best.value)) break;
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

/**
 * Exact shares of an allocation (the closed form to the wei when every used path is UniV2 and they share no pool;
 * otherwise the float allocation), apportioned to sum to amountIn, then executed in order.
 */
function exactQuote(graph: GraphView, paths: readonly Hop[][], allocation: Allocation, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  // A share the optimiser was still moving when the deadline came can be tiny: it would show as 0.00 percent, for an
  // output worth nothing unless the path yields much for little (its estimate alone, through pools other paths share).
  const allocated = allocation.x.reduce((a, b) => a + b, 0);
  const estimate = (i: number) => () => pathEstimate(graph, paths[i], allocation.x[i]);
  const active = [...allocation.x.keys()].filter((i) => worthKeeping(allocation.x[i], allocated, estimate(i), allocation.objective));
  if (active.length === 0) return null;
  const used = active.map((i) => paths[i]);
  const closed = active.length > 1 ? v2ClosedForm(graph, used, amountIn) : null;
  const closedTotal = closed?.reduce((a, b) => a + b, 0n) ?? 0n;
  const closedUsable = closed !== null && closed.every((w) => w * MIN_SPLIT_SHARE_INVERSE >= closedTotal);
  const weights = closedUsable ? closed : floatWeights(active.map((i) => allocation.x[i]));
  const legs = executeShares(graph, used, weights, amountIn, options);
  if (!legs || legs.length === 0) return null;
  const amountOut = legs.reduce((sum, leg) => sum + leg.amountOut, 0n);
  const value = amountOut - (options.gasCostInOutput?.(legs) ?? 0n);
  return { legs, amountOut, value, relativeGap: allocation.relativeGap };
}
