// Small helpers on paths shared by the split modules: float output along a path and a path's identity.
import type { GraphView } from '../../graph/graphView.ts';
import type { Hop } from '../types.ts';

/** Float estimate of a path's output for `amountIn`; 0 when a hop cannot trade. */
export function pathEstimate(graph: GraphView, hops: readonly Hop[], amountIn: number): number {
  let amount = amountIn;
  for (const h of hops) {
    amount = graph.estimateOut(h.pool, h.localIn, h.localOut, amount);
    if (!(amount > 0)) return 0;
  }
  return amount;
}

/** A key naming a path by its pools and directions. */
export function hopsKey(hops: readonly Hop[]): string {
  return hops.map((h) => `${h.pool}:${h.localIn}:${h.localOut}`).join('/');
}
