// Integer apportionment (largest remainder): turns real-valued shares into integers that sum to a total exactly,
// each within one unit of its real value. Used for the wei shares of the input and for the basis points of percent.

/**
 * Integer parts of total × weights[i] / Σ weights, summing to `total` exactly; the units left after flooring go,
 * one each, to the largest remainders (ties: the earlier share).
 * @example apportion([1n, 1n, 1n], 100n) // [34n, 33n, 33n]
 */
export function apportion(weights: readonly bigint[], total: bigint): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new RangeError('apportion needs a positive total weight');
  const shares = weights.map((w) => (w * total) / sum);
  const remainders = weights.map((w, i) => ({ i, r: w * total - shares[i] * sum }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0n; k++, left--) shares[remainders[k].i] += 1n;
  return shares;
}

/** Float weights (non-negative) as bigints with 2^53 resolution, for apportion. */
export function floatWeights(values: ArrayLike<number>): bigint[] {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i]);
  if (!(max > 0)) return Array.from({ length: values.length }, () => 0n);
  return Array.from(values, (v) => BigInt(Math.round((Math.max(0, v) / max) * 2 ** 53)));
}

/**
 * Percent of each share as a number with two decimals: basis points apportioned to sum to 10,000 exactly, so the
 * percents sum to 100 (each within 0.01 of its exact value).
 * @example percents([1n, 2n]) // [33.33, 66.67]
 */
export function percents(shares: readonly bigint[]): number[] {
  return apportion(shares, 10_000n).map((bp) => Number(bp) / 100);
}
