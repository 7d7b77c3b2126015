// State of a Balancer V2 weighted pool as the quote engine stores it.

export interface BalV2WeightedState {
  /** Raw token balances held by the Vault for the pool, in pool token order. */
  balances: bigint[];
  /** Normalised weights, 1e18-based, summing to 1e18. */
  weights: bigint[];
  /** Per-token scaling factors: 10^(18 - decimals) * 1e18. */
  scalingFactors: bigint[];
  /** 1e18-based fee fraction, e.g. 3e15 for 0.3%. */
  swapFeePercentage: bigint;
}
