// The one interface every pool kind implements, so routing treats all kinds alike.
// Pool objects hold immutable state and do no I/O; amounts are raw on-chain integers.

/** Exact result of an exact-in swap through one pool, as the pool's contract computes it. */
export interface ExactSwapResult {
  /** Output amount in the output token's smallest unit. */
  amountOut: bigint;
  /** Initialized ticks crossed (UniV3); 0 for kinds without ticks. Feeds the gas model. */
  ticksCrossed: number;
  /**
   * Tick-bitmap words between the pool's tick before and after the swap (UniV3: its swap loop stops at every word
   * edge); absent for kinds without ticks. Feeds the gas model.
   */
  wordsCrossed?: number;
}

/** An exact swap and the pool it leaves. */
export interface ExecutedSwap<P extends PoolBase> {
  swap: ExactSwapResult;
  after: P;
}

export interface PoolBase {
  /** Pool kind identifier, e.g. "univ2", "univ3", "stable", "balv2Weighted". */
  readonly kind: string;
  /** Number of tradable tokens (indices 0..tokenCount-1); a pool's own BPT is not tradable. */
  readonly tokenCount: number;
  /**
   * Exact output for `amountIn` of token `tokenIn` into token `tokenOut` (pool-local indices).
   * Returns null when the swap cannot execute in full: zero output, partial fill (liquidity runs out),
   * a protocol limit (Balancer max-in ratio, stable imbalance), or an amount the contract would reject.
   * Never throws for any non-negative amount.
   */
  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null;
  /** The pool after that swap executes (for simulating several swaps through one pool), or null as above. */
  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): PoolBase | null;
  /** swapExactIn's result and afterSwapExactIn's pool from one computation of the swap, or null as above. */
  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<PoolBase> | null;
  /** Fast float estimate of swapExactIn for search heuristics only; 0 when not executable. */
  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number;
  /** Float estimate of the initialized ticks swapExactIn would cross (kinds with ticks only), for the gas model. */
  estimateTicksCrossed?(tokenIn: number, tokenOut: number, amountIn: number): number;
}

/** Encodes a kind's state to uint256 words for the shared-memory graph and back. */
export interface StateCodec<S> {
  encode(state: S): bigint[];
  decode(words: readonly bigint[]): S;
}
