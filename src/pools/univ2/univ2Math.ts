// UniswapV2Library.getAmountOut with a per-platform fee fraction, exact in bigint.
// Original: https://github.com/Uniswap/v2-periphery/blob/master/contracts/libraries/UniswapV2Library.sol

/** uint112: the pair's reserves are stored in 112 bits; a swap can never leave more than this. */
export const MAX_UINT112 = (1n << 112n) - 1n;

/**
 * Output of an exact-in swap, rounded down as the router library computes it; 0n when not executable.
 * The result is the largest output the pair's K check accepts for this fee.
 * @example getAmountOut(1000n, 10n ** 6n, 10n ** 6n, 9971n, 10000n) // 996n
 */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeNumerator: bigint,
  feeDenominator: bigint,
): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const amountInWithFee = amountIn * feeNumerator;
  return (amountInWithFee * reserveOut) / (reserveIn * feeDenominator + amountInWithFee);
}

/**
 * Input needed for an exact output, rounded up (+1) as the router library computes it; null when impossible.
 * @example getAmountIn(996n, 10n ** 6n, 10n ** 6n, 9971n, 10000n) // 1000n
 */
export function getAmountIn(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeNumerator: bigint,
  feeDenominator: bigint,
): bigint | null {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut) return null;
  return (reserveIn * amountOut * feeDenominator) / ((reserveOut - amountOut) * feeNumerator) + 1n;
}
