// Exact evaluation of a path: each hop's exact output feeds the next, as the swaps execute on-chain.
import type { GraphView } from '../graph/graphView.ts';
import type { Hop, PathQuote } from './types.ts';

/**
 * How far above its float estimate a path's exact output may be assumed to stay (0.1%, far above the estimates'
 * error): a candidate whose estimate is further below the best exact output found needs no exact evaluation.
 */
export const ESTIMATE_MARGIN = 1e-3;

/**
 * Exact output of `amountIn` through `hops`, or null when any hop cannot execute in full.
 * @example evaluatePath(graph, [{ pool: 7, tokenIn: 0, tokenOut: 5, localIn: 0, localOut: 1 }], 10n ** 18n)
 */
export function evaluatePath(graph: GraphView, hops: Hop[], amountIn: bigint): PathQuote | null {
  let amount = amountIn;
  let ticksCrossed = 0;
  let wordsCrossed = 0;
  for (const hop of hops) {
    const swap = graph.swapExactIn(hop.pool, hop.localIn, hop.localOut, amount);
    if (!swap) return null;
    amount = swap.amountOut;
    ticksCrossed += swap.ticksCrossed;
    wordsCrossed += swap.wordsCrossed ?? 0;
  }
  return { hops, amountIn, amountOut: amount, ticksCrossed, wordsCrossed };
}
