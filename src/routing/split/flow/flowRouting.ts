// Split routing as a network flow: the dual optimiser (dualFlow.ts) finds how much each pool should trade, then the
// flow is cut into paths from the source to the target for the router, which executes paths one after another
// (flowPaths.ts).
//
// The relaxation lets a multi-token pool trade several of its pairs at once, which a split of paths cannot do (a pool
// serves one use across a split). So after a solve, the lesser pairs of a contested pool are disabled, the tokens are
// ordered by the prices found (which enables the trades an optimal flow would use), and the dual is solved again.
import type { GraphView } from '../../../graph/graphView.ts';
import type { GasMeter } from '../../gasModel.ts';
import type { Hop } from '../../types.ts';
import { type DualSolution, solveDual } from './dualFlow.ts';
import { type FlowNetwork, againstOrder, flowNetwork, tradeHop, zeroFlowPrices } from './flowNetwork.ts';
import { type FlowPaths, flowPaths } from './flowPaths.ts';
import { rankByProfitPerGas, tradesWithinGas } from './gasSelection.ts';

/**
 * Solves: the first in the network's first order, the second after ordering the tokens by the first's prices and
 * disabling contested pairs (each further one took more time than its gain was worth within the time budget).
 */
const MAX_ROUNDS = 2;
/**
 * When the gas cap cuts the flow, the pools kept by profit per gas: as many as the widest paths' pools spend in least
 * gas, times each of these. Paths through a set of pools cost more than the pools' least gas (a pool on several paths
 * is paid on each), so the peeling then cuts the narrowest paths to the cap and the flow is solved again over the
 * rest; a larger first choice leaves that cut more to choose from. On the routing-quality cases the cap cuts, 1.2
 * raised the $10k answers by up to 0.006% and 1.4 the $1M ones by up to 1.5%; a third factor (1.6) added 0.5% to one
 * case for 2–3 ms more on every request the cap cuts.
 */
const SELECTION_FACTORS = [1.2, 1.4];

export interface FlowRoutingOptions {
  platformCode: number;
  maxHops: number;
  deadline?: number;
  now?: () => number;
  /** A new count of the gas of the paths of one transaction, within its cap (absent: any number of paths). */
  gasMeter?: () => GasMeter;
}

/** Paths with their shares of the input (largest first, summing to 1). */
export interface FlowPlan {
  paths: Hop[][];
  shares: number[];
}

/** The flow's plans (one, or several choices of the pools a transaction within the gas cap keeps) and the dual's bound. */
export interface FlowRouting {
  routings: FlowPlan[];
  /** Upper bound (raw output units) on any routing over the trades of the last solve's order, one pair per pool. */
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
  const contested = new Uint8Array(network.trades.count);
  let order = network.order;
  let orientation = againstOrder(network, order);
  let solved: { solution: DualSolution; disabled: Uint8Array; order: Float64Array } | undefined;
  let dropped = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const disabled = orientation.map((against, i) => against | contested[i]);
    // Every round starts from the zero-flow prices of its own order: the last round's prices, found for another
    // orientation, started some solves orders of magnitude above the minimum, which then took every iteration allowed
    // (on the advanced mix: 4–7% less time, answers within noise).
    const solution = solveDual(network, disabled, zeroFlowPrices(network, disabled, order), options);
    solved = { solution, disabled, order };
    dropped = disableContested(network, solution, disabled, contested);
    // Any optimal flow goes from lower-priced tokens to higher-priced ones: order the tokens by the prices found, and
    // solve again when that enables other trades.
    order = byPrice(network, solution.prices);
    const next = againstOrder(network, order);
    const reoriented = next.some((against, i) => against !== orientation[i]);
    if ((dropped === 0 && !reoriented) || late(options)) break;
    orientation = next;
  }
  if (!solved) return null;
  // The last solve left a pool with two paying pairs: the paths would use it twice, which a split cannot (and the path
  // optimiser would start from part of the flow only). Solved once more with the lesser pairs disabled.
  if (dropped > 0 && !late(options)) {
    const disabled = solved.disabled.map((off, i) => off | contested[i]);
    solved = { solution: solveDual(network, disabled, solved.solution.prices, { ...options, warm: true }), disabled, order: solved.order };
  }
  const { solution: last, disabled: lastDisabled, order: lastOrder } = solved;
  const asHops = (path: number[]) => path.map((i) => tradeHop(network, i));
  const peel = (solution: DualSolution, disabled: Uint8Array) => {
    const count = options.gasMeter?.();
    return flowPaths(network, solution, disabled, lastOrder, options.maxHops, count && ((path: number[]) => count.tryAdd(asHops(path))));
  };
  // The gas cap cut the peeling, and the kept paths carry less than the whole flow: the optimal flow over their trades
  // only, peeled again.
  const overKept = (peeled: FlowPaths, solution: DualSolution): FlowPaths => {
    if (!peeled.capped || late(options)) return peeled;
    const outside = new Uint8Array(network.trades.count).fill(1);
    for (const path of peeled.paths) for (const i of path) outside[i] = 0;
    return peel(solveDual(network, outside, solution.prices, { ...options, warm: true }), outside);
  };
  const widest = peel(last, lastDisabled);
  const plans = [overKept(widest, last)];
  const model = options.gasMeter?.();
  if (widest.capped && model && !late(options)) {
    // The widest paths need not be the pools worth their gas: the trades of most profit per gas, within a multiple
    // of the least gas the widest paths' pools spend, each solved and peeled too (flowQuote takes the best exact one).
    const leastGas = (i: number) => model.leastGas(tradeHop(network, i), network.trades.from[i] === network.source);
    const budget = [...new Set(widest.paths.flat())].reduce((sum, i) => sum + leastGas(i), 0);
    const ranked = rankByProfitPerGas(network, last, lastDisabled, leastGas);
    for (const factor of SELECTION_FACTORS) {
      if (late(options)) break;
      const left = tradesWithinGas(ranked, network.trades.count, budget * factor);
      // Every pool of the flow fits: the widest paths' plan already holds the answer (and so would a larger factor).
      if (!left) break;
      const solution = solveDual(network, left, last.prices, { ...options, warm: true });
      plans.push(overKept(peel(solution, left), solution));
    }
  }
  const routings = plans.filter((plan) => plan.paths.length > 0).map((plan) => ({ paths: plan.paths.map(asHops), shares: plan.shares }));
  return routings.length > 0 ? { routings, bound: last.bound } : null;
}

function late(options: FlowRoutingOptions): boolean {
  return options.deadline !== undefined && options.now !== undefined && options.now() > options.deadline;
}

/** Places by price: the higher a token's price, the nearer the target; the source first. */
function byPrice(network: FlowNetwork, prices: Float64Array): Float64Array {
  return Float64Array.from(prices, (p, slot) => (slot === network.source ? Infinity : -p));
}

function active(solution: DualSolution, disabled: Uint8Array, i: number): boolean {
  return disabled[i] === 0 && solution.delta[i] > 0;
}

/** Keeps the most profitable active pair of each pool, marking the others in `contested`; returns how many. */
function disableContested(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, contested: Uint8Array): number {
  const best = new Map<number, number>();
  let changed = 0;
  const { pool } = network.trades;
  for (let i = 0; i < network.trades.count; i++) {
    if (!active(solution, disabled, i)) continue;
    const other = best.get(pool[i]);
    if (other === undefined) {
      best.set(pool[i], i);
      continue;
    }
    const [keep, drop] = solution.profit[i] > solution.profit[other] ? [i, other] : [other, i];
    best.set(pool[i], keep);
    contested[drop] = 1;
    changed++;
  }
  return changed;
}
