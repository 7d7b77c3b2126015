// Small helpers on paths shared by the split modules: float output along a path, a path's identity, and the one use
// each pool has across a split.
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
  // Concatenated in a loop: it runs for every path the split modules compare, and map-then-join builds two arrays.
  let key = '';
  for (let k = 0; k < hops.length; k++) key += (k > 0 ? '/' : '') + hops[k].pool + ':' + hops[k].localIn + ':' + hops[k].localOut;
  return key;
}

/**
 * Whether `hops` would use a pool in another direction or token pair than `claimed` (pool → localIn·256 + localOut)
 * records; a pool serves one use across a split, as a second would trade against the first.
 */
export function conflictsWith(claimed: ReadonlyMap<number, number>, hops: readonly Hop[]): boolean {
  return hops.some((h) => hopConflicts(claimed, h));
}

/** Whether one hop would use its pool otherwise than `claimed` records. */
export function hopConflicts(claimed: ReadonlyMap<number, number>, h: Hop): boolean {
  return (claimed.get(h.pool) ?? useOf(h)) !== useOf(h);
}

/** Records the pool uses of `hops` in `claimed`. */
export function claim(claimed: Map<number, number>, hops: readonly Hop[]): void {
  for (const h of hops) claimed.set(h.pool, useOf(h));
}

/** The use a hop makes of its pool: the token it puts in and the one it takes out. */
function useOf(h: Hop): number {
  return h.localIn * 256 + h.localOut;
}

/** A number naming one direction of one pool (the pool and its use), for maps keyed by pool direction. */
export function directionKey(h: Hop): number {
  return h.pool * 65_536 + useOf(h);
}
