// Balancer V3 stable pool as a PoolBase: the Vault's ExactIn swap around StablePool.onSwap, exact in bigint.
// Pool original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/pool-stable/contracts/StablePool.sol
// (the version balancer-maths models: no max-imbalance check on swaps; that arrived with the 2026 pool update).
import type { ExactSwapResult, PoolBase } from '../poolBase.ts';
import type { BalV3StableState } from './data.ts';
import { BalV3RevertError } from './errors.ts';
import {
  MAX_BALANCE_FLOAT,
  MIN_TRADE_FLOAT,
  amountInAfterFee,
  floatScaling,
  type FloatScaling,
} from './floatScaling.ts';
import { AMP_PRECISION, computeInvariant, computeOutGivenExactIn } from './stableMath.ts';
import { isTokenPair, loadPoolData, swapExactIn, type VaultPoolData, type VaultSwapResult } from './vaultSwap.ts';

export class BalV3StablePool implements PoolBase {
  readonly kind = 'balv3Stable';
  readonly tokenCount: number;
  /** Null when the state is one the Vault could never hold; every swap is then null. */
  private readonly poolData: VaultPoolData | null;
  /** onSwap recomputes the invariant (rounded down) from the live balances, which never change for this object. */
  private invariant: bigint | BalV3RevertError | undefined;
  /** Null once known that every swap reverts (the invariant does not converge or overflows). */
  private estimator: StableEstimator | null | undefined;

  constructor(readonly state: BalV3StableState) {
    this.tokenCount = state.balancesRaw.length;
    this.poolData = state.amp > 0n ? loadPoolData(state) : null;
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    return swap ? { amountOut: swap.amountOutRaw, ticksCrossed: 0 } : null;
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): BalV3StablePool | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    return swap ? new BalV3StablePool({ ...this.state, balancesRaw: swap.balancesRaw }) : null;
  }

  /**
   * The Vault swap itself, throwing BalV3RevertError with the contract's reason where it would revert
   * (a zero amount out is returned, not thrown: the Vault executes it).
   */
  simulateSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): VaultSwapResult {
    if (!this.poolData) throw new Error('balv3Stable: state the Vault could not hold');
    const { amp } = this.state;
    return swapExactIn(this.poolData, tokenIn, tokenOut, amountIn, (amountGivenScaled18, balances, i, o) =>
      computeOutGivenExactIn(amp, balances, i, o, amountGivenScaled18, this.currentInvariant()),
    );
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!this.poolData || !isTokenPair(tokenIn, tokenOut, this.tokenCount) || !(amountIn > 0)) return 0;
    if (this.estimator === undefined) {
      try {
        this.estimator = new StableEstimator(this.poolData, this.state.amp, this.currentInvariant());
      } catch (error) {
        if (!(error instanceof BalV3RevertError)) throw error;
        this.estimator = null;
      }
    }
    return this.estimator ? this.estimator.estimateOut(tokenIn, tokenOut, amountIn) : 0;
  }

  /** StablePool.computeInvariant(live balances, ROUND_DOWN), computed once; rethrows its revert every time. */
  private currentInvariant(): bigint {
    if (this.invariant === undefined) {
      try {
        this.invariant = computeInvariant(this.state.amp, this.poolData!.balancesLiveScaled18);
      } catch (error) {
        if (!(error instanceof BalV3RevertError)) throw error;
        this.invariant = error;
      }
    }
    if (this.invariant instanceof BalV3RevertError) throw this.invariant;
    return this.invariant;
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

/**
 * Float model of the swap on the contract's invariant D. With D fixed, the out balance y solves
 * y^2 + (b - D) y = c (Curve's get_y), so it has a closed form; small trades use the slope at the midpoint instead
 * of a difference of two nearly equal balances, which would lose the relative precision.
 */
class StableEstimator {
  private readonly scaling: FloatScaling;
  /** A * n^n: the contract's ampTimesTotal / AMP_PRECISION. */
  private readonly ann: number;
  private readonly invariant: number;

  constructor(data: VaultPoolData, amp: bigint, invariant: bigint) {
    const n = data.balancesRaw.length;
    this.scaling = floatScaling(data);
    this.ann = (Number(amp) * n) / Number(AMP_PRECISION);
    this.invariant = Number(invariant);
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    const amountInScaled = amountInAfterFee(this.scaling, tokenIn, amountIn);
    if (amountInScaled < MIN_TRADE_FLOAT || !(this.invariant > 0)) return 0;
    if (this.scaling.live[tokenIn] + amountInScaled >= MAX_BALANCE_FLOAT) return 0;

    let amountOutScaled: number;
    if (amountInScaled < 1e-6 * this.scaling.live[tokenIn]) {
      // -dy/dx_in on y^2 + B y - c = 0, where B grows with x_in and c is proportional to 1/x_in.
      const xMid = this.scaling.live[tokenIn] + amountInScaled / 2;
      const { y, B, c } = this.balanceOut(tokenIn, amountInScaled / 2, tokenOut);
      amountOutScaled = amountInScaled * ((y + c / xMid) / (2 * y + B));
    } else {
      amountOutScaled = this.balanceOut(tokenIn, 0, tokenOut).y - this.balanceOut(tokenIn, amountInScaled, tokenOut).y;
    }
    amountOutScaled -= 1; // computeOutGivenExactIn keeps one wei
    // `>=` is false for NaN (an empty balance), which must read as "not executable".
    return amountOutScaled >= MIN_TRADE_FLOAT ? amountOutScaled * this.scaling.fromScaled[tokenOut] : 0;
  }

  /** Curve's get_y in closed form: the out balance for the live balances with `addIn` more of token in. */
  private balanceOut(tokenIn: number, addIn: number, tokenOut: number): { y: number; B: number; c: number } {
    const { live } = this.scaling;
    const n = live.length;
    const D = this.invariant;
    let c = D;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      if (k === tokenOut) continue;
      const x = k === tokenIn ? live[k] + addIn : live[k];
      c = (c * D) / (x * n);
      sum += x;
    }
    c = (c * D) / (this.ann * n);
    const B = sum + D / this.ann - D;
    const root = Math.sqrt(B * B + 4 * c);
    // Pick the form of the quadratic root that does not cancel.
    const y = B > 0 ? (2 * c) / (B + root) : (root - B) / 2;
    return { y, B, c };
  }
}
