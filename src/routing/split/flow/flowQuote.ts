// The exact answer of the flow optimiser: its paths executed in order with their shares of the input, with bigint
// maths on a copy of the pool states (executeShares).
import type { GraphView } from '../../../graph/graphView.ts';
import { floatWeights } from '../apportion.ts';
import { fits, late, timed } from '../deadline.ts';
import { executeShares } from '../executeShares.ts';
import type { SplitOptions, SplitQuote } from '../types.ts';
import { type FlowRouting, flowRouting } from './flowRouting.ts';

/**
 * Longest path (in trades) the flow may use, and the longest its paying order may link (tokenOrder.ts). Paths are cut
 * from the flow, not searched, so a long one costs nothing to find; the router executes any length, and when gas is
 * priced a path's extra hops are charged to its value. A small trade's optimum chains the pools that pay above the
 * market rate into paths of many trades (DAI → USDC $100: most of 7–8 with a limit of 8). Against 6, on 1,000
 * requests of the advanced latency mix, each timed on both in one process: 10 raised the output by 3.1 bp geometric
 * mean at a 200 ms budget (235 requests better by over 1 bp, 12 worse) and 3.5 bp at 25 ms (246, 19), for 4.6–5.6%
 * less time; 8 and 16 gave 2.6 and 3.1 bp at 200 ms. With gas priced: +3.0 bp, 55 better, 51 worse, the same time.
 */
const MAX_FLOW_HOPS = 10;

/**
 * The optimal flow over the searched tokens as an exact split (of the flow's plans within the gas cap, the one worth
 * most, or past the deadline the one of best estimate), or null when none executes. Its relativeGap is the dual
 * bound's: no routing over those tokens' pools one way through the final token order (one use per pool) yields more
 * than amountOut·(1 + gap).
 * @example flowQuote(graph, wpls, usdc, 10n ** 24n, [[usdc], [wpls, dai]], options)
 */
export function flowQuote(graph: GraphView, from: number, to: number, amountIn: bigint, tokensAt: readonly number[][], options: SplitOptions): SplitQuote | null {
  const flow = flowPlans(graph, from, to, amountIn, tokensAt, options);
  return flow && exactPlans(graph, flow, amountIn, options);
}

/**
 * The flow's plans before they are made exact (flowRouting with paths of up to MAX_FLOW_HOPS trades), or null when
 * none reaches the target or the deadline has passed.
 * @example exactPlans(graph, flowPlans(graph, wpls, usdc, 10n ** 24n, [[usdc], [wpls, dai]], options)!, 10n ** 24n, options)
 */
export function flowPlans(graph: GraphView, from: number, to: number, amountIn: bigint, tokensAt: readonly number[][], options: SplitOptions): FlowRouting | null {
  if (late(options)) return null;
  return flowRouting(graph, from, to, Number(amountIn), tokensAt, { ...options, maxHops: MAX_FLOW_HOPS });
}

/**
 * The flow's plans made exact in their order (best estimate first), the one worth most kept. A replay of a hundred
 * paths through UniV3 ticks takes 1–6 ms, so after the first, a plan is made exact only when a replay as long as the
 * last one would still end before the deadline.
 * @example exactPlans(graph, flowRouting(graph, wpls, usdc, 1e24, tokensAt, options)!, 10n ** 24n, options)
 */
export function exactPlans(graph: GraphView, flow: FlowRouting, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  let best: SplitQuote | null = null;
  let replayMs = 0;
  for (const plan of flow.routings) {
    if (best && !fits(options, replayMs)) break;
    const [legs, ms] = timed(options, () => executeShares(graph, plan.paths, floatWeights(plan.shares), amountIn, options));
    replayMs = ms;
    if (!legs || legs.length === 0) continue;
    const amountOut = legs.reduce((sum, leg) => sum + leg.amountOut, 0n);
    const value = amountOut - (options.gasCostInOutput?.(legs) ?? 0n);
    if (!best || value > best.value) best = { legs, amountOut, value, relativeGap: Math.max(0, flow.bound / Number(amountOut) - 1) };
  }
  return best;
}
