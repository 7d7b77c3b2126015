// Helpers turning float liquidity figures into realistic raw on-chain integers.

/** Raw token amount worth `usd` at `priceUsd`, with random low digits so values do not look rounded. */
export function rawAmount(usd: number, priceUsd: number, decimals: number, rng: () => number): bigint {
  return floatToBigint((usd / priceUsd) * 10 ** decimals, rng);
}

/** A non-negative float as a bigint; digits past float precision are filled at random. */
export function floatToBigint(x: number, rng: () => number): bigint {
  if (!(x >= 1)) return x > 0 ? 1n : 0n;
  if (x < 2 ** 53) return BigInt(Math.floor(x));
  const exponent = Math.floor(Math.log10(x)) - 15;
  const scale = 10n ** BigInt(exponent);
  const noise = BigInt(Math.floor(rng() * 10 ** Math.min(exponent, 15))) * 10n ** BigInt(Math.max(exponent - 15, 0));
  return BigInt(Math.floor(x / 10 ** exponent)) * scale + noise;
}

/** Pareto-distributed value ≥ min with tail index alpha (heavy tail for alpha near 1), capped at max. */
export function pareto(rng: () => number, min: number, alpha: number, max: number): number {
  return Math.min(max, min / (1 - rng()) ** (1 / alpha));
}

/** Multiplicative noise 1 + N(0, sigma) (Box–Muller), kept positive. */
export function noise(rng: () => number, sigma: number): number {
  const z = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Math.max(0.05, 1 + sigma * z);
}
