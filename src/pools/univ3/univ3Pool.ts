// UniV3 pool as a PoolBase: exact quotes via the swap loop in univ3Math, float estimates for the search.
import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../poolBase.ts';
import type { UniV3State, UniV3Tick } from './data.ts';
import { UniV3RevertError } from './errors.ts';
import { getSqrtRatioAtTick } from './tickMath.ts';
import { type UniV3FloatTables, buildFloatTables, estimateSwapExactIn, estimateTicksCrossed } from './univ3Estimate.ts';
import { type UniV3SwapResult, bitmapWordsBetween, swapExactIn } from './univ3Math.ts';

// Sqrt ratios of the initialized ticks, keyed by the (immutable) tick list, which a pool shares with the
// pools afterSwapExactIn derives from it.
const tickSqrtRatioCache = new WeakMap<readonly UniV3Tick[], bigint[]>();

function tickSqrtRatios(ticks: readonly UniV3Tick[]): bigint[] {
  let ratios = tickSqrtRatioCache.get(ticks);
  if (ratios === undefined) {
    ratios = ticks.map((t) => getSqrtRatioAtTick(t.index));
    tickSqrtRatioCache.set(ticks, ratios);
  }
  return ratios;
}

export class UniV3Pool implements PoolBase {
  readonly kind = 'univ3';
  readonly tokenCount = 2;
  private floatTables: UniV3FloatTables | undefined;

  constructor(readonly state: UniV3State) {}

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    const swap = this.fullSwap(tokenIn, tokenOut, amountIn);
    return swap === null ? null : this.resultOf(swap);
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): UniV3Pool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<UniV3Pool> | null {
    const swap = this.fullSwap(tokenIn, tokenOut, amountIn);
    if (swap === null) return null;
    return {
      swap: this.resultOf(swap),
      // The tick list is immutable and shared; only slot0 and the in-range liquidity change.
      after: new UniV3Pool({ ...this.state, sqrtPriceX96: swap.sqrtPriceX96, tick: swap.tick, liquidity: swap.liquidity }),
    };
  }

  estimateOut(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!isPair(tokenIn, tokenOut)) return 0;
    this.floatTables ??= buildFloatTables(this.state);
    return estimateSwapExactIn(this.floatTables, tokenIn === 0, amountIn);
  }

  estimateTicksCrossed(tokenIn: number, tokenOut: number, amountIn: number): number {
    if (!isPair(tokenIn, tokenOut)) return 0;
    this.floatTables ??= buildFloatTables(this.state);
    return estimateTicksCrossed(this.floatTables, tokenIn === 0, amountIn);
  }

  /** A swap of this pool as the routing sees it: its output and what the swap loop walked, for the gas model. */
  private resultOf(swap: UniV3SwapResult): ExactSwapResult {
    return { amountOut: swap.amountOut, ticksCrossed: swap.ticksCrossed, wordsCrossed: bitmapWordsBetween(this.state.tickSpacing, this.state.tick, swap.tick) };
  }

  /** The full swap result, or null when the pool would revert, fill partially or pay nothing. */
  private fullSwap(tokenIn: number, tokenOut: number, amountIn: bigint): UniV3SwapResult | null {
    if (!isPair(tokenIn, tokenOut) || typeof amountIn !== 'bigint' || amountIn <= 0n) return null;
    let swap: UniV3SwapResult;
    try {
      swap = swapExactIn(this.state, tokenIn === 0, amountIn, tickSqrtRatios(this.state.ticks));
    } catch (error) {
      if (error instanceof UniV3RevertError) return null;
      throw error;
    }
    if (swap.amountInUsed !== amountIn || swap.amountOut <= 0n) return null;
    return swap;
  }
}

function isPair(tokenIn: number, tokenOut: number): boolean {
  return (tokenIn === 0 && tokenOut === 1) || (tokenIn === 1 && tokenOut === 0);
}
