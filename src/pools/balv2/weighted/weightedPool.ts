// A Balancer V2 weighted pool as the routing engine sees it: exact Vault + pool swap maths and a float estimate.
// Swap path: https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/pool-utils/contracts/BaseMinimalSwapInfoPool.sol

import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../../poolBase.ts';
import { BalancerError } from '../shared/balancerErrors.ts';
import { FOUR, ONE, TWO } from '../shared/fixedPoint.ts';
import { _downscaleDown, _subtractSwapFeeAmount, _upscale } from '../shared/scalingHelpers.ts';
import { amountAfterFee } from '../shared/estimates.ts';
import { vaultAcceptsSwap } from '../shared/vault.ts';
import type { BalV2WeightedState } from './data.ts';
import { _calcOutGivenIn } from './weightedMath.ts';

/**
 * Amount out of an exact-in swap as `onSwap` computes it: fee off the raw amount (rounded up), upscale, weighted
 * maths, downscale rounding down. Throws BalancerError where the pool reverts.
 */
export function onSwapGivenIn(state: BalV2WeightedState, indexIn: number, indexOut: number, amountIn: bigint): bigint {
  const scalingFactorIn = state.scalingFactors[indexIn];
  const scalingFactorOut = state.scalingFactors[indexOut];
  const balanceIn = _upscale(state.balances[indexIn], scalingFactorIn);
  const balanceOut = _upscale(state.balances[indexOut], scalingFactorOut);

  // Fees are subtracted before scaling, as the contract does.
  const amountInAfterFee = _upscale(_subtractSwapFeeAmount(amountIn, state.swapFeePercentage), scalingFactorIn);
  const amountOut = _calcOutGivenIn(
    balanceIn,
    state.weights[indexIn],
    balanceOut,
    state.weights[indexOut],
    amountInAfterFee,
  );
  return _downscaleDown(amountOut, scalingFactorOut);
}

/** Pool kind "balv2Weighted": a Balancer V2 weighted pool on immutable state. */
export class BalV2WeightedPool implements PoolBase {
  readonly kind = 'balv2Weighted';
  readonly tokenCount: number;
  readonly state: Readonly<BalV2WeightedState>;
  // Float mirrors for estimateOut: upscaled balances in whole units and the raw-to-units factor per token.
  private readonly balanceUnits: number[];
  private readonly unitsPerRaw: number[];
  private readonly weightFloats: number[];
  private readonly feeFloat: number;
  /**
   * Per pair (tokenIn·n + tokenOut), whether LogExpMath pads its power (1) or computes it exactly (2: weight ratio 1, 2
   * or 4); 0 until first asked, as the ratio takes a bigint division and estimateOut runs thousands of times.
   */
  private readonly powerPadded: Uint8Array;

  constructor(state: BalV2WeightedState) {
    const n = state.balances.length;
    if (n < 2 || state.weights.length !== n || state.scalingFactors.length !== n) {
      throw new RangeError('BalV2WeightedState needs >= 2 tokens and equal-length balances, weights, scalingFactors');
    }
    if (state.weights.some((w) => w <= 0n) || state.scalingFactors.some((s) => s <= 0n)) {
      throw new RangeError('BalV2WeightedState weights and scaling factors must be positive');
    }
    if (state.balances.some((b) => b < 0n) || state.swapFeePercentage < 0n || state.swapFeePercentage >= 10n ** 18n) {
      throw new RangeError('BalV2WeightedState balances must be non-negative and the swap fee in [0, 1e18)');
    }
    this.state = Object.freeze({
      balances: [...state.balances],
      weights: [...state.weights],
      scalingFactors: [...state.scalingFactors],
      swapFeePercentage: state.swapFeePercentage,
    });
    this.tokenCount = n;
    this.unitsPerRaw = state.scalingFactors.map((s) => Number(s) / 1e36);
    this.balanceUnits = state.balances.map((b, i) => Number(b) * this.unitsPerRaw[i]);
    this.weightFloats = state.weights.map((w) => Number(w) / 1e18);
    this.feeFloat = Number(state.swapFeePercentage) / 1e18;
    this.powerPadded = new Uint8Array(n * n);
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const amountOut = this.exactOut(tokenIn, tokenOut, amountIn);
    return amountOut === null ? null : { amountOut, ticksCrossed: 0 };
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): BalV2WeightedPool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<BalV2WeightedPool> | null {
    const amountOut = this.exactOut(tokenIn, tokenOut, amountIn);
    if (amountOut === null) return null;
    // The Vault books the full raw amount in (fees stay in the pool) and the amount out.
    const balances = [...this.state.balances];
    balances[tokenIn] += amountIn;
    balances[tokenOut] -= amountOut;
    return { swap: { amountOut, ticksCrossed: 0 }, after: new BalV2WeightedPool({ ...this.state, balances }) };
  }

  /**
   * aO = bO * (1 - (bI / (bI + aI))^(wI / wO)) in floats, with 1 - x^e taken through expm1/log1p so small trades
   * keep full precision, plus the padding powUp adds on LogExpMath exponents (relative 1e-14 + 1 wei).
   */
  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!this.validPair(tokenIn, tokenOut) || !(amountIn > 0) || !Number.isFinite(amountIn)) return 0;
    const balanceIn = this.balanceUnits[tokenIn];
    const a = amountAfterFee(amountIn, this.feeFloat) * this.unitsPerRaw[tokenIn];
    if (!(a <= balanceIn * 0.3)) return 0;
    const exponent = this.weightFloats[tokenIn] / this.weightFloats[tokenOut];
    let complement = -Math.expm1(-exponent * Math.log1p(a / balanceIn));
    if (this.padsPower(tokenIn, tokenOut)) complement -= (1 - complement) * 1e-14 + 1e-18;
    if (!(complement > 0)) return 0;
    // Not rounded down to whole units (see the composable stable pool's estimate).
    return (this.balanceUnits[tokenOut] * complement) / this.unitsPerRaw[tokenOut];
  }

  private padsPower(tokenIn: number, tokenOut: number): boolean {
    const pair = tokenIn * this.tokenCount + tokenOut;
    if (this.powerPadded[pair] === 0) {
      const exactExponent = (this.state.weights[tokenIn] * ONE) / this.state.weights[tokenOut];
      this.powerPadded[pair] = exactExponent !== ONE && exactExponent !== TWO && exactExponent !== FOUR ? 1 : 2;
    }
    return this.powerPadded[pair] === 1;
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
      amountOut = onSwapGivenIn(this.state, tokenIn, tokenOut, amountIn);
    } catch (error) {
      if (error instanceof BalancerError) return null;
      throw error;
    }
    const { balances } = this.state;
    if (amountOut <= 0n || !vaultAcceptsSwap(balances[tokenIn], balances[tokenOut], amountIn, amountOut)) return null;
    return amountOut;
  }
}
