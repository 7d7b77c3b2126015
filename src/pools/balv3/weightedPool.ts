// Balancer V3 weighted pool as a PoolBase: the Vault's ExactIn swap around WeightedPool.onSwap, exact in bigint.
// Pool original: WeightedPool.sol of @balancer-labs/v3-pool-weighted 1.0.0 (what the devnet runs), whose onSwap
// rounds the balance in up by one wei and keeps every token at or above its minimum balance; balancer-maths 0.0.41
// models the earlier pool without either.
import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../poolBase.ts';
import type { BalV3WeightedState } from './data.ts';
import { BalV3RevertError } from './errors.ts';
import { FOUR, ONE, TWO, divDown } from './fixedPoint.ts';
import { MIN_TRADE_FLOAT, amountInAfterFee, floatScaling, type FloatScaling } from './floatScaling.ts';
import { add, sub } from './uint256.ts';
import { isTokenPair, loadPoolData, swapExactIn, type VaultPoolData, type VaultSwapResult } from './vaultSwap.ts';
import { _MAX_IN_RATIO, computeOutGivenExactIn } from './weightedMath.ts';

const MAX_IN_RATIO_FLOAT = Number(_MAX_IN_RATIO) / 1e18;

export class BalV3WeightedPool implements PoolBase {
  readonly kind = 'balv3Weighted';
  readonly tokenCount: number;
  /** Null when the state is one the Vault could never hold; every swap is then null. */
  private readonly poolData: VaultPoolData | null;
  private estimator: WeightedEstimator | undefined;

  constructor(readonly state: BalV3WeightedState) {
    this.tokenCount = state.balancesRaw.length;
    // Weighted pools register weights of at least 1% each; a zero weight could not exist.
    const weightsValid = state.weights.length === this.tokenCount && state.weights.every((w) => w > 0n);
    // A state from a snapshot written before minTokenBalances existed has none: the pool cannot be modelled.
    const minimumsValid =
      state.minTokenBalances?.length === this.tokenCount && state.minTokenBalances.every((m) => m >= 0n);
    this.poolData = weightsValid && minimumsValid ? loadPoolData(state) : null;
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    return swap ? { amountOut: swap.amountOutRaw, ticksCrossed: 0 } : null;
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): BalV3WeightedPool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<BalV3WeightedPool> | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    if (!swap) return null;
    return { swap: { amountOut: swap.amountOutRaw, ticksCrossed: 0 }, after: new BalV3WeightedPool({ ...this.state, balancesRaw: swap.balancesRaw }) };
  }

  /**
   * The Vault swap itself, throwing BalV3RevertError with the contract's reason where it would revert
   * (a zero amount out is returned, not thrown: the Vault executes it).
   */
  simulateSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): VaultSwapResult {
    if (!this.poolData) throw new Error('balv3Weighted: state the Vault could not hold');
    return swapExactIn(this.poolData, tokenIn, tokenOut, amountIn, (amountGivenScaled18, balances, i, o) =>
      this.onSwapExactIn(amountGivenScaled18, balances, i, o),
    );
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!this.poolData || !isTokenPair(tokenIn, tokenOut, this.tokenCount) || !(amountIn > 0)) return 0;
    this.estimator ??= new WeightedEstimator(this.poolData, this.state.weights, this.state.minTokenBalances);
    return this.estimator.estimateOut(tokenIn, tokenOut, amountIn);
  }

  /**
   * WeightedPool.onSwap, ExactIn: WeightedMath on the balance in rounded up by one wei (so the pool never prices
   * with less than it holds), between two minimum-balance checks: the balance in first, since a proportional
   * removal (which never calls the pool) may have left it below its minimum, then the balance out after the swap.
   */
  private onSwapExactIn(amountInScaled18: bigint, balances: readonly bigint[], i: number, o: number): bigint {
    const { weights, minTokenBalances } = this.state;
    const balanceTokenInScaled18 = add(balances[i], 1n);
    const balanceTokenOutScaled18 = balances[o];
    _ensureMinimumBalance(balanceTokenInScaled18, minTokenBalances[i]);
    const amountOutScaled18 = computeOutGivenExactIn(
      balanceTokenInScaled18,
      weights[i],
      balanceTokenOutScaled18,
      weights[o],
      amountInScaled18,
    );
    _ensureMinimumBalance(sub(balanceTokenOutScaled18, amountOutScaled18), minTokenBalances[o]);
    return amountOutScaled18;
  }

  private trySwap(tokenIn: number, tokenOut: number, amountIn: bigint): VaultSwapResult | null {
    if (!this.poolData || amountIn <= 0n) return null;
    try {
      const swap = this.simulateSwapExactIn(tokenIn, tokenOut, amountIn);
      return swap.amountOutRaw > 0n ? swap : null;
    } catch (error) {
      if (error instanceof BalV3RevertError) return null;
      throw error;
    }
  }
}

/** WeightedPool._ensureMinimumBalance: reverts TokenBalanceBelowMin for a balance under the token's minimum. */
function _ensureMinimumBalance(endingBalanceScaled18: bigint, minimumBalanceScaled18: bigint): void {
  if (endingBalanceScaled18 < minimumBalanceScaled18) throw new BalV3RevertError('TokenBalanceBelowMin');
}

/**
 * Float model of the swap: the closed form, plus the error margin powUp adds when LogExpMath is used, and the
 * minimum balances (the one wei onSwap adds to the balance in is below float precision and left out).
 */
class WeightedEstimator {
  private readonly scaling: FloatScaling;
  private readonly weights: Float64Array;
  private readonly minBalances: Float64Array;
  /** Per (in, out) pair: whether weightIn / weightOut is 1, 2 or 4, where powUp is exact. */
  private readonly exactPow: Uint8Array;
  private readonly n: number;

  constructor(data: VaultPoolData, weights: readonly bigint[], minTokenBalances: readonly bigint[]) {
    this.n = weights.length;
    this.scaling = floatScaling(data);
    this.weights = Float64Array.from(weights, Number);
    this.minBalances = Float64Array.from(minTokenBalances, Number);
    this.exactPow = new Uint8Array(this.n * this.n);
    for (let i = 0; i < this.n; i++) {
      for (let o = 0; o < this.n; o++) {
        const exponent = divDown(weights[i], weights[o]);
        this.exactPow[i * this.n + o] = exponent === ONE || exponent === TWO || exponent === FOUR ? 1 : 0;
      }
    }
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    const { live, fromScaled } = this.scaling;
    const amountInScaled = amountInAfterFee(this.scaling, tokenIn, amountIn);
    const balanceIn = live[tokenIn];
    if (amountInScaled < MIN_TRADE_FLOAT || amountInScaled > balanceIn * MAX_IN_RATIO_FLOAT) return 0;
    if (balanceIn + 1 < this.minBalances[tokenIn]) return 0;

    // 1 - base^e with base = bIn / (bIn + a) rounded up to 18 decimals, i.e. its complement a / (bIn + a) rounded
    // down; written with log1p/expm1 so small trades keep their relative precision.
    const baseComplement = Math.floor((amountInScaled / (balanceIn + amountInScaled)) * 1e18) / 1e18;
    const exponent = this.weights[tokenIn] / this.weights[tokenOut];
    let share = -Math.expm1(exponent * Math.log1p(-baseComplement));
    if (!this.exactPow[tokenIn * this.n + tokenOut]) share -= (1 - share) * 1e-14 + 1e-18; // powUp's error margin

    const amountOutScaled = live[tokenOut] * share;
    if (amountOutScaled < MIN_TRADE_FLOAT || live[tokenOut] - amountOutScaled < this.minBalances[tokenOut]) return 0;
    return amountOutScaled * fromScaled[tokenOut];
  }
}
