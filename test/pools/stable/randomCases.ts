// Seeded random StableSwap pools and swaps for the stable tests, biased towards the regions where the maths
// can break: 6/8/18 decimals, extreme imbalance, dust and near-overflow amounts.
import { rateFromDecimals, type StableState } from '../../../src/pools/stable/index.ts';

export type Rng = () => number;

export interface PoolConfig {
  decimals: number[];
  amp: bigint;
  fee: bigint;
  adminFee: bigint;
}

export interface SwapCase {
  balances: bigint[];
  i: number;
  j: number;
  dx: bigint;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** Uniform integer in [0, 10^digits) for digits <= 15, as a bigint. */
function lowDigits(rng: Rng, digits: number): bigint {
  return BigInt(Math.floor(rng() * 10 ** Math.min(digits, 15)));
}

/** Log-uniform amount of raw units between 10^lo and 10^hi whole tokens, with non-round low digits. */
function logUniformTokens(rng: Rng, decimals: number, lo: number, hi: number): bigint {
  const exponent = lo + rng() * (hi - lo) + decimals; // in raw units
  const mantissa = 10 ** (exponent - Math.floor(exponent));
  const digits = Math.floor(exponent);
  if (digits < 15) return BigInt(Math.max(0, Math.floor(mantissa * 10 ** digits)));
  return BigInt(Math.floor(mantissa * 1e15)) * 10n ** BigInt(digits - 15) + lowDigits(rng, digits - 15);
}

/** Random pool parameters; `coins` fixes the coin count (2..4), otherwise it is random too. */
export function randomPoolConfig(rng: Rng, coins?: number): PoolConfig {
  const n = coins ?? 2 + Math.floor(rng() * 3);
  const decimals = Array.from({ length: n }, () => (rng() < 0.9 ? pick(rng, [6, 8, 18]) : Math.floor(rng() * 19)));
  return {
    decimals,
    amp: pick(rng, [1n, 2n, 10n, 85n, 100n, 200n, 1000n, 1000n, 2000n, 5000n, 100_000n, 1_000_000n]),
    fee: pick(rng, [0n, 1_000_000n, 4_000_000n, 4_000_000n, 30_000_000n, 5_000_000_000n]),
    adminFee: pick(rng, [0n, 5_000_000_000n, 5_000_000_000n, 10_000_000_000n, BigInt(Math.floor(rng() * 1e10))]),
  };
}

export function stateOf(config: PoolConfig, balances: bigint[]): StableState {
  return {
    balances,
    rates: config.decimals.map(rateFromDecimals),
    amp: config.amp,
    fee: config.fee,
    adminFee: config.adminFee,
  };
}

/** Balances for one case: near parity, moderately or extremely imbalanced, dust-sized, or near uint256 limits. */
export function randomBalances(rng: Rng, decimals: number[]): bigint[] {
  const mode = rng();
  const size = -2 + rng() * 14; // log10 whole tokens per coin: 0.01 .. 1e12
  if (mode < 0.35) {
    return decimals.map((d) => logUniformTokens(rng, d, size - 0.02, size + 0.02));
  }
  if (mode < 0.65) {
    return decimals.map((d) => logUniformTokens(rng, d, size - 1, size + 1));
  }
  if (mode < 0.85) {
    // Extreme: each coin anywhere from a few raw units to 1e12 whole tokens.
    return decimals.map((d) => (rng() < 0.15 ? BigInt(1 + Math.floor(rng() * 3)) : logUniformTokens(rng, d, -6, 12)));
  }
  if (mode < 0.93) {
    return decimals.map(() => BigInt(1 + Math.floor(rng() * 1000)));
  }
  // Near the contract's arithmetic limits: up to 1e40 whole tokens.
  return decimals.map((d) => logUniformTokens(rng, d, 18, 40));
}

/** An input amount of coin i: mostly a fraction of the pool from 1e-12 to 100x, sometimes 0, 1 wei or absurd. */
export function randomDx(rng: Rng, balances: bigint[], decimals: number[], i: number): bigint {
  const mode = rng();
  if (mode < 0.03) return 0n;
  if (mode < 0.08) return BigInt(1 + Math.floor(rng() * 10));
  if (mode < 0.12) return logUniformTokens(rng, decimals[i], 20, 42); // up to 1e60 raw: overflows dx * rate
  const reference = balances[i] > 0n ? balances[i] : 1n;
  const exponent = -12 + rng() * 14; // 1e-12 .. 100 times the balance of coin i
  const scaled = BigInt(Math.floor(10 ** (exponent + 12) * 1e3)); // fraction * 1e15
  const dx = (reference * scaled) / 10n ** 15n;
  return dx > 0n ? dx : 1n;
}

export function randomSwapCase(rng: Rng, decimals: number[]): SwapCase {
  const n = decimals.length;
  const balances = randomBalances(rng, decimals);
  const i = Math.floor(rng() * n);
  const j = (i + 1 + Math.floor(rng() * (n - 1))) % n;
  return { balances, i, j, dx: randomDx(rng, balances, decimals, i) };
}
