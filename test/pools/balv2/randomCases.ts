// Seeded random bigints for the balv2 differential tests: wide, log-uniform magnitudes so every branch gets hit.

export type Rng = () => number;

/** Uniform integer in [lo, hi] (numbers). */
export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick<T>(rng: Rng, choices: readonly T[]): T {
  return choices[Math.floor(rng() * choices.length)];
}

/** A bigint with exactly `digits` random decimal digits (leading digit non-zero). */
export function randDigits(rng: Rng, digits: number): bigint {
  let s = String(randInt(rng, 1, 9));
  for (let i = 1; i < digits; i++) s += String(randInt(rng, 0, 9));
  return BigInt(s);
}

/** Log-uniform bigint in roughly [10^loDigits, 10^hiDigits) with full-precision low digits. */
export function randLog(rng: Rng, loDigits: number, hiDigits: number): bigint {
  return randDigits(rng, randInt(rng, loDigits + 1, hiDigits));
}

/** Uniform bigint in [lo, hi]. */
export function randRange(rng: Rng, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  const digits = span.toString().length + 6;
  return lo + (randDigits(rng, digits) % span);
}

/** amount * ratio for a float ratio, keeping the low digits random. */
export function fraction(rng: Rng, amount: bigint, ratio: number): bigint {
  const scaled = (amount * BigInt(Math.floor(ratio * 1e15))) / 10n ** 15n;
  return scaled + randRange(rng, 0n, 999n);
}

/** Log-uniform float in [lo, hi]. */
export function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng() * (Math.log(hi) - Math.log(lo)));
}
