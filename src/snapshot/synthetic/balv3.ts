// Synthetic Balancer V3 weighted and stable pool states (as the V3 Vault holds them) for reproducible snapshots.
import type { BalV3StableState, BalV3WeightedState } from '../../pools/balv3/data.ts';
import { computeMinTokenBalances } from '../../pools/balv3/minTokenBalances.ts';

const ONE = 10n ** 18n;
/** Balancer's default protocol swap fee share; the pool creator's share is taken to be 0. */
const DEFAULT_AGGREGATE_SWAP_FEE = 0.5;

export interface SynthesizeBalV3WeightedOptions {
  /** Seeded uniform [0, 1) generator, e.g. createRandom(seed). */
  rng: () => number;
  decimals: number[];
  pricesUsd: number[];
  /** Relative weights, e.g. [0.8, 0.2]; normalised to sum to 1e18 exactly, each at least 1% (the pool's minimum). */
  weights: number[];
  tvlUsd: number;
  /** Fee fraction, e.g. 0.003; drawn from common tiers (0.1%..1%) when omitted. */
  swapFee?: number;
  /** Protocol + creator share of the swap fee; 0.5 when omitted. */
  aggregateSwapFee?: number;
}

export interface SynthesizeBalV3StableOptions {
  rng: () => number;
  /** 2..5 tokens (StablePool's limit), each worth $1 per underlying unit. */
  decimals: number[];
  tvlUsd: number;
  /** A (not multiplied by AMP_PRECISION), 1..50000; drawn from 50..2000 when omitted. */
  amp?: number;
  /** Fee fraction, e.g. 0.0004; drawn from common tiers (0.01%..0.1%) when omitted. */
  swapFee?: number;
  /** Rate-provider rates per token (1 when omitted), e.g. 1.05 for a yield-bearing wrapper. */
  rates?: number[];
  aggregateSwapFee?: number;
}

/**
 * A weighted pool holding `tvlUsd` split by weight at the given prices, each balance off by up to 0.5% (arbitrage is
 * never perfect), with the factory's minimum token balances. Token rates are 1e18: a weighted pool's raw-unit prices
 * do not depend on them.
 * @example synthesizeBalV3Weighted({ rng: createRandom(1), decimals: [18, 6], pricesUsd: [3000, 1], weights: [0.8, 0.2], tvlUsd: 2_000_000 })
 */
export function synthesizeBalV3Weighted(opts: SynthesizeBalV3WeightedOptions): BalV3WeightedState {
  const { rng, decimals, pricesUsd, weights, tvlUsd } = opts;
  const n = decimals.length;
  if (n < 2 || n > 8 || pricesUsd.length !== n || weights.length !== n) {
    throw new RangeError('synthesizeBalV3Weighted needs 2..8 tokens and equal-length decimals, pricesUsd, weights');
  }
  if (pricesUsd.some((p) => !(p > 0)) || !(tvlUsd > 0)) throw new RangeError('prices and tvlUsd must be positive');
  const weightSum = weights.reduce((s, w) => s + w, 0);
  if (weights.some((w) => !(w / weightSum >= 0.01))) {
    throw new RangeError('every weight must be at least 1% of the total');
  }

  // Normalised weights must add up to exactly ONE; the last token takes the rounding.
  const normalised = weights.map((w) => BigInt(Math.round((w / weightSum) * 1e14)) * 10_000n);
  normalised[n - 1] = ONE - normalised.slice(0, n - 1).reduce((s, w) => s + w, 0n);

  const balancesRaw = decimals.map((d, i) => {
    const tokens = ((tvlUsd * weights[i]) / weightSum / pricesUsd[i]) * (1 + (rng() - 0.5) * 0.01);
    return tokenAmount(tokens, d, rng);
  });
  const swapFee = opts.swapFee ?? pick(rng, [0.001, 0.0025, 0.003, 0.005, 0.01]);
  return {
    balancesRaw,
    decimals: decimals.slice(),
    tokenRates: decimals.map(() => ONE),
    weights: normalised,
    // What WeightedPoolFactory sets; derived from the decimals, so it draws nothing from `rng` and the other pools
    // of a generated snapshot stay as they were.
    minTokenBalances: computeMinTokenBalances(decimals),
    swapFee: feeToWad(swapFee, 1e-5),
    aggregateSwapFee: aggregateFeeToWad(opts.aggregateSwapFee),
  };
}

/**
 * A stable pool of $1 tokens holding `tvlUsd`, each token's share off by up to 10% from an even split.
 * @example synthesizeBalV3Stable({ rng: createRandom(2), decimals: [18, 6, 6], tvlUsd: 1_000_000, amp: 200 })
 */
export function synthesizeBalV3Stable(opts: SynthesizeBalV3StableOptions): BalV3StableState {
  const { rng, decimals, tvlUsd } = opts;
  const n = decimals.length;
  if (n < 2 || n > 5 || (opts.rates && opts.rates.length !== n)) {
    throw new RangeError('synthesizeBalV3Stable needs 2..5 tokens (and one rate per token when rates are given)');
  }
  if (!(tvlUsd > 0)) throw new RangeError('tvlUsd must be positive');
  const amp = opts.amp ?? pick(rng, [50, 100, 200, 500, 1000, 2000]);
  if (!(amp >= 1 && amp <= 50_000)) throw new RangeError(`amp must be in 1..50000 (StableMath bounds), got ${amp}`);
  const rates = opts.rates ?? decimals.map(() => 1);
  if (rates.some((r) => !(r > 0))) throw new RangeError('rates must be positive');

  const shares = decimals.map(() => 1 + (rng() - 0.5) * 0.2);
  const shareSum = shares.reduce((s, x) => s + x, 0);
  const balancesRaw = decimals.map((d, i) => tokenAmount((tvlUsd * shares[i]) / shareSum / rates[i], d, rng));
  const swapFee = opts.swapFee ?? pick(rng, [0.0001, 0.0004, 0.0005, 0.001]);
  return {
    balancesRaw,
    decimals: decimals.slice(),
    tokenRates: rates.map((r) => BigInt(Math.round(r * 1e12)) * 1_000_000n),
    amp: BigInt(Math.round(amp * 1000)),
    swapFee: feeToWad(swapFee, 1e-6),
    aggregateSwapFee: aggregateFeeToWad(opts.aggregateSwapFee),
  };
}

function pick<T>(rng: () => number, choices: readonly T[]): T {
  return choices[Math.floor(rng() * choices.length)];
}

/** `tokens` whole tokens in raw units; digits below float precision are random rather than zeros. */
function tokenAmount(tokens: number, decimals: number, rng: () => number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
    throw new RangeError(`token decimals must be an integer in 0..18 (the V3 Vault's limit), got ${decimals}`);
  }
  const whole = Math.floor(tokens);
  const fracDigits = Math.min(decimals, 15);
  const frac = BigInt(Math.floor((tokens - whole) * 10 ** fracDigits));
  const noise = BigInt(Math.floor(rng() * 10 ** (decimals - fracDigits)));
  return BigInt(whole) * 10n ** BigInt(decimals) + frac * 10n ** BigInt(decimals - fracDigits) + noise;
}

/** A fee fraction as 1e18 = 100%, within the pool's static fee bounds: [min, 10%] (min 1e-5 weighted, 1e-6 stable). */
function feeToWad(fee: number, min: number): bigint {
  if (!(fee >= min && fee <= 0.1)) throw new RangeError(`swapFee must be within [${min}, 0.1], got ${fee}`);
  return BigInt(Math.round(fee * 1e12)) * 1_000_000n;
}

function aggregateFeeToWad(fee = DEFAULT_AGGREGATE_SWAP_FEE): bigint {
  if (!(fee >= 0 && fee <= 1)) throw new RangeError(`aggregateSwapFee must be within [0, 1], got ${fee}`);
  return BigInt(Math.round(fee * 1e12)) * 1_000_000n;
}
