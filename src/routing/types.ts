// Route shapes shared by the search, the exact evaluation and the transaction builders.

/** One swap through one pool; token fields are graph indices, local fields the pool's own indices. */
export interface Hop {
  pool: number;
  tokenIn: number;
  tokenOut: number;
  localIn: number;
  localOut: number;
}

/** A path with its exact output for the requested input. */
export interface PathQuote {
  hops: Hop[];
  amountIn: bigint;
  amountOut: bigint;
  /** Initialized ticks crossed and tick-bitmap words walked over all hops (UniV3), for the gas model. */
  ticksCrossed: number;
  wordsCrossed: number;
}

export interface SearchOptions {
  /** Longest path considered. */
  maxHops: number;
  /** Only pools of this platform (index in DEX_PLATFORM_IDS); -1 for every platform. */
  platformCode: number;
  /**
   * Intermediate tokens are the `connectors` most liquid tokens, except that the last intermediate may be any
   * token pooled with the target: this bounds the search whatever the size of the long tail.
   */
  connectors: number;
  /** How many of the best float candidates are re-evaluated exactly. */
  candidates: number;
  /** Gas cost of a path in output-token units, when gas can be priced: routes are then ranked net of it. */
  gasCostInOutput?: (path: PathQuote) => bigint;
}
