// Shapes of the split search: its options and its exact answer.
import type { Hop } from '../types.ts';
import type { GasMeter } from '../gasModel.ts';
import type { GasCap } from './executeShares.ts';

/** `maxGasUnits`: no split whose estimated gas (`gasUnits`) exceeds it; the largest shares are kept. */
export interface SplitOptions extends GasCap {
  /** Longest candidate path. */
  maxHops: number;
  /** Only pools of this platform (index in DEX_PLATFORM_IDS); -1 for every platform. */
  platformCode: number;
  /** Intermediates: this many of the most liquid tokens, plus the neighbours of a long-tail end. */
  connectors: number;
  /** Partial paths kept per token and hop count in the K-best search. */
  keepPerToken: number;
  /** Candidate paths handed to the optimiser. */
  maxPaths: number;
  /**
   * Paths that must be candidates whatever the search finds (e.g. the single best path of /quotes); their tokens join
   * the searched ones.
   */
  seedPaths?: Hop[][];
  /** Gas cost in output units of executing these paths as one transaction; absent: maximise output. */
  gasCostInOutput?: (paths: SplitLeg[]) => bigint;
  /** With gas priced: raw output units per gas unit (a float, for the flow optimiser's choices). */
  gasUnitCost?: number;
  /**
   * A new gas count for a split built path by path within the cap (maxGasUnits), for the flow optimiser's paths (its
   * UniV3 tick crossings estimated at the flow's inputs, pathGas.ts; the exact replay counts them exactly).
   */
  gasMeter?: () => GasMeter;
  /** Clock reading (ms) after which the best answer so far is returned, and the clock to read. */
  deadline?: number;
  now?: () => number;
  /**
   * Clock reading (ms) by which the answer must be ready, after `deadline`: a replay that only might beat the answer
   * in hand runs only when one as long as the last replay would end before it. Absent: `deadline`.
   */
  answerDeadline?: number;
}

/** One split: its exact input share and the exact output it yields when executed in order after the splits before it. */
export interface SplitLeg {
  hops: Hop[];
  amountIn: bigint;
  amountOut: bigint;
  /** UniV3 initialized ticks crossed and tick-bitmap words walked, for the gas model. */
  ticksCrossed: number;
  wordsCrossed: number;
}

export interface SplitQuote {
  /** In execution order; the amountIn of the legs sum to the request's amountIn exactly. */
  legs: SplitLeg[];
  amountOut: bigint;
  /** amountOut less the gas cost (equal to amountOut when gas is not priced). */
  value: bigint;
  /**
   * Float estimate of the shortfall from the optimum, relative to the output: the Frank-Wolfe gap of the path
   * optimiser over its candidate paths, or for the flow optimiser's answer, its dual bound over the searched tokens'
   * pools against the exact output.
   */
  relativeGap: number;
}
