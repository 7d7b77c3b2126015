// Shared pieces of the balv3 tests: random pool states that reach the interesting regions, and the
// @balancer-labs/balancer-maths reference run on the same state.
import { Stable, type SwapParams, SwapKind, Vault, Weighted } from '@balancer-labs/balancer-maths';
import {
  type BalV3BaseState,
  type BalV3StableState,
  type BalV3WeightedState,
  computeMinTokenBalances,
} from '../../../src/pools/balv3/index.ts';

export const ONE = 10n ** 18n;
const TOKENS = ['0x01', '0x02', '0x03', '0x04', '0x05', '0x06', '0x07', '0x08'];

/**
 * balancer-maths 0.0.41 models WeightedPool before 1.0.0. 1.0.0's onSwap (WeightedPool.sol ~line 172), written out
 * here from the Solidity: the same WeightedMath on the balance in plus one wei, between a minimum-balance check of
 * the balance in (before) and of the balance out (after the swap; a negative one is the checked subtraction's panic).
 */
class WeightedPool100 extends Weighted {
  private readonly minTokenBalances: bigint[];
  constructor(state: { weights: bigint[]; minTokenBalances: bigint[] }) {
    super(state);
    this.minTokenBalances = state.minTokenBalances;
  }
  override onSwap(params: SwapParams): bigint {
    const { balancesLiveScaled18, indexIn, indexOut } = params;
    const balances = [...balancesLiveScaled18];
    balances[indexIn] += 1n;
    if (balances[indexIn] < this.minTokenBalances[indexIn]) throw new Error('TokenBalanceBelowMin (in)');
    const amountOut = super.onSwap({ ...params, balancesLiveScaled18: balances });
    if (balances[indexOut] - amountOut < this.minTokenBalances[indexOut]) throw new Error('TokenBalanceBelowMin (out)');
    return amountOut;
  }
}

/**
 * balancer-maths 0.0.41 models StablePool before 1.0.0. 1.0.0's onSwap (StablePool.sol ~line 195) also rejects a swap
 * when the largest of the balances before and after it is 10000 times the smallest (integer division), written
 * out here over both whole balance vectors rather than the contract's running min and max.
 */
class StablePool100 extends Stable {
  override onSwap(params: SwapParams): bigint {
    const { balancesLiveScaled18: before, indexIn, indexOut, amountGivenScaled18 } = params;
    const amountOut = super.onSwap(params);
    const after = [...before];
    after[indexIn] += amountGivenScaled18;
    after[indexOut] -= amountOut;
    const all = [...before, ...after];
    const min = all.reduce((a, b) => (b < a ? b : a));
    const max = all.reduce((a, b) => (b > a ? b : a));
    if (max / min >= 10_000n) throw new Error('MaxImbalanceRatioExceeded');
    return amountOut;
  }
}

/** balancer-maths' Vault with the 1.0.0 pools the devnet deploys (and the engine models). */
const vault = new Vault({ customPoolClasses: { WEIGHTED_1_0_0: WeightedPool100, STABLE_1_0_0: StablePool100 } });
/** balancer-maths as published: the pools before 1.0.0. */
const vaultBefore100 = new Vault();

export type Rng = () => number;

export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** A bigint log-uniform in [10^loExp, 10^hiExp), with full random low digits. */
export function logUniform(rng: Rng, loExp: number, hiExp: number): bigint {
  const exp = loExp + rng() * (hiExp - loExp);
  const whole = Math.floor(exp);
  const mantissa = BigInt(Math.floor(10 ** (exp - whole) * 1e15));
  const scaled = mantissa * 10n ** BigInt(Math.max(whole, 0));
  return scaled / 10n ** 15n + BigInt(Math.floor(rng() * 1000));
}

/** Scaled18 value -> raw amount of a token with these decimals and rate (rounded down). */
export function rawFromScaled(scaled18: bigint, decimals: number, rate: bigint): bigint {
  return (scaled18 * ONE) / (10n ** BigInt(18 - decimals) * rate);
}

function randomRate(rng: Rng): bigint {
  const r = rng();
  if (r < 0.55) return ONE;
  if (r < 0.65) return pick(rng, [2n * ONE, 3n * ONE]); // whole rates are not rounded up
  return logUniform(rng, 17.5, 18.7); // ~0.3 .. 5, with wei noise
}

function randomFees(rng: Rng): { swapFee: bigint; aggregateSwapFee: bigint } {
  const swapFee = rng() < 0.1 ? 0n : rng() < 0.2 ? pick(rng, [10n ** 12n, 10n ** 17n]) : logUniform(rng, 12, 17);
  const aggregateSwapFee = pick(rng, [0n, 0n, 5n * 10n ** 17n, ONE, logUniform(rng, 15, 17.99)]);
  return { swapFee, aggregateSwapFee };
}

/** Live (scaled18) balance targets: a common base with per-token spread; `spread` decades of imbalance. */
function randomBase(rng: Rng, n: number, spread: number): BalV3BaseState {
  const decimals = Array.from({ length: n }, () => pick(rng, [18, 18, 18, 6, 6, 8, 12, 2, 0]));
  const tokenRates = Array.from({ length: n }, () => randomRate(rng));
  const center = 19 + rng() * 12; // 10 .. 1e12 whole tokens
  const balancesRaw = decimals.map((d, i) => {
    const e = Math.min(center + (rng() - 0.5) * spread, 37.5); // raw and live balances stay below 2^128
    return rawFromScaled(logUniform(rng, e, e + 0.01), d, tokenRates[i]) + 1n;
  });
  return { balancesRaw, decimals, tokenRates, ...randomFees(rng) };
}

/** Normalized weights with each at least 1% and exactly 1e18 in total, often the 50/50 or 80/20 shapes. */
export function randomWeights(rng: Rng, n: number): bigint[] {
  if (n === 2 && rng() < 0.3) {
    return pick(rng, [[ONE / 2n, ONE / 2n], [8n * 10n ** 17n, 2n * 10n ** 17n], [2n * 10n ** 17n, 8n * 10n ** 17n]]);
  }
  const raw = Array.from({ length: n }, () => 0.05 + rng());
  const total = raw.reduce((a, b) => a + b, 0);
  const weights = raw.map((w) => BigInt(Math.floor((w / total) * 0.99e18)) + 10n ** 16n / BigInt(n));
  const sum = weights.reduce((a, b) => a + b, 0n);
  weights[n - 1] += ONE - sum;
  return weights;
}

/**
 * Weighted states; a quarter have minimum balances other than the factory's (a pool deployed outside the factory may
 * set any minimum from 1e6 up), drawn from 1/1000 to 1.5 times the live balance so swaps cross them both ways.
 */
export function randomWeightedState(rng: Rng): BalV3WeightedState {
  const n = rng() < 0.6 ? 2 : randInt(rng, 3, 8);
  const spread = pick(rng, [0.5, 2, 6, 14]);
  const base = randomBase(rng, n, spread);
  const weights = randomWeights(rng, n);
  let minTokenBalances = computeMinTokenBalances(base.decimals);
  if (rng() < 0.25) {
    minTokenBalances = liveBalances(base).map((live, i) => {
      const near = (live * BigInt(Math.floor(10 ** (rng() * 3.18 - 3) * 1e6))) / 1_000_000n;
      return near > minTokenBalances[i] ? near : minTokenBalances[i];
    });
  }
  return { ...base, weights, minTokenBalances };
}

export function randomStableState(rng: Rng): BalV3StableState {
  const n = rng() < 0.6 ? 2 : randInt(rng, 3, 5);
  // Stable pools live near balance; the larger spreads reach the steep ends of the curve.
  const spread = pick(rng, [0.02, 0.2, 1, 3, 8]);
  const A = rng() < 0.3 ? pick(rng, [1n, 50000n, 200n]) : BigInt(Math.floor(10 ** (rng() * 4.7)));
  const amp = A * 1000n + (rng() < 0.2 ? BigInt(randInt(rng, 1, 999)) : 0n); // mid-ramp amps are not whole
  return { ...randomBase(rng, n, spread), amp };
}

/** Amount in: usually a log-uniform fraction of the token-in balance (up to `maxFraction`), sometimes a few wei. */
export function randomAmountIn(rng: Rng, balanceIn: bigint, maxFraction: number): bigint {
  const r = rng();
  if (r < 0.04) return BigInt(randInt(rng, 1, 3));
  if (r < 0.08) return logUniform(rng, 0, 7);
  if (r < 0.25) return (balanceIn * BigInt(Math.floor((0.1 + rng() * (maxFraction - 0.1)) * 1e18))) / ONE + 1n;
  const fraction = 10 ** (-18 + rng() * (18 + Math.log10(maxFraction)));
  const amount = (balanceIn * BigInt(Math.floor(fraction * 1e18))) / ONE;
  return amount > 0n ? amount : 1n;
}

export function liveBalances(s: BalV3BaseState): bigint[] {
  return s.balancesRaw.map((b, i) => (b * 10n ** BigInt(18 - s.decimals[i]) * s.tokenRates[i]) / ONE);
}

/**
 * The pool state as balancer-maths takes it: live balances computed as the Vault loads them; the pool type is the
 * 1.0.0 pool above, or balancer-maths' own with `before100`.
 */
export function referenceState(s: BalV3WeightedState | BalV3StableState, before100 = false): any {
  const n = s.balancesRaw.length;
  const poolType = 'weights' in s ? 'WEIGHTED' : 'STABLE';
  return {
    poolAddress: '0xpool',
    poolType: before100 ? poolType : `${poolType}_1_0_0`,
    tokens: TOKENS.slice(0, n),
    scalingFactors: s.decimals.map((d) => 10n ** BigInt(18 - d)),
    tokenRates: s.tokenRates,
    balancesLiveScaled18: liveBalances(s),
    swapFee: s.swapFee,
    aggregateSwapFee: s.aggregateSwapFee,
    totalSupply: ONE,
    supportsUnbalancedLiquidity: true,
    ...('weights' in s ? { weights: s.weights, minTokenBalances: s.minTokenBalances } : { amp: s.amp }),
  };
}

/**
 * balancer-maths Vault.swap ExactIn on the 1.0.0 pools (or, with `before100`, on the pools it models itself): the
 * amount out, or the thrown error.
 */
export function referenceSwap(
  s: BalV3WeightedState | BalV3StableState,
  tokenIn: number,
  tokenOut: number,
  amountIn: bigint,
  before100 = false,
): { amountOut: bigint } | { error: unknown } {
  try {
    const amountOut = (before100 ? vaultBefore100 : vault).swap(
      { amountRaw: amountIn, tokenIn: TOKENS[tokenIn], tokenOut: TOKENS[tokenOut], swapKind: SwapKind.GivenIn },
      referenceState(s, before100),
    );
    return { amountOut };
  } catch (error) {
    return { error };
  }
}

const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * Whether StableMath.computeInvariant, run as balancer-maths runs it (unbounded bigints), passes through a
 * product that does not fit in uint256 — where Solidity 0.8's checked arithmetic reverts and balancer-maths does not.
 */
export function stableInvariantOverflowsUint256(amp: bigint, balances: readonly bigint[]): boolean {
  const n = BigInt(balances.length);
  const sum = balances.reduce((a, b) => a + b, 0n);
  const fits = (x: bigint) => x <= MAX_UINT256;
  let invariant = sum;
  for (let i = 0; i < 255; i++) {
    let D_P = invariant;
    for (const b of balances) {
      if (!fits(D_P * invariant)) return true;
      D_P = (D_P * invariant) / (b * n);
    }
    const numerator = (((amp * n * sum) / 1000n) + D_P * n) * invariant;
    if (!fits(numerator) || !fits((n + 1n) * D_P)) return true;
    const prev = invariant;
    invariant = numerator / ((((amp * n - 1000n) * invariant) / 1000n) + (n + 1n) * D_P);
    const diff = invariant > prev ? invariant - prev : prev - invariant;
    if (diff <= 1n) return false;
  }
  return false;
}
