// Seeded random reserves and amounts for the UniV2 tests: bigints spread evenly over their bit lengths.
import { MAX_UINT112 } from '../../../src/pools/univ2/univ2Math.ts';

export type Rng = () => number;

/** Uniformly random `bits`-bit value (leading zeros allowed). */
export function randomBits(rng: Rng, bits: number): bigint {
  let x = 0n;
  for (let i = 0; i < bits; i += 16) x = (x << 16n) | BigInt(Math.floor(rng() * 65536));
  return x & ((1n << BigInt(bits)) - 1n);
}

/** A bigint in [lo, hi] whose bit length is uniform: small and huge values are equally likely. */
export function logUniformBigint(rng: Rng, lo: bigint, hi: bigint): bigint {
  const loBits = lo.toString(2).length;
  const hiBits = hi.toString(2).length;
  const bits = loBits + Math.floor(rng() * (hiBits - loBits + 1));
  const x = (1n << BigInt(bits - 1)) | randomBits(rng, bits - 1);
  return x < lo ? lo : x > hi ? hi : x;
}

/** A pair's reserve: from 1e3 to the uint112 maximum. */
export function randomReserve(rng: Rng): bigint {
  return logUniformBigint(rng, 1000n, MAX_UINT112);
}

/** An input amount: half the time anywhere up to uint112, otherwise within 2^-40 .. 2^8 of the input reserve. */
export function randomAmountIn(rng: Rng, reserveIn: bigint): bigint {
  if (rng() < 0.5) return logUniformBigint(rng, 1n, MAX_UINT112);
  const lo = reserveIn >> 40n > 0n ? reserveIn >> 40n : 1n;
  return logUniformBigint(rng, lo, reserveIn << 8n);
}

export function pick<T>(rng: Rng, choices: readonly T[]): T {
  return choices[Math.floor(rng() * choices.length)];
}
