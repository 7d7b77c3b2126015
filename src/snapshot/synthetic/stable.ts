// Synthetic Curve StableSwap state: dollar-pegged coins near parity, as a healthy stable pool on chain 369 looks.
import { rateFromDecimals, type StableState } from '../../pools/stable/data.ts';

export interface SynthesizeStableOptions {
  /** Seeded uniform [0, 1) source (createRandom), so snapshots are reproducible. */
  rng: () => number;
  /** Decimals of each coin (2..4 coins), e.g. [6, 6, 18] for DexA's USDT/USDC/DAI pool. */
  decimals: number[];
  /** Total value in US dollars; every coin is taken to be worth $1. */
  tvlUsd: number;
  /** Plain A; defaults to DexA's 1000. */
  amp?: bigint;
  /** Swap fee of 1e10; defaults to DexA's 4_000_000 (0.04%). */
  fee?: bigint;
  /** Largest relative deviation of a coin's share from 1/n, in [0, 1); defaults to 0.05. */
  imbalance?: number;
}

/** DexA's admin fee: half of the swap fee. */
const DEFAULT_ADMIN_FEE = 5_000_000_000n;

/**
 * A pool state whose coin shares deviate from 1/n by at most `imbalance` (uniform noise, rescaled to `tvlUsd`),
 * with non-round raw balances like a pool that has traded for a while.
 * @example synthesizeStableState({ rng: createRandom(1), decimals: [6, 6, 18], tvlUsd: 936_400 })
 */
export function synthesizeStableState(opts: SynthesizeStableOptions): StableState {
  const { rng, decimals, tvlUsd } = opts;
  const imbalance = opts.imbalance ?? 0.05;
  if (decimals.length < 2 || decimals.length > 4) throw new RangeError('A stable pool has 2..4 coins');
  if (!(tvlUsd > 0) || !Number.isFinite(tvlUsd)) throw new RangeError(`tvlUsd must be positive, got ${tvlUsd}`);
  if (!(imbalance >= 0 && imbalance < 1)) throw new RangeError(`imbalance must be in [0, 1), got ${imbalance}`);

  const weights = decimals.map(() => 1 + imbalance * (2 * rng() - 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const balances = decimals.map((d, k) => tokenAmount((tvlUsd * weights[k]) / total, d, rng));
  return {
    balances,
    rates: decimals.map(rateFromDecimals),
    amp: opts.amp ?? 1000n,
    fee: opts.fee ?? 4_000_000n,
    adminFee: DEFAULT_ADMIN_FEE,
  };
}

/** `tokens` whole tokens in raw units; digits below float precision are random rather than zeros. */
function tokenAmount(tokens: number, decimals: number, rng: () => number): bigint {
  const whole = Math.floor(tokens);
  const fracDigits = Math.min(decimals, 15);
  const frac = BigInt(Math.floor((tokens - whole) * 10 ** fracDigits));
  const noise = BigInt(Math.floor(rng() * 10 ** (decimals - fracDigits)));
  return BigInt(whole) * 10n ** BigInt(decimals) + frac * 10n ** BigInt(decimals - fracDigits) + noise;
}
