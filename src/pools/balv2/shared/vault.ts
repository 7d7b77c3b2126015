// The V2 Vault's own checks on a swap, applied after the pool has priced it.
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/vault/contracts/balances/BalanceAllocation.sol

/** The Vault packs cash + managed into 112 bits per token (BALANCE_TOTAL_OVERFLOW otherwise). */
export const MAX_VAULT_BALANCE = (1n << 112n) - 1n;

/**
 * Whether the Vault can book the swap: the input balance still fits in 112 bits and the output is covered by the
 * pool's balance (the pool's cash; the Vault reverts with SUB_OVERFLOW otherwise). We treat the whole balance as cash,
 * since swaps see totals and no pool here uses asset managers.
 */
export function vaultAcceptsSwap(balanceIn: bigint, balanceOut: bigint, amountIn: bigint, amountOut: bigint): boolean {
  return balanceIn + amountIn <= MAX_VAULT_BALANCE && amountOut <= balanceOut;
}
