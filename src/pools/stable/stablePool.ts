// Curve StableSwap pool as a PoolBase: exact quotes via stableMath's exchange, float estimates for the search.
import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../poolBase.ts';
import { FEE_DENOMINATOR, PRECISION, type StableState } from './data.ts';
import { StableSwapRevertError } from './errors.ts';
import { _xp_mem, exchange, get_D, type ExchangeResult } from './stableMath.ts';

/** The state's xp and D, computed once per pool object; null when get_D reverts (a zero balance). */
interface Invariant {
  xp: bigint[];
  D: bigint;
}

/** Float copy of the curve for estimateOut; amounts are whole tokens (18-decimal units / 1e18). */
interface FloatCurve {
  x: number[];
  /** 10^decimals per coin: raw units per whole token. */
  unit: number[];
  D: number;
  Ann: number;
  /** Share of the output left after the swap fee. */
  keep: number;
}

export class StablePool implements PoolBase {
  readonly kind = 'stable';
  readonly tokenCount: number;
  private invariant: Invariant | null | undefined;
  private floatCurve: FloatCurve | null | undefined;

  constructor(readonly state: StableState) {
    this.tokenCount = state.balances.length;
  }

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const result = this.exchange(tokenIn, tokenOut, amountIn);
    return result ? { amountOut: result.dy, ticksCrossed: 0 } : null;
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): StablePool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<StablePool> | null {
    const result = this.exchange(tokenIn, tokenOut, amountIn);
    if (!result) return null;
    return { swap: { amountOut: result.dy, ticksCrossed: 0 }, after: new StablePool({ ...this.state, balances: result.balances }) };
  }

  /**
   * Solves the invariant's quadratic in y for the output directly (see estimateDy), so it stays accurate for
   * inputs far smaller than the pool, where subtracting two near-equal balances would lose every digit.
   */
  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    const n = this.tokenCount;
    if (!(amountIn > 0) || tokenIn === tokenOut || !isIndex(tokenIn, n) || !isIndex(tokenOut, n)) return 0;
    // Where the exact get_D reverts (a zero balance, or overflow at absurd imbalance) nothing is executable.
    const curve = this.getInvariant() && this.getFloatCurve();
    if (!curve) return 0;
    const dy = estimateDy(curve, tokenIn, tokenOut, amountIn / curve.unit[tokenIn]);
    const out = dy * curve.keep * curve.unit[tokenOut];
    return out > 0 && Number.isFinite(out) ? out : 0;
  }

  private exchange(tokenIn: number, tokenOut: number, amountIn: bigint): ExchangeResult | null {
    if (amountIn <= 0n) return null;
    const inv = this.getInvariant();
    if (!inv) return null;
    try {
      const result = exchange(this.state, tokenIn, tokenOut, amountIn, inv.xp, inv.D);
      return result.dy > 0n ? result : null;
    } catch (error) {
      if (error instanceof StableSwapRevertError) return null;
      throw error;
    }
  }

  private getInvariant(): Invariant | null {
    if (this.invariant === undefined) {
      try {
        const xp = _xp_mem(this.state.balances, this.state.rates);
        this.invariant = { xp, D: get_D(xp, this.state.amp) };
      } catch (error) {
        if (!(error instanceof StableSwapRevertError)) throw error;
        this.invariant = null;
      }
    }
    return this.invariant;
  }

  private getFloatCurve(): FloatCurve | null {
    if (this.floatCurve === undefined) this.floatCurve = buildFloatCurve(this.state);
    return this.floatCurve;
  }
}

function isIndex(k: number, n: number): boolean {
  return Number.isInteger(k) && k >= 0 && k < n;
}

function buildFloatCurve(state: StableState): FloatCurve | null {
  const n = state.balances.length;
  const x = state.balances.map((b, k) => Number((b * state.rates[k]) / PRECISION) / 1e18);
  const Ann = Number(state.amp) * n;
  if (!(Ann >= 1) || x.some((v) => !(v > 0))) return null;
  const S = x.reduce((a, b) => a + b, 0);
  // Curve's Newton iteration for D, in floats.
  let D = S;
  for (let round = 0; round < 255; round++) {
    let D_P = D;
    for (const v of x) D_P = (D_P * D) / (v * n);
    const Dprev = D;
    D = ((Ann * S + D_P * n) * D) / ((Ann - 1) * D + (n + 1) * D_P);
    if (Math.abs(D - Dprev) <= 1e-15 * D) break;
  }
  if (!(D > 0) || !Number.isFinite(D)) return null;
  const unit = state.rates.map((r) => 1e36 / Number(r));
  const keep = 1 - Number(state.fee) / Number(FEE_DENOMINATOR);
  return { x, unit, D, Ann, keep };
}

/**
 * Output before fee, in whole tokens, for `dx` whole tokens of coin i. get_y's Newton step solves
 * y^2 + (b - D) y = c with b = S' + D/Ann, c = D^(n+1) / (n^n prod' Ann) over the coins other than j.
 * Writing y = x_j - dy and using that the current x_j solves it for the current x_i leaves
 * dy^2 - B dy + C = 0 with B = 2 x_j + b0 - D + dx and C = dx (x_j + c0 / (x_i + dx)), whose small root
 * 2C / (B + sqrt(B^2 - 4C)) has no cancellation.
 */
function estimateDy(curve: FloatCurve, i: number, j: number, dx: number): number {
  const { x, D, Ann } = curve;
  const n = x.length;
  let S_ = 0;
  let c = D;
  for (let k = 0; k < n; k++) {
    if (k === j) continue;
    S_ += x[k];
    c = (c * D) / (x[k] * n);
  }
  c = (c * D) / (Ann * n);
  const b = S_ + D / Ann;
  const B = 2 * x[j] + b - D + dx;
  const C = dx * (x[j] + c / (x[i] + dx));
  return (2 * C) / (B + Math.sqrt(Math.max(B * B - 4 * C, 0)));
}
