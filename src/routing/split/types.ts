// Shapes of the split search: its options and its exact answer.
import type { Hop } from '../types.ts';

export interface SplitOptions {
  /** Only pools of this platform (index in DEX_PLATFORM_IDS); -1 for every platform. */
  platformCode: number;
  /** The flow optimiser's subgraph: this many of the most liquid tokens, plus the neighbours of a long-tail end. */
  connectors: number;
  /** Most paths a flow is decomposed into (the splits a quote lists). */
  maxSplits: number;
  /** Stop the flow optimiser at this duality gap (relative), after this many Newton iterations per round, or rounds. */
  tolerance: number;
  maxIterations: number;
  maxRounds: number;
  /** Paths that are always considered, and whose token order seeds the flow optimiser (e.g. the path of /quotes). */
  seedPaths?: Hop[][];
  /** Gas cost in output units of executing these paths as one transaction; absent: maximise output. */
  gasCostInOutput?: (paths: SplitLeg[]) => bigint;
  /** Clock reading (ms) after which the best answer so far is returned, and the clock to read. */
  deadline?: number;
  now?: () => number;
}

/** One split: its exact input share and the exact output it yields when executed in order after the splits before it. */
export interface SplitLeg {
  hops: Hop[];
  amountIn: bigint;
  amountOut: bigint;
  ticksCrossed: number;
}

export interface SplitQuote {
  /** In execution order; the amountIn of the legs sum to the request's amountIn exactly. */
  legs: SplitLeg[];
  amountOut: bigint;
  /** amountOut less the gas cost (equal to amountOut when gas is not priced). */
  value: bigint;
  /**
   * Duality gap of the flow optimisation when it stopped, relative to its bound (the float flow is within this share
   * of the best routing over the subgraph); NaN for an answer that did not come from the flow.
   */
  relativeGap: number;
}
