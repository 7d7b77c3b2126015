// Float64 version of the UniV3 exact-input swap loop, for search heuristics only (never for amounts sent out).
import type { UniV3State } from './data.ts';
import { lastTickAtOrBelow } from './univ3Math.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from './tickMath.ts';

const Q96 = 2 ** 96;
const SQRT_MIN = Number(MIN_SQRT_RATIO + 1n) / Q96;
const SQRT_MAX = Number(MAX_SQRT_RATIO - 1n) / Q96;

/**
 * Per-pool float tables: the sqrt price at each initialized tick and the liquidity of each range between
 * ticks (range k lies between ticks[k - 1] and ticks[k]; range `current` holds the price). Range liquidity
 * is summed exactly in bigint before conversion, so the estimate does not accumulate float drift.
 */
export interface UniV3FloatTables {
  sqrtPrice: number;
  feeFactor: number;
  current: number;
  tickSqrt: Float64Array;
  rangeLiquidity: Float64Array;
}

/** Builds the float tables for a state; O(ticks), meant to be done once per pool object, lazily. */
export function buildFloatTables(state: UniV3State): UniV3FloatTables {
  const { ticks } = state;
  const n = ticks.length;
  const tickSqrt = new Float64Array(n);
  for (let i = 0; i < n; i++) tickSqrt[i] = Math.pow(1.0001, ticks[i].index / 2);

  const current = lastTickAtOrBelow(ticks, state.tick) + 1;
  const rangeLiquidity = new Float64Array(n + 1);
  let liquidity = state.liquidity;
  rangeLiquidity[current] = Number(liquidity);
  for (let k = current; k > 0; k--) {
    liquidity -= ticks[k - 1].liquidityNet;
    rangeLiquidity[k - 1] = Number(liquidity);
  }
  liquidity = state.liquidity;
  for (let k = current; k < n; k++) {
    liquidity += ticks[k].liquidityNet;
    rangeLiquidity[k + 1] = Number(liquidity);
  }
  return {
    sqrtPrice: Number(state.sqrtPriceX96) / Q96,
    feeFactor: 1 - state.fee / 1e6,
    current,
    tickSqrt,
    rangeLiquidity,
  };
}

/**
 * Estimated output of an exact-input swap; 0 when the input is not positive or the pool runs out of
 * liquidity first (the exact swap would be a partial fill). Ignores rounding and word-boundary stops.
 * @example estimateSwapExactIn(buildFloatTables(state), true, 1e18)
 */
export function estimateSwapExactIn(t: UniV3FloatTables, zeroForOne: boolean, amountIn: number): number {
  if (!(amountIn > 0)) return 0;
  // The fee is proportional per step, so taking it up front gives the same curve input.
  let remaining = amountIn * t.feeFactor;
  let s = t.sqrtPrice;
  let out = 0;
  const { tickSqrt, rangeLiquidity } = t;

  if (zeroForOne) {
    for (let k = t.current; ; k--) {
      const L = rangeLiquidity[k];
      const sNext = k > 0 ? tickSqrt[k - 1] : SQRT_MIN;
      if (sNext < s && L > 0) {
        // Token0 in to reach sNext: L * (1/sNext - 1/s).
        const cap = (L * (s - sNext)) / (s * sNext);
        if (remaining <= cap) return out + (L * remaining * s * s) / (L + remaining * s);
        remaining -= cap;
        out += L * (s - sNext);
      }
      if (k === 0) return 0;
      if (sNext < s) s = sNext;
    }
  }
  const n = tickSqrt.length;
  for (let k = t.current; ; k++) {
    const L = rangeLiquidity[k];
    const sNext = k < n ? tickSqrt[k] : SQRT_MAX;
    if (sNext > s && L > 0) {
      // Token1 in to reach sNext: L * (sNext - s).
      const cap = L * (sNext - s);
      if (remaining <= cap) return out + (remaining * L) / (s * (L * s + remaining));
      remaining -= cap;
      out += (L * (sNext - s)) / (s * sNext);
    }
    if (k === n) return 0;
    if (sNext > s) s = sNext;
  }
}

/**
 * Estimated initialized ticks an exact-input swap of `amountIn` crosses (the gas model's TICK_CROSS_GAS steps): the
 * ranges estimateSwapExactIn walks past before the input runs out; every tick to the end of the table when the input
 * outlasts them (a partial fill, which the exact swap rejects).
 * @example estimateTicksCrossed(buildFloatTables(state), true, 1e18)
 */
export function estimateTicksCrossed(t: UniV3FloatTables, zeroForOne: boolean, amountIn: number): number {
  if (!(amountIn > 0)) return 0;
  let remaining = amountIn * t.feeFactor;
  let s = t.sqrtPrice;
  const { tickSqrt, rangeLiquidity } = t;
  let crossed = 0;
  if (zeroForOne) {
    for (let k = t.current; k > 0; k--, crossed++) {
      const L = rangeLiquidity[k];
      const sNext = tickSqrt[k - 1];
      if (sNext < s && L > 0) {
        const cap = (L * (s - sNext)) / (s * sNext);
        if (remaining <= cap) return crossed;
        remaining -= cap;
      }
      if (sNext < s) s = sNext;
    }
    return crossed;
  }
  const n = tickSqrt.length;
  for (let k = t.current; k < n; k++, crossed++) {
    const L = rangeLiquidity[k];
    const sNext = tickSqrt[k];
    if (sNext > s && L > 0) {
      const cap = L * (sNext - s);
      if (remaining <= cap) return crossed;
      remaining -= cap;
    }
    if (sNext > s) s = sNext;
  }
  return crossed;
}
