// Split routing as a network flow: the dual optimiser (dualFlow.ts) finds how much each pool should trade, then the
// flow is cut into paths from the source to the target for the router, which executes paths one after another.
//
// The relaxation lets a multi-token pool trade several of its pairs at once, which a split of paths cannot do (a pool
// serves one use across a split). So after each solve, the lesser pairs of a contested pool are disabled and the dual
// is solved again from its last prices.
import type { GraphView } from '../../../graph/graphView.ts';
import type { Hop } from '../../types.ts';
import { type DualSolution, solveDual } from './dualFlow.ts';
import { type FlowNetwork, flowNetwork, zeroFlowPrices } from './flowNetwork.ts';

/** Re-solves after disabling contested pairs. */
const MAX_ROUNDS = 3;
/** Paths carrying less than this share of the input are dropped (their flow goes to the others). */
const MIN_PATH_SHARE = 1e-5;
const MAX_PATHS = 48;
/** Bound on the path enumeration's work, whatever the flow's shape. */
const MAX_VISITS = 20_000;

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
  const { paths, shares } = decompose(network, solution, disabled, options.maxHops);
  return paths.length > 0 ? { paths, shares, bound: solution.bound } : null;
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

/** Active trades leaving each slot, largest flow first. */
function outgoing(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array): number[][] {
  const out: number[][] = network.tokens.map(() => []);
  network.trades.forEach((t, i) => active(solution, disabled, i) && out[t.from].push(i));
  for (const list of out) list.sort((a, b) => solution.delta[b] - solution.delta[a]);
  return out;
}

/**
 * Paths of the flow: from the source, each token's flow is divided among its active trades in proportion to their
 * inputs, so a path's share is the product of its trades' proportions. Paths of more than `maxHops`, and shares below
 * MIN_PATH_SHARE, are dropped.
 */
function decompose(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, maxHops: number): { paths: Hop[][]; shares: number[] } {
  const out = outgoing(network, solution, disabled);
  const outflow = out.map((list) => list.reduce((sum, i) => sum + solution.delta[i], 0));
  const found: { hops: Hop[]; share: number }[] = [];
  let visits = 0;
  const walk = (slot: number, share: number, hops: Hop[]): void => {
    if (++visits > MAX_VISITS) return;
    for (const i of out[slot]) {
      const t = network.trades[i];
      const next = share * (solution.delta[i] / outflow[slot]);
      if (next < MIN_PATH_SHARE) break; // sorted by flow: the rest are smaller
      if (t.to < 0) found.push({ hops: [...hops, t.hop], share: next });
      else if (hops.length + 2 <= maxHops) walk(t.to, next, [...hops, t.hop]);
    }
  };
  walk(network.source, 1, []);
  found.sort((a, b) => b.share - a.share);
  const kept = found.slice(0, MAX_PATHS);
  return { paths: kept.map((p) => p.hops), shares: kept.map((p) => p.share) };
}
