export { univ2StateCodec, type UniV2State } from './data.ts';
export { getAmountIn, getAmountOut, MAX_UINT112 } from './univ2Math.ts';
export { UniV2Pool } from './univ2Pool.ts';
