// Shared by the split tests: the tokens of their hand-built graphs, amounts, the split search settings, the exact
// closed-form optimum over disjoint UniV2 paths, a graph with a dust pool whose optimum is known in that form, and a
// clock that cuts a search at the same point on every machine.
import type { GraphView } from '../../src/graph/graphView.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { apportion } from '../../src/routing/split/apportion.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import type { SplitOptions } from '../../src/routing/split/types.ts';
import { v2ClosedForm } from '../../src/routing/split/v2ClosedForm.ts';
import type { Hop } from '../../src/routing/types.ts';
import { handGraph } from '../support/graphs.ts';

export const E18 = 10n ** 18n;
export const E6 = 10n ** 6n;
export const TOKENS = [
  { symbol: 'WPLS', decimals: 18 },
  { symbol: 'USDC', decimals: 6 },
  { symbol: 'TAIL', decimals: 18 },
];
export const OPTIONS: SplitOptions = { ...SPLIT_PROFILE, platformCode: -1 };

/** A clock read by the code under test: each reading returns the next tick (a step between two readings takes one). */
export function tickClock(deadline: number) {
  let ticks = 0;
  return { deadline, now: () => ticks++, readings: () => ticks };
}

/** Output of the exact optimum over pool-disjoint UniV2 paths (closed form, apportioned, executed). */
export function closedFormOut(graph: GraphView, paths: Hop[][], amountIn: bigint): bigint {
  const legs = simulateSplit(graph, paths, apportion(v2ClosedForm(graph, paths, amountIn)!, amountIn))!;
  return legs.reduce((sum, leg) => sum + leg.amountOut, 0n);
}

/**
 * A deep WPLS/USDC pair and a dust pair priced far off (1 WPLS for 100 USDC, where the deep one gives 0.00003): a
 * trade of 100,000,000 WPLS does best sending the dust pair about 1,891 WPLS (under 0.002% of its input) for about
 * 100 of its 2,995 USDC.
 */
export function dustPoolGraph() {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [3_000_000_000n * E18, 90_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [1n * E18, 100n * E6], platform: 'dexa_v1' },
  ]);
  const paths = [[h.hop(0, 'WPLS', 'USDC')], [h.hop(1, 'WPLS', 'USDC')]];
  const amountIn = 100_000_000n * E18;
  return { h, paths, amountIn, optimum: closedFormOut(h.graph, paths, amountIn) };
}
