// Split routing as a network flow: the dual optimiser (dualFlow.ts) finds how much each pool should trade, then the
// flow is cut into paths from the source to the target for the router, which executes paths one after another
// (flowPaths.ts).
//
// The relaxation lets a multi-token pool trade several of its pairs at once, which a split of paths cannot do (a pool
// serves one use across a split). So after each solve, the lesser pairs of a contested pool are disabled and the dual
// is solved again from its last prices.
import type { GraphView } from '../../../graph/graphView.ts';
import type { Hop } from '../../types.ts';
import { type DualSolution, solveDual } from './dualFlow.ts';
import { type FlowNetwork, flowNetwork, zeroFlowPrices } from './flowNetwork.ts';
import { flowPaths } from './flowPaths.ts';

/** Re-solves after disabling contested pairs. */
const MAX_ROUNDS = 3;

export interface FlowRoutingOptions {
  platformCode: number;
  maxHops: number;
  deadline?: number;
  now?: () => number;
}

/** Paths with their shares of the input (largest first, summing to at most 1) and the dual's bound on the output. */
export interface FlowRouting {
  paths: Hop[][];
  shares: number[];
  /** Upper bound (raw output units) on any routing over the network's pools, one pair per pool. */
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
  if (network.trades.length === 0) return null;
  const disabled = new Uint8Array(network.trades.length);
  let prices = zeroFlowPrices(network);
  let solution: DualSolution | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    solution = solveDual(network, disabled, prices, options);
    prices = solution.prices;
    if (disableContested(network, solution, disabled) === 0) break;
  }
  if (!solution) return null;
  const { paths, shares } = flowPaths(network, solution, disabled, options.maxHops);
  return paths.length > 0 ? { paths: paths.map((trades) => trades.map((i) => network.trades[i].hop)), shares, bound: solution.bound } : null;
}

function active(solution: DualSolution, disabled: Uint8Array, i: number): boolean {
  return disabled[i] === 0 && solution.delta[i] > 0;
}

/** Keeps the most profitable active pair of each pool; returns how many trades it disabled. */
function disableContested(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array): number {
  const best = new Map<number, number>();
  let changed = 0;
  network.trades.forEach((t, i) => {
    if (!active(solution, disabled, i)) return;
    const other = best.get(t.hop.pool);
    if (other === undefined) return best.set(t.hop.pool, i);
    const [keep, drop] = solution.profit[i] > solution.profit[other] ? [i, other] : [other, i];
    best.set(t.hop.pool, keep);
    disabled[drop] = 1;
    changed++;
  });
  return changed;
}
