// Exact result of a split: the legs execute in order on a copy of the pool states with exact bigint maths, so a pool
// that two legs share gives the second leg what it would really get after the first one's swap.
import type { GraphView } from '../../graph/graphView.ts';
import type { PoolBase } from '../../pools/poolBase.ts';
import type { Hop } from '../types.ts';
import type { SplitLeg } from './types.ts';

/**
 * Executes `amounts[i]` through `paths[i]` for every i in order (legs with a zero amount are skipped); null when any
 * swap cannot execute in full.
 * @example simulateSplit(graph, [pathA, pathB], [6n * 10n ** 20n, 4n * 10n ** 20n])
 */
export function simulateSplit(graph: GraphView, paths: readonly Hop[][], amounts: readonly bigint[]): SplitLeg[] | null {
  const result = replaySplit(graph, paths, amounts);
  return typeof result === 'number' ? null : result;
}

/**
 * As simulateSplit, but names the first leg that cannot execute in full (its index in `paths`) instead of null.
 * @example replaySplit(graph, [pathA, pathB], [6n * 10n ** 20n, 4n * 10n ** 20n]) // legs, or 1 when pathB fails
 */
export function replaySplit(graph: GraphView, paths: readonly Hop[][], amounts: readonly bigint[]): SplitLeg[] | number {
  const uses = new Map<number, number>();
  paths.forEach((hops, i) => amounts[i] > 0n && hops.forEach((h) => uses.set(h.pool, (uses.get(h.pool) ?? 0) + 1)));
  const states = new Map<number, PoolBase>();
  const legs: SplitLeg[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (amounts[i] <= 0n) continue;
    let amount = amounts[i];
    let ticksCrossed = 0;
    for (const h of paths[i]) {
      const state = states.get(h.pool);
      const swap = state ? state.swapExactIn(h.localIn, h.localOut, amount) : graph.swapExactIn(h.pool, h.localIn, h.localOut, amount);
      if (!swap) return i;
      const left = uses.get(h.pool)! - 1;
      uses.set(h.pool, left);
      // Only a pool that a later swap will read again needs its post-swap state.
      if (left > 0) {
        const after = (state ?? graph.pool(h.pool)).afterSwapExactIn(h.localIn, h.localOut, amount);
        if (!after) return i;
        states.set(h.pool, after);
      }
      amount = swap.amountOut;
      ticksCrossed += swap.ticksCrossed;
    }
    legs.push({ hops: paths[i], amountIn: amounts[i], amountOut: amount, ticksCrossed });
  }
  return legs;
}
