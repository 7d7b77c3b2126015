// Public entry of the UniV3 pool kind: state and codec, the ported V3 core maths, the swap loop and the pool class.
export { univ3StateCodec, type UniV3State, type UniV3Tick } from './data.ts';
export { UniV3RevertError } from './errors.ts';
export { mulDiv, mulDivRoundingUp } from './fullMath.ts';
export { addDelta } from './liquidityMath.ts';
export {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromAmount0RoundingUp,
  getNextSqrtPriceFromAmount1RoundingDown,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from './sqrtPriceMath.ts';
export { computeSwapStep, type SwapStep } from './swapMath.ts';
export {
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from './tickMath.ts';
export { divRoundingUp } from './unsafeMath.ts';
export { buildFloatTables, estimateSwapExactIn, type UniV3FloatTables } from './univ3Estimate.ts';
export { lastTickAtOrBelow, swapExactIn, type UniV3SwapResult } from './univ3Math.ts';
export { UniV3Pool } from './univ3Pool.ts';
