export {
  FEE_DENOMINATOR,
  MAX_COINS,
  MIN_COINS,
  PRECISION,
  rateFromDecimals,
  stableStateCodec,
  type StableState,
} from './data.ts';
export { StableSwapRevertError, type StableSwapRevertReason } from './errors.ts';
export { MAX_UINT256, _xp_mem, exchange, get_D, get_dy, get_y, type ExchangeResult } from './stableMath.ts';
export { StablePool } from './stablePool.ts';
