// Minimum output under a slippage tolerance, in exact integer maths.

/** Slippage resolution: percent values are taken to 1e-4 percent (one part per million). */
export const SLIPPAGE_SCALE = 1_000_000n;

/** Slippage percent (0–100) as parts per million, rounded to the nearest. */
export function slippageToPpm(percent: number): bigint {
  return BigInt(Math.round(percent * 10_000));
}

/**
 * The least output the transaction accepts: amountOut reduced by the slippage, rounded down.
 * @example minAmountOut(1000n, slippageToPpm(0.5)) // 995n
 */
export function minAmountOut(amountOut: bigint, slippagePpm: bigint): bigint {
  return (amountOut * (SLIPPAGE_SCALE - slippagePpm)) / SLIPPAGE_SCALE;
}
