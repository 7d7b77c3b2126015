// Synthetic Balancer V2 pool states (weighted and composable stable) for reproducible snapshots and tests.

import type { BalV2StableState } from '../../pools/balv2/composableStable/data.ts';
import type { BalV2WeightedState } from '../../pools/balv2/weighted/data.ts';

const ONE = 10n ** 18n;

export interface SynthesizeBalV2WeightedOptions {
  /** Seeded uniform [0, 1) generator, e.g. createRandom(seed). */
  rng: () => number;
  decimals: number[];
  pricesUsd: number[];
  /** Relative weights, e.g. [0.8, 0.2]; normalised to sum to 1e18 exactly. */
  weights: number[];
  tvlUsd: number;
  /** Fee fraction, e.g. 0.003; drawn from common tiers (0.1%..1%) when omitted. */
  swapFee?: number;
}

export interface SynthesizeBalV2StableOptions {
  rng: () => number;
  decimals: number[];
  tvlUsd: number;
  /** A (not multiplied by AMP_PRECISION); drawn from 50..2000 when omitted. */
  amp?: number;
  /** Fee fraction, e.g. 0.0004; drawn from common tiers (0.01%..0.1%) when omitted. */
  swapFee?: number;
  /** Rate-provider rates per token (1 when omitted), e.g. 1.05 for a yield-bearing wrapper. */
  rates?: number[];
}

/**
 * A weighted pool holding `tvlUsd` split by weight at the given prices, each balance off by up to 0.5% (arbitrage is
 * never perfect).
 * @example synthesizeBalV2Weighted({ rng: createRandom(1), decimals: [18, 18], pricesUsd: [0.01, 0.00005], weights: [0.8, 0.2], tvlUsd: 250_000 })
 */
export function synthesizeBalV2Weighted(opts: SynthesizeBalV2WeightedOptions): BalV2WeightedState {
  const { rng, decimals, pricesUsd, weights, tvlUsd } = opts;
  const n = decimals.length;
  if (n < 2 || pricesUsd.length !== n || weights.length !== n) {
    throw new RangeError('synthesizeBalV2Weighted needs >= 2 tokens and equal-length decimals, pricesUsd, weights');
  }
  if (weights.some((w) => !(w > 0)) || pricesUsd.some((p) => !(p > 0)) || !(tvlUsd > 0) || !Number.isFinite(tvlUsd)) {
    throw new RangeError('weights, prices and tvlUsd must be positive');
  }
  const weightSum = weights.reduce((s, w) => s + w, 0);
  // Normalised weights must add up to exactly ONE; the last token takes the rounding.
  const normalised = weights.map((w) => BigInt(Math.round((w / weightSum) * 1e14)) * 10000n);
  normalised[n - 1] = ONE - normalised.slice(0, n - 1).reduce((s, w) => s + w, 0n);

  const balances = decimals.map((d, i) => {
    const tokens = ((tvlUsd * weights[i]) / weightSum / pricesUsd[i]) * (1 + (rng() - 0.5) * 0.01);
    return toRaw(tokens, d);
  });
  const swapFee = opts.swapFee ?? pick(rng, [0.001, 0.0025, 0.003, 0.005, 0.01]);
  return {
    balances,
    weights: normalised,
    scalingFactors: decimals.map((d) => scalingFactor(d, ONE)),
    swapFeePercentage: feeToWad(swapFee),
  };
}

/**
 * A composable stable pool of $1 tokens holding `tvlUsd`, each token's share off by up to 10% from an even split.
 * @example synthesizeBalV2Stable({ rng: createRandom(2), decimals: [18, 6, 6], tvlUsd: 1_000_000, amp: 200 })
 */
export function synthesizeBalV2Stable(opts: SynthesizeBalV2StableOptions): BalV2StableState {
  const { rng, decimals, tvlUsd } = opts;
  const n = decimals.length;
  if (n < 2 || n > 5 || (opts.rates && opts.rates.length !== n)) {
    throw new RangeError('synthesizeBalV2Stable needs 2..5 tokens (and one rate per token when rates are given)');
  }
  if (!(tvlUsd > 0) || !Number.isFinite(tvlUsd)) throw new RangeError(`tvlUsd must be positive, got ${tvlUsd}`);
  const amp = opts.amp ?? pick(rng, [50, 100, 200, 500, 1000, 2000]);
  if (!(amp >= 1 && amp <= 5000)) throw new RangeError(`amp must be in 1..5000 (StableMath bounds), got ${amp}`);
  const rates = opts.rates ?? decimals.map(() => 1);

  const shares = decimals.map(() => 1 + (rng() - 0.5) * 0.2);
  const shareSum = shares.reduce((s, x) => s + x, 0);
  const balances = decimals.map((d, i) => toRaw((tvlUsd * shares[i]) / shareSum / rates[i], d));
  const swapFee = opts.swapFee ?? pick(rng, [0.0001, 0.0004, 0.0005, 0.001]);
  return {
    balances,
    scalingFactors: decimals.map((d, i) => scalingFactor(d, BigInt(Math.round(rates[i] * 1e6)) * 10n ** 12n)),
    amp: BigInt(Math.round(amp * 1000)),
    swapFeePercentage: feeToWad(swapFee),
  };
}

function pick<T>(rng: () => number, choices: readonly T[]): T {
  return choices[Math.floor(rng() * choices.length)];
}

/** 10^(18 - decimals) * rate, as ComposableStablePool builds it (rate = ONE for plain tokens). */
function scalingFactor(decimals: number, rate: bigint): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
    throw new RangeError(`token decimals must be an integer in 0..18, got ${decimals}`);
  }
  return 10n ** BigInt(18 - decimals) * rate;
}

function toRaw(tokens: number, decimals: number): bigint {
  return BigInt(Math.round(tokens * 10 ** decimals));
}

function feeToWad(fee: number): bigint {
  // Balancer V2 accepts 1e-6 to 10%; realistic pools sit between 0.01% and 1%.
  if (!(fee >= 1e-6 && fee <= 0.1)) throw new RangeError(`swapFee must be within [1e-6, 0.1], got ${fee}`);
  return BigInt(Math.round(fee * 1e6)) * 10n ** 12n;
}
