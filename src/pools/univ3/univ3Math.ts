// The exact-input swap loop of UniswapV3Pool.swap, walking the initialized ticks of a UniV3State.
// https://github.com/Uniswap/v3-core/blob/main/contracts/UniswapV3Pool.sol (swap)
import type { UniV3State, UniV3Tick } from './data.ts';
import { UniV3RevertError } from './errors.ts';
import { addDelta } from './liquidityMath.ts';
import { computeSwapStep } from './swapMath.ts';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.ts';

const MAX_INT256 = (1n << 255n) - 1n;

export interface UniV3SwapResult {
  /** Output paid by the pool (rounded down step by step). */
  amountOut: bigint;
  /** Input taken, fees included; less than amountIn only when the price limit was reached (partial fill). */
  amountInUsed: bigint;
  /** slot0 after the swap. */
  sqrtPriceX96: bigint;
  tick: number;
  /** In-range liquidity after the swap. */
  liquidity: bigint;
  /** Initialized ticks crossed (each costs a tick-cross in gas). */
  ticksCrossed: number;
}

/** Index of the last tick with index <= tick, or -1. */
export function lastTickAtOrBelow(ticks: readonly UniV3Tick[], tick: number): number {
  let lo = 0;
  let hi = ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ticks[mid].index <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Runs UniswapV3Pool.swap for an exact input of token0 (zeroForOne) or token1, with the price limit at
 * MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO - 1 as routers use. Throws UniV3RevertError where the pool reverts
 * ('AS' zero amount, 'SPL' price already at the limit, 'LS'/'LA' inconsistent liquidity).
 *
 * Steps stop where the contract's do: at each initialized tick, and at each tick-bitmap word boundary
 * (every 256 * tickSpacing ticks). The word stops move no price range on their own but split a step in two,
 * and each part rounds its input up and output down separately, so they can change amounts by a few wei.
 * While liquidity is 0 the steps move no tokens at all, so the loop jumps straight to the next initialized
 * tick (or the limit) with the same result as the contract's word-by-word walk.
 *
 * `tickSqrtRatios`, when given, holds getSqrtRatioAtTick of each entry of state.ticks (a cache; results are
 * the same without it).
 * @example swapExactIn(state, true, 10n ** 18n).amountOut
 */
export function swapExactIn(
  state: UniV3State,
  zeroForOne: boolean,
  amountIn: bigint,
  tickSqrtRatios?: readonly bigint[],
): UniV3SwapResult {
  if (amountIn === 0n) throw new UniV3RevertError('AS');
  // amountSpecified is an int256.
  if (amountIn < 0n || amountIn > MAX_INT256) throw new UniV3RevertError('SafeCast');
  const sqrtPriceLimitX96 = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n;
  if (zeroForOne ? sqrtPriceLimitX96 >= state.sqrtPriceX96 : sqrtPriceLimitX96 <= state.sqrtPriceX96) {
    throw new UniV3RevertError('SPL');
  }

  const { ticks, tickSpacing } = state;
  const feePips = BigInt(state.fee);
  let amountSpecifiedRemaining = amountIn;
  let amountCalculated = 0n;
  let sqrtPriceX96 = state.sqrtPriceX96;
  let tick = state.tick;
  let liquidity = state.liquidity;
  let ticksCrossed = 0;
  // Next initialized tick in the swap direction: the bitmap search is lte (includes the current tick) going
  // down and strictly greater going up.
  let next = lastTickAtOrBelow(ticks, tick) + (zeroForOne ? 0 : 1);

  while (amountSpecifiedRemaining !== 0n && sqrtPriceX96 !== sqrtPriceLimitX96) {
    const sqrtPriceStartX96 = sqrtPriceX96;
    const haveNext = next >= 0 && next < ticks.length;
    let tickNext: number;
    let initialized: boolean;

    if (liquidity === 0n) {
      tickNext = haveNext ? ticks[next].index : zeroForOne ? MIN_TICK : MAX_TICK;
      initialized = haveNext;
    } else {
      // TickBitmap.nextInitializedTickWithinOneWord: the next initialized tick, but no further than the
      // edge of the current 256-bit word of compressed ticks.
      const compressed = Math.floor(tick / tickSpacing);
      const wordEdge = zeroForOne
        ? (compressed >> 8) * 256 * tickSpacing
        : (((compressed + 1) >> 8) * 256 + 255) * tickSpacing;
      initialized = haveNext && (zeroForOne ? ticks[next].index >= wordEdge : ticks[next].index <= wordEdge);
      tickNext = initialized ? ticks[next].index : wordEdge;
    }
    if (tickNext < MIN_TICK) tickNext = MIN_TICK;
    else if (tickNext > MAX_TICK) tickNext = MAX_TICK;

    const sqrtPriceNextX96 =
      initialized && tickSqrtRatios !== undefined ? tickSqrtRatios[next] : getSqrtRatioAtTick(tickNext);
    const sqrtRatioTargetX96 = (zeroForOne ? sqrtPriceNextX96 < sqrtPriceLimitX96 : sqrtPriceNextX96 > sqrtPriceLimitX96)
      ? sqrtPriceLimitX96
      : sqrtPriceNextX96;
    const step = computeSwapStep(sqrtPriceX96, sqrtRatioTargetX96, liquidity, amountSpecifiedRemaining, feePips);
    sqrtPriceX96 = step.sqrtRatioNextX96;
    amountSpecifiedRemaining -= step.amountIn + step.feeAmount;
    amountCalculated += step.amountOut;

    if (sqrtPriceX96 === sqrtPriceNextX96) {
      if (initialized) {
        // Crossing downward removes what crossing upward adds.
        const liquidityNet = ticks[next].liquidityNet;
        liquidity = addDelta(liquidity, zeroForOne ? -liquidityNet : liquidityNet);
        ticksCrossed++;
        next += zeroForOne ? -1 : 1;
      }
      tick = zeroForOne ? tickNext - 1 : tickNext;
    } else if (sqrtPriceX96 !== sqrtPriceStartX96) {
      // Stopped inside a range: recompute, unless the price did not move (then the tick is already right).
      tick = getTickAtSqrtRatio(sqrtPriceX96);
    }
  }

  return {
    amountOut: amountCalculated,
    amountInUsed: amountIn - amountSpecifiedRemaining,
    sqrtPriceX96,
    tick,
    liquidity,
    ticksCrossed,
  };
}

/**
 * Tick-bitmap words between two ticks of a pool: the swap loop stops at every word edge
 * (TickBitmap.nextInitializedTickWithinOneWord searches one 256-bit word of compressed ticks at a time).
 */
export function bitmapWordsBetween(tickSpacing: number, fromTick: number, toTick: number): number {
  const word = (tick: number) => Math.floor(Math.floor(tick / tickSpacing) / 256);
  return Math.abs(word(toTick) - word(fromTick));
}
