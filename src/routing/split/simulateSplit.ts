// Exact result of a split: the legs execute in order on a copy of the pool states with exact bigint maths, so a pool
// that two legs share gives the second leg what it would really get after the first one's swap.
import type { GraphView } from '../../graph/graphView.ts';
import type { ExactSwapResult, PoolBase } from '../../pools/poolBase.ts';
import type { Hop } from '../types.ts';
import type { SplitLeg } from './types.ts';

/**
 * Executes `amounts[i]` through `paths[i]` for every i in order (legs with a zero amount are skipped); null when any
 * swap cannot execute in full.
 * @example simulateSplit(graph, [pathA, pathB], [6n * 10n ** 20n, 4n * 10n ** 20n])
 */
export function simulateSplit(graph: GraphView, paths: readonly Hop[][], amounts: readonly bigint[]): SplitLeg[] | null {
  const { legs, failed } = replaySplit(graph, paths, amounts);
  return failed.length === 0 ? legs : null;
}

/**
 * As simulateSplit, but a leg that cannot execute in full is left out (the pools as if it had not run) and named in
 * `failed` (indices in `paths`), and the others still execute.
 * @example replaySplit(graph, [pathA, pathB], [6n * 10n ** 20n, 4n * 10n ** 20n]) // { legs: [legA], failed: [1] } when pathB fails
 */
export function replaySplit(graph: GraphView, paths: readonly Hop[][], amounts: readonly bigint[]): { legs: SplitLeg[]; failed: number[] } {
  const uses = new Map<number, number>();
  paths.forEach((hops, i) => amounts[i] > 0n && hops.forEach((h) => uses.set(h.pool, (uses.get(h.pool) ?? 0) + 1)));
  const states = new Map<number, PoolBase>();
  const legs: SplitLeg[] = [];
  const failed: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (amounts[i] <= 0n) continue;
    const leg = replayLeg(graph, paths[i], amounts[i], states, uses);
    if (leg) legs.push(leg);
    else failed.push(i);
  }
  return { legs, failed };
}

/**
 * One leg on the pool states left by the legs before it, and by its own earlier hops (a path may pass through one
 * multi-token pool twice, for two of its pairs); its own pool states are kept only when it executes.
 */
function replayLeg(graph: GraphView, hops: Hop[], amountIn: bigint, states: Map<number, PoolBase>, uses: Map<number, number>): SplitLeg | null {
  // This leg's moved pools (a few hops: a list searched from its end beats a map).
  const moved: [number, PoolBase][] = [];
  let amount = amountIn;
  let ticksCrossed = 0;
  let wordsCrossed = 0;
  for (const h of hops) {
    const state = movedState(moved, h.pool) ?? states.get(h.pool);
    let swap: ExactSwapResult | null;
    // Only a pool that a later swap will read again needs its post-swap state.
    if (uses.get(h.pool)! > 1) {
      const executed = (state ?? graph.pool(h.pool)).executeSwapExactIn(h.localIn, h.localOut, amount);
      if (!executed) return null;
      moved.push([h.pool, executed.after]);
      swap = executed.swap;
    } else {
      swap = state ? state.swapExactIn(h.localIn, h.localOut, amount) : graph.swapExactIn(h.pool, h.localIn, h.localOut, amount);
      if (!swap) return null;
    }
    amount = swap.amountOut;
    ticksCrossed += swap.ticksCrossed;
    wordsCrossed += swap.wordsCrossed ?? 0;
  }
  for (const h of hops) uses.set(h.pool, uses.get(h.pool)! - 1);
  for (const [pool, after] of moved) states.set(pool, after);
  return { hops, amountIn, amountOut: amount, ticksCrossed, wordsCrossed };
}

/** The state this leg's last hop through `pool` left, if any. */
function movedState(moved: readonly [number, PoolBase][], pool: number): PoolBase | undefined {
  for (let k = moved.length - 1; k >= 0; k--) if (moved[k][0] === pool) return moved[k][1];
  return undefined;
}
