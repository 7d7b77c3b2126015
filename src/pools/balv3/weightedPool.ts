// Balancer V3 weighted pool as a PoolBase: the Vault's ExactIn swap around WeightedPool.onSwap, exact in bigint.
// Pool original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/pool-weighted/contracts/WeightedPool.sol
// (the version balancer-maths models: onSwap on the live balances as given, no minimum-balance check).
import type { ExactSwapResult, PoolBase } from '../poolBase.ts';
import type { BalV3WeightedState } from './data.ts';
import { BalV3RevertError } from './errors.ts';
import { FOUR, ONE, TWO, divDown } from './fixedPoint.ts';
import { MIN_TRADE_FLOAT, amountInAfterFee, floatScaling, type FloatScaling } from './floatScaling.ts';
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
    this.poolData = weightsValid ? loadPoolData(state) : null;
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    return swap ? { amountOut: swap.amountOutRaw, ticksCrossed: 0 } : null;
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): BalV3WeightedPool | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    return swap ? new BalV3WeightedPool({ ...this.state, balancesRaw: swap.balancesRaw }) : null;
  }

  /**
   * The Vault swap itself, throwing BalV3RevertError with the contract's reason where it would revert
   * (a zero amount out is returned, not thrown: the Vault executes it).
   */
  simulateSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): VaultSwapResult {
    if (!this.poolData) throw new Error('balv3Weighted: state the Vault could not hold');
    const { weights } = this.state;
    return swapExactIn(this.poolData, tokenIn, tokenOut, amountIn, (amountGivenScaled18, balances, i, o) =>
      computeOutGivenExactIn(balances[i], weights[i], balances[o], weights[o], amountGivenScaled18),
    );
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!this.poolData || !isTokenPair(tokenIn, tokenOut, this.tokenCount) || !(amountIn > 0)) return 0;
    this.estimator ??= new WeightedEstimator(this.poolData, this.state.weights);
    return this.estimator.estimateOut(tokenIn, tokenOut, amountIn);
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

/** Float model of the swap: the closed form, plus the error margin powUp adds when LogExpMath is used. */
class WeightedEstimator {
  private readonly scaling: FloatScaling;
  private readonly weights: Float64Array;
  /** Per (in, out) pair: whether weightIn / weightOut is 1, 2 or 4, where powUp is exact. */
  private readonly exactPow: Uint8Array;
  private readonly n: number;

  constructor(data: VaultPoolData, weights: readonly bigint[]) {
    this.n = weights.length;
    this.scaling = floatScaling(data);
    this.weights = Float64Array.from(weights, Number);
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

    // 1 - base^e with base = bIn / (bIn + a) rounded up to 18 decimals, i.e. its complement a / (bIn + a) rounded
    // down; written with log1p/expm1 so small trades keep their relative precision.
    const baseComplement = Math.floor((amountInScaled / (balanceIn + amountInScaled)) * 1e18) / 1e18;
    const exponent = this.weights[tokenIn] / this.weights[tokenOut];
    let share = -Math.expm1(exponent * Math.log1p(-baseComplement));
    if (!this.exactPow[tokenIn * this.n + tokenOut]) share -= (1 - share) * 1e-14 + 1e-18; // powUp's error margin

    const amountOutScaled = live[tokenOut] * share;
    return amountOutScaled < MIN_TRADE_FLOAT ? 0 : amountOutScaled * fromScaled[tokenOut];
  }
}
