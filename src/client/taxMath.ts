// Exact integer maths of transfer taxes (fee-on-transfer tokens) on wei amounts; pure bigint, no I/O.

/**
 * Basis points in a whole: a tax of 100 bps is 1%.
 * @example (1_000n * 250n) / BPS_DENOMINATOR // 25n, the 2.5% tax on 1000 wei
 */
export const BPS_DENOMINATOR = 10_000n;

/**
 * The amount left after a transfer tax: amount - floor(amount * taxBps / 10000). The tax itself rounds down, as a
 * fee-on-transfer token's `amount * fee / 10000` does in Solidity, so the amount left rounds up.
 * @example amountAfterTax(1_000_000_000_000_000_001n, 250n) // 975_000_000_000_000_001n (tax 25_000_000_000_000_000)
 */
export function amountAfterTax(amount: bigint, taxBps: bigint): bigint {
  return amount - (amount * taxBps) / BPS_DENOMINATOR;
}

/**
 * A tax in basis points as a bigint: undefined counts as 0; anything but an integer from 0 to 10000 is refused.
 * @example parseTaxBps(250) // 250n; parseTaxBps(undefined) // 0n; parseTaxBps(2.5) // undefined
 */
export function parseTaxBps(value: unknown): bigint | undefined {
  if (value === undefined) return 0n;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000) return undefined;
  return BigInt(value);
}
