// Balancer V3 stable pool as a PoolBase: the Vault's ExactIn swap around StablePool.onSwap, exact in bigint.
// Pool original: StablePool.sol of @balancer-labs/v3-pool-stable 1.0.0 (what the devnet runs), whose onSwap refuses
// a swap that leaves the balances 10000:1 or more apart; balancer-maths 0.0.41 models the earlier pool without it.
import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../poolBase.ts';
import type { BalV3StableState } from './data.ts';
import { BalV3RevertError } from './errors.ts';
import {
  MAX_BALANCE_FLOAT,
  MIN_TRADE_FLOAT,
  amountInAfterFee,
  floatScaling,
  type FloatScaling,
} from './floatScaling.ts';
import {
  AMP_PRECISION,
  MAX_IMBALANCE_RATIO,
  computeInvariant,
  computeOutGivenExactIn,
  ensureBalancesWithinMaxImbalanceRange,
  getMinAndMaxBalances,
} from './stableMath.ts';
import { add, sub } from './uint256.ts';
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
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<BalV3StablePool> | null {
    const swap = this.trySwap(tokenIn, tokenOut, amountIn);
    if (!swap) return null;
    return { swap: { amountOut: swap.amountOutRaw, ticksCrossed: 0 }, after: new BalV3StablePool({ ...this.state, balancesRaw: swap.balancesRaw }) };
  }

  /**
   * The Vault swap itself, throwing BalV3RevertError with the contract's reason where it would revert
   * (a zero amount out is returned, not thrown: the Vault executes it).
   */
  simulateSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): VaultSwapResult {
    if (!this.poolData) throw new Error('balv3Stable: state the Vault could not hold');
    return swapExactIn(this.poolData, tokenIn, tokenOut, amountIn, (amountGivenScaled18, balances, i, o) =>
      this.onSwapExactIn(amountGivenScaled18, balances, i, o),
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

  /**
   * StablePool.onSwap, ExactIn: StableMath on the invariant of the live balances, then the imbalance check on the
   * worst case the contract considers: the smallest of the balances before and the balance out after, against the
   * largest of the balances before and the balance in after (so an already imbalanced pool refuses every swap).
   */
  private onSwapExactIn(amountInScaled18: bigint, balances: readonly bigint[], i: number, o: number): bigint {
    let { minBalance, maxBalance } = getMinAndMaxBalances(balances);
    const amountOutScaled18 = computeOutGivenExactIn(
      this.state.amp,
      balances,
      i,
      o,
      amountInScaled18,
      this.currentInvariant(),
    );
    const newBalanceIn = add(balances[i], amountInScaled18);
    const newBalanceOut = sub(balances[o], amountOutScaled18);
    if (newBalanceIn > maxBalance) maxBalance = newBalanceIn;
    if (newBalanceOut < minBalance) minBalance = newBalanceOut;
    ensureBalancesWithinMaxImbalanceRange(minBalance, maxBalance);
    return amountOutScaled18;
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

const MAX_IMBALANCE_RATIO_FLOAT = Number(MAX_IMBALANCE_RATIO);

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
  /** Smallest and largest live balance before the swap, for the imbalance check. */
  private readonly liveMin: number;
  private readonly liveMax: number;

  constructor(data: VaultPoolData, amp: bigint, invariant: bigint) {
    const n = data.balancesRaw.length;
    this.scaling = floatScaling(data);
    this.ann = (Number(amp) * n) / Number(AMP_PRECISION);
    this.invariant = Number(invariant);
    this.liveMin = Math.min(...this.scaling.live);
    this.liveMax = Math.max(...this.scaling.live);
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
    if (!(amountOutScaled >= MIN_TRADE_FLOAT)) return 0;
    return this.withinMaxImbalance(tokenIn, amountInScaled, tokenOut, amountOutScaled)
      ? amountOutScaled * this.scaling.fromScaled[tokenOut]
      : 0;
  }

  /** The pool's imbalance check in floats: floor(max / min) >= 10000 exactly when max / min >= 10000. */
  private withinMaxImbalance(tokenIn: number, amountIn: number, tokenOut: number, amountOut: number): boolean {
    const { live } = this.scaling;
    const min = Math.min(this.liveMin, live[tokenOut] - amountOut);
    const max = Math.max(this.liveMax, live[tokenIn] + amountIn);
    return min > 0 && max / min < MAX_IMBALANCE_RATIO_FLOAT;
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
