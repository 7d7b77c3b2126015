// State of a Balancer V2 composable stable pool as the quote engine stores it (the pool's own BPT left out).

export interface BalV2StableState {
  /** Raw balances of the tradable tokens, in pool order with the BPT entry removed. */
  balances: bigint[];
  /** Per-token scaling factors: 10^(18 - decimals) * rate, where rate is the 1e18-based rate provider value. */
  scalingFactors: bigint[];
  /** Current amplification parameter including AMP_PRECISION, i.e. A * 1000. */
  amp: bigint;
  /** 1e18-based fee fraction, e.g. 1e14 for 0.01%. */
  swapFeePercentage: bigint;
}
