export {
  balV3StableStateCodec,
  balV3WeightedStateCodec,
  type BalV3BaseState,
  type BalV3StableState,
  type BalV3WeightedState,
} from './data.ts';
export { BalV3RevertError, type BalV3RevertReason } from './errors.ts';
export { BalV3StablePool } from './stablePool.ts';
export { BalV3WeightedPool } from './weightedPool.ts';
export { AMP_PRECISION, MAX_IMBALANCE_RATIO } from './stableMath.ts';
export { ABSOLUTE_MIN_TOKEN_BALANCE, computeMinTokenBalances } from './minTokenBalances.ts';
export { _MAX_IN_RATIO } from './weightedMath.ts';
export { _MINIMUM_TRADE_AMOUNT, MAX_BALANCE, type VaultSwapResult } from './vaultSwap.ts';
