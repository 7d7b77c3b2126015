// The per-token minimum live balances WeightedPool 1.0.0 enforces on swaps, as its factory sets them.
// Original: MinTokenBalanceLib.computeMinTokenBalances in
// https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/vault/contracts/lib/MinTokenBalanceLib.sol

/** The Vault's POOL_MINIMUM_TOTAL_SUPPLY, and the least minimum balance a pool accepts (scaled18). */
export const ABSOLUTE_MIN_TOKEN_BALANCE = 1_000_000n;

/**
 * The minimum balance (scaled18) WeightedPoolFactory gives each token: 1e6, or one raw unit of the token where that
 * is more (tokens under 12 decimals), since a smaller minimum would be lost when unscaling.
 * @example computeMinTokenBalances([18, 6]) // [1000000n, 1000000000000n]
 */
export function computeMinTokenBalances(decimals: readonly number[]): bigint[] {
  return decimals.map((d) => {
    const atomicUnitFloor = 10n ** BigInt(18 - d);
    return atomicUnitFloor > ABSOLUTE_MIN_TOKEN_BALANCE ? atomicUnitFloor : ABSOLUTE_MIN_TOKEN_BALANCE;
  });
}
