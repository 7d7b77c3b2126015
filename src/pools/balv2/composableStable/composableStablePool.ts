// A Balancer V2 composable stable pool (v2, 20221122) for token-to-token swaps: exact maths and a float estimate.
// Swap path (BaseGeneralPool._swapGivenIn -> ComposableStablePool._onRegularSwap):
// https://github.com/balancer/balancer-v2-monorepo/blob/3251913e63949f35be168b42987d0aae297a01b1/pkg/pool-stable/contracts/ComposableStablePool.sol

import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../../poolBase.ts';
import { BalancerError } from '../shared/balancerErrors.ts';
import { _downscaleDown, _subtractSwapFeeAmount, _upscale } from '../shared/scalingHelpers.ts';
import { amountAfterFee } from '../shared/estimates.ts';
import { vaultAcceptsSwap } from '../shared/vault.ts';
import type { BalV2StableState } from './data.ts';
import { _AMP_PRECISION, _calcOutGivenIn, _calculateInvariant } from './stableMath.ts';

/** Upscaled balances and their invariant: all a swap needs that does not depend on the swap itself. */
export interface StableSwapBasis {
  upscaledBalances: bigint[];
  invariant: bigint;
}

/** Upscales the balances (rounding down) and computes the invariant the pool uses for every regular swap. */
export function computeSwapBasis(state: BalV2StableState): StableSwapBasis {
  const upscaledBalances = state.balances.map((b, i) => _upscale(b, state.scalingFactors[i]));
  return { upscaledBalances, invariant: _calculateInvariant(state.amp, upscaledBalances) };
}

/**
 * Amount out of an exact-in token-to-token swap as the pool computes it: fee off the raw amount (rounded up),
 * upscale, StableMath against the invariant of the current balances, downscale rounding down.
 * Throws BalancerError where the pool reverts. `basis` may be passed when already computed for this state.
 */
export function onSwapGivenIn(
  state: BalV2StableState,
  indexIn: number,
  indexOut: number,
  amountIn: bigint,
  basis: StableSwapBasis = computeSwapBasis(state),
): bigint {
  // Fees are subtracted before scaling, as the contract does.
  const amountInAfterFee = _upscale(_subtractSwapFeeAmount(amountIn, state.swapFeePercentage), state.scalingFactors[indexIn]);
  const amountOut = _calcOutGivenIn(state.amp, basis.upscaledBalances, indexIn, indexOut, amountInAfterFee, basis.invariant);
  return _downscaleDown(amountOut, state.scalingFactors[indexOut]);
}

/** Pool kind "balv2Stable": a composable stable pool's tradable tokens (BPT excluded) on immutable state. */
export class BalV2StablePool implements PoolBase {
  readonly kind = 'balv2Stable';
  readonly tokenCount: number;
  readonly state: Readonly<BalV2StableState>;
  // Computed on first use and kept: routing prices many amounts against the same state.
  private basis: StableSwapBasis | null | undefined;
  private floats: StableFloats | undefined;

  constructor(state: BalV2StableState) {
    const n = state.balances.length;
    if (n < 2 || state.scalingFactors.length !== n) {
      throw new RangeError('BalV2StableState needs >= 2 tokens and equal-length balances and scalingFactors');
    }
    if (state.scalingFactors.some((s) => s <= 0n) || state.amp < _AMP_PRECISION) {
      throw new RangeError('BalV2StableState scaling factors must be positive and amp at least 1 * AMP_PRECISION');
    }
    if (state.balances.some((b) => b < 0n) || state.swapFeePercentage < 0n || state.swapFeePercentage >= 10n ** 18n) {
      throw new RangeError('BalV2StableState balances must be non-negative and the swap fee in [0, 1e18)');
    }
    this.state = Object.freeze({
      balances: [...state.balances],
      scalingFactors: [...state.scalingFactors],
      amp: state.amp,
      swapFeePercentage: state.swapFeePercentage,
    });
    this.tokenCount = n;
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const amountOut = this.exactOut(tokenIn, tokenOut, amountIn);
    return amountOut === null ? null : { amountOut, ticksCrossed: 0 };
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): BalV2StablePool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<BalV2StablePool> | null {
    const amountOut = this.exactOut(tokenIn, tokenOut, amountIn);
    if (amountOut === null) return null;
    // The Vault books the full raw amount in (fees stay in the pool) and the amount out.
    const balances = [...this.state.balances];
    balances[tokenIn] += amountIn;
    balances[tokenOut] -= amountOut;
    return { swap: { amountOut, ticksCrossed: 0 }, after: new BalV2StablePool({ ...this.state, balances }) };
  }

  /**
   * Float version of the same curve. Solving for the output delta dy directly (rather than the new balance y and
   * then y0 - y) avoids cancellation on small trades: with c0 := y0 (y0 + b0) the pre-swap balances satisfy the
   * quadratic exactly, and the post-swap one becomes dy^2 - B dy + C = 0, whose small root is 2C / (B + sqrt(B^2 - 4C)).
   * The contract's c is larger than the real one by the ratio its floored P_D loop loses (see pdTruncation); on
   * small, lopsided pools that moves the output by far more than 1e-6, so C carries that term too.
   */
  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!this.validPair(tokenIn, tokenOut) || !(amountIn > 0) || !Number.isFinite(amountIn)) return 0;
    const f = (this.floats ??= stableFloats(this.state));
    const a = amountAfterFee(amountIn, f.fee) * f.unitsPerRaw[tokenIn];
    const x = f.balances[tokenIn];
    const y0 = f.balances[tokenOut];
    const b0 = f.sum - y0 + f.invariant / f.ampTimesTotal - f.invariant;
    const c0 = y0 * (y0 + b0);
    const B = 2 * y0 + b0 + a;
    const C = a * y0 + (c0 * a) / (x + a) - ((c0 * x) / (x + a)) * pdTruncation(f, tokenIn, a);
    const discriminant = B * B - 4 * C;
    if (!(discriminant >= 0)) return 0;
    const dy = (2 * C) / (B + Math.sqrt(discriminant));
    // Not rounded down to whole units as the contract does: searches take rates from nearby estimates, and whole units
    // would make those of small trades jump by a unit's share.
    return dy > 0 && dy < y0 ? dy / f.unitsPerRaw[tokenOut] : 0;
  }

  private validPair(tokenIn: number, tokenOut: number): boolean {
    const n = this.tokenCount;
    return Number.isInteger(tokenIn) && Number.isInteger(tokenOut) && tokenIn >= 0 && tokenOut >= 0 &&
      tokenIn < n && tokenOut < n && tokenIn !== tokenOut;
  }

  private exactOut(tokenIn: number, tokenOut: number, amountIn: bigint): bigint | null {
    // The Vault rejects a zero amount and a token swapped for itself.
    if (!this.validPair(tokenIn, tokenOut) || amountIn <= 0n) return null;
    let amountOut: bigint;
    try {
      if (this.basis === undefined) this.basis = computeSwapBasis(this.state);
      if (this.basis === null) return null;
      amountOut = onSwapGivenIn(this.state, tokenIn, tokenOut, amountIn, this.basis);
    } catch (error) {
      if (!(error instanceof BalancerError)) throw error;
      // A state whose invariant reverts reverts every swap; remember that.
      if (this.basis === undefined) this.basis = null;
      return null;
    }
    const { balances } = this.state;
    if (amountOut <= 0n || !vaultAcceptsSwap(balances[tokenIn], balances[tokenOut], amountIn, amountOut)) return null;
    return amountOut;
  }
}

interface StableFloats {
  /** Upscaled balances in whole units (1e18 upscaled wei = 1). */
  balances: number[];
  unitsPerRaw: number[];
  sum: number;
  invariant: number;
  /** A n^n: amp * n / AMP_PRECISION. */
  ampTimesTotal: number;
  fee: number;
}

function stableFloats(state: Readonly<BalV2StableState>): StableFloats {
  const n = state.balances.length;
  const unitsPerRaw = state.scalingFactors.map((s) => Number(s) / 1e36);
  const balances = state.balances.map((b, i) => Number(b) * unitsPerRaw[i]);
  const sum = balances.reduce((s, b) => s + b, 0);
  const ampTimesTotal = (Number(state.amp) * n) / Number(_AMP_PRECISION);
  // The contract's Newton iteration for D, in floats.
  let invariant = sum;
  for (let i = 0; i < 255; i++) {
    let D_P = invariant;
    for (const b of balances) D_P = (D_P * invariant) / (b * n);
    const prev = invariant;
    invariant = ((ampTimesTotal * sum + D_P * n) * invariant) / ((ampTimesTotal - 1) * invariant + (n + 1) * D_P);
    if (Math.abs(invariant - prev) <= 1e-15 * invariant) break;
  }
  return { balances, unitsPerRaw, sum, invariant, ampTimesTotal, fee: Number(state.swapFeePercentage) / 1e18 };
}

/**
 * (exact P_D) / (contract P_D) - 1 for the post-swap balances: _getTokenBalanceGivenInvariantAndAllOtherBalances
 * floors P_D = P_D * b_j * n / D at every step, in 18-decimal wei. Replayed in floats, which hold these values
 * exactly in the range where the flooring matters (below 2^53) and make floor a no-op above it.
 */
function pdTruncation(f: StableFloats, tokenIn: number, amountInUnits: number): number {
  const n = f.balances.length;
  const invariantWei = f.invariant * 1e18;
  let pd = Math.floor((f.balances[0] + (tokenIn === 0 ? amountInUnits : 0)) * 1e18) * n;
  let lost = 0;
  for (let j = 1; j < n; j++) {
    const balanceWei = (f.balances[j] + (j === tokenIn ? amountInUnits : 0)) * 1e18;
    const exact = (pd * balanceWei * n) / invariantWei;
    pd = Math.floor(exact);
    if (pd <= 0) return 0;
    const step = (exact - pd) / pd;
    lost += step + lost * step;
  }
  return lost;
}
