// How far a trade moves the prices along its path: what it loses against trading every unit at the zero-size rate.
import type { GraphView } from '../graph/graphView.ts';
import type { Hop } from './types.ts';

/** Probe size of the zero-size rate, as a share of the hop's input (float estimates, so no rounding to zero). */
const PROBE_SHARE = 1e-9;

/**
 * 1 − out(amountIn) / (amountIn · the path's rate at zero size), from the pools' float estimates: 0 for a trade too small
 * to move any price; no split of it over paths as good as this one can gain more than this share.
 * @example pathImpact(graph, standard.hops, 1e21) // 0.0004: the trade loses 4 bp to its price impact
 */
export function pathImpact(graph: GraphView, hops: readonly Hop[], amountIn: number): number {
  let amount = amountIn;
  let rate = 1;
  for (const h of hops) {
    const probe = amount * PROBE_SHARE;
    rate *= graph.estimateOut(h.pool, h.localIn, h.localOut, probe) / probe;
    amount = graph.estimateOut(h.pool, h.localIn, h.localOut, amount);
  }
  const impact = 1 - amount / (amountIn * rate);
  return Number.isFinite(impact) ? Math.max(0, impact) : 1;
}
