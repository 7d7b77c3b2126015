// Split routing as a network flow: the dual optimiser (dualFlow.ts, in the rounds of flowRounds.ts) finds how much each
// pool should trade, then the flow is cut into paths from the source to the target for the router, which executes
// paths one after another (flowPaths.ts); when the gas cap cuts the flow, several choices of its pools are cut.
import type { GraphView } from '../../../graph/graphView.ts';
import type { GasMeter } from '../../gasModel.ts';
import type { Hop } from '../../types.ts';
import { fits, late, timed } from '../deadline.ts';
import { type DualSolution, solveDual } from './dualFlow.ts';
import { flowNetwork, tradeHops } from './flowNetwork.ts';
import { type FlowPaths, flowPaths } from './flowPaths.ts';
import { type SolvedFlow, solveRounds } from './flowRounds.ts';
import { gasCharges, rankByProfitPerGas, tradesWithinGas } from './gasSelection.ts';
import { pathGas } from './pathGas.ts';

/**
 * When the gas cap cuts the flow, the pools kept by profit per gas: as many as the first plan's pools spend in least
 * gas, times each of these. Paths through a set of pools cost more than the pools' least gas (a pool on several paths
 * is paid on each), so the paths are then cut to the cap (flowPaths.ts) and the flow is solved again over the rest; a
 * larger first choice leaves that cut more to choose from. On the routing-quality cases the cap cuts (with the paths
 * then cut widest first), 1.2 raised the $10k answers by up to 0.006% and 1.4 the $1M ones by up to 1.5%. The plan of
 * the flow charged for its gas at the ranking's gas price (gasSelection.ts) took 1.4's place: against 1.2 and 1.4, it
 * raised the $1M cases by 0.01–0.46 points (WPLS → USDC 97.24% → 97.66% of the bound, PLSX → HEX 98.28% → 98.74%),
 * lowered none of the 21, and on the advanced latency mix at 100 times its sizes answered 61–63 requests better by
 * over 1 bp and 15–23 worse, for 4–6% more time (at its own sizes: 20–25 better, 2–7 worse, the requests the cap cuts
 * all slower than the median).
 */
const SELECTION_FACTORS = [1.2];
/**
 * Newton steps of the solve charged for gas (gasSelection.ts), which chooses the pools a capped plan keeps: it stalls
 * at the kinks where a trade starts to pay its charge, and only its choice of trades is kept. On the routing-quality
 * cases at a 300 ms budget, 8 steps (0.6–1.1 ms) chose as well as 60 (4–6.6 ms).
 */
const CHARGED_STEPS = 8;
/**
 * Newton steps of the solve over a capped plan's own trades once the deadline has passed (before it, the solve runs to
 * its stopping rule). Cut to the cap, the paths carry the whole input on shares of a flow that spread it over more
 * pools, so they overload the ones they keep; skipped, a $1M WPLS → USDC answer fell from 96.8% of the bound to 93.0%
 * whenever the machine was slow enough for the deadline to land before it. Cut by a tick clock at every point of its
 * run (bench/flowAnytime.ts), the $1M cases' geometric-mean share of their uncut answer rose from 94.4–97.3% to
 * 95.9–99.4% with four steps, and the $3M WPLS → USDC example's from 93.5% to 96.2%. On the advanced latency mix at 100
 * times its sizes, each request timed on both in one process, where the deadline's own noise dominates: +0.7, +9.6
 * and +11.2 bp geometric-mean output in three runs (31–48 requests better by over 1 bp, 6–14 worse) for 0.5–1.8% more
 * time; with gas priced, −5.5 and +14.4 bp (48 and 64 better, 42 and 31 worse). Two steps gained 5.6 bp in one run,
 * three 4.3, six 3.8.
 */
const LATE_CAPPED_STEPS = 4;
/**
 * The paths cut from a flow whose last round enabled the paying trades (flowRounds.ts) carry less than its bound by
 * more than this share: the rounds are answered again without that order, and the better paths kept. On the advanced
 * mix at a 200 ms budget, with paths of up to 6 trades, 68 of 419 such flows fell short by more (against 37 of the 240
 * flows of other orders the gas cap left whole), and 61 of them were answered better without it.
 */
const LOST_TO_LONG_PATHS = 1e-3;
/**
 * The other capped plans (charged, and by profit per gas) are cut only when the first one's estimate falls short of the
 * dual's bound by more than this share (a basis point): no plan over these trades yields more than the bound, so they
 * could gain at most that, and each costs about 2.5 ms (its solves, two peels and an exact replay). On the advanced
 * latency mix, each request timed on both in one process: 7.5–11.8% less time over three mixes (−0.007 to +3.2 bp
 * geometric-mean output, the deadline's noise; 1–5 requests worse by over 1 bp), at 100 times its sizes 4.9% less
 * (−1.5 bp; 18 better, 16 worse), with gas priced 0.9% less (+0.07 bp); on the routing-quality cases, the $1M ones
 * unchanged and three others lower by at most 0.1 bp (HEX → WPLS $100 99.9536% → 99.9526% of the bound), for 2–6 ms
 * less on the $100 and $10k ones.
 */
const NEAR_BOUND = 1e-4;

export interface FlowRoutingOptions {
  platformCode: number;
  maxHops: number;
  deadline?: number;
  now?: () => number;
  /** A new count of the gas of the paths of one transaction, within its cap (absent: any number of paths). */
  gasMeter?: () => GasMeter;
  /** With gas priced: raw output units per gas unit (a float, for the flow's choices). */
  gasUnitCost?: number;
}

/** Paths with their shares of the input (largest first, summing to 1). */
export interface FlowPlan {
  paths: Hop[][];
  shares: number[];
  /**
   * Float estimate of the plan's value (raw output units): its output on the flow's curves, less the gas of its
   * transaction when gas is priced (the kept paths' hops and estimated UniV3 ticks, including any path the share
   * fitting then left below the smallest share).
   */
  estimate: number;
}

/**
 * The flow's plans (one, or several choices of the pools a transaction within the gas cap keeps), best estimate first,
 * and the dual's bound.
 */
export interface FlowRouting {
  routings: FlowPlan[];
  /** Upper bound (raw output units) on any routing over the trades of the kept solve's order, one pair per pool. */
  bound: number;
}

/**
 * The optimal flow of `amountIn` (raw, float) from `from` to `to` through the pools among the tokens of `tokensAt` (by hop
 * distance to `to`), as paths;
 * null when no flow reaches the target.
 * @example flowRouting(graph, wpls, usdc, 1e24, [[usdc], [wpls, dai], [plsx]], { platformCode: -1, maxHops: 4 })
 */
export function flowRouting(
  graph: GraphView,
  from: number,
  to: number,
  amountIn: number,
  tokensAt: readonly number[][],
  options: FlowRoutingOptions,
): FlowRouting | null {
  const network = flowNetwork(graph, from, to, tokensAt, amountIn, options.platformCode);
  if (network.trades.count === 0) return null;
  // The least gas a transaction spends on a trade's pools (with a split's when it leaves the source).
  const model = options.gasMeter?.();
  const leastGas = model && ((i: number) => tradeHops(network, i).reduce((gas, hop, k) => gas + model.leastGas(hop, k === 0 && network.trades.from[i] === network.source), 0));
  const rounds = solveRounds(network, { ...options, leastGas });
  const asHops = (path: number[]) => {
    const hops: Hop[] = [];
    for (const i of path) hops.push(...tradeHops(network, i));
    return hops;
  };
  const gas = leastGas && pathGas(graph, network, options.gasMeter!, asHops, leastGas);
  const peelIn = (order: Float64Array) => (solution: DualSolution, disabled: Uint8Array): FlowPaths =>
    flowPaths(network, solution, disabled, order, options.maxHops, gas);
  let kept: SolvedFlow = rounds;
  let [first, peelMs] = timed(options, () => peelIn(kept.order)(kept.solution, kept.disabled));
  // The paying order's flow ran along paths longer than the paths it is cut into, which then carry much less than it:
  // the rounds answered without that order, and the better paths kept.
  if (rounds.withoutPayingOrder && !first.capped && first.output < kept.solution.bound * (1 - LOST_TO_LONG_PATHS) && !late(options)) {
    const other = rounds.withoutPayingOrder();
    const peeled = peelIn(other.order)(other.solution, other.disabled);
    if (peeled.output > first.output) (kept = other), (first = peeled);
  }
  const { solution: last, disabled: lastDisabled } = kept;
  const peel = peelIn(kept.order);
  // The gas cap left paths out, and the kept ones carry less than the whole flow: the optimal flow over their trades
  // only, peeled again (past the deadline, in LATE_CAPPED_STEPS steps).
  const overKept = (peeled: FlowPaths, solution: DualSolution): FlowPaths => {
    if (!peeled.capped) return peeled;
    const outside = new Uint8Array(network.trades.count).fill(1);
    for (const path of peeled.paths) for (const i of path) outside[i] = 0;
    const limits = late(options) ? { warm: true, maxIterations: LATE_CAPPED_STEPS } : { ...options, warm: true };
    return peel(solveDual(network, outside, solution.prices, limits), outside);
  };
  const [firstPlan, overKeptMs] = timed(options, () => overKept(first, last));
  const plans = [firstPlan];
  const planMs = peelMs + overKeptMs;
  // The target's normalised unit is one raw unit of it.
  const gasUnitCost = options.gasUnitCost ?? 0;
  const nearBound = plans[0].output - gasUnitCost * plans[0].gas >= last.bound * (1 - NEAR_BOUND);
  // Each further plan's solves stop at the deadline, but its cutting into paths does not: a plan is added only when
  // cutting it as long as the first plan's cutting took would end before the deadline.
  if (first.capped && leastGas && !nearBound && fits(options, planMs)) {
    // The paths that fit need not be the pools worth their gas: the trades a flow charged for its gas keeps, and the
    // trades of most profit per gas within a multiple of the least gas the first plan's pools spend, each solved and
    // peeled too (exactPlans makes them exact, best estimate first, and keeps the best).
    const budget = [...new Set(first.paths.flat())].reduce((sum, i) => sum + leastGas(i), 0);
    const ranked = rankByProfitPerGas(network, last, lastDisabled, leastGas);
    const charges = gasCharges(ranked, network.trades.count, budget, leastGas);
    if (charges && fits(options, planMs)) {
      // The charged flow's trades, solved again without the charges.
      const charged = solveDual(network, lastDisabled, last.prices, { ...options, warm: true, charges, maxIterations: CHARGED_STEPS });
      const left = new Uint8Array(network.trades.count);
      for (let i = 0; i < left.length; i++) left[i] = charged.delta[i] > 0 ? 0 : 1;
      const solution = solveDual(network, left, charged.prices, { ...options, warm: true });
      plans.push(overKept(peel(solution, left), solution));
    }
    for (const factor of SELECTION_FACTORS) {
      if (!fits(options, planMs)) break;
      const left = tradesWithinGas(ranked, network.trades.count, budget * factor);
      // Every pool of the flow fits: the first plan already holds the answer (and so would a larger factor).
      if (!left) break;
      const solution = solveDual(network, left, last.prices, { ...options, warm: true });
      plans.push(overKept(peel(solution, left), solution));
    }
  }
  const routings = plans
    .filter((plan) => plan.paths.length > 0)
    .map((plan) => ({ paths: plan.paths.map(asHops), shares: plan.shares, estimate: plan.output - gasUnitCost * plan.gas }))
    .sort((a, b) => b.estimate - a.estimate);
  return routings.length > 0 ? { routings, bound: last.bound } : null;
}
