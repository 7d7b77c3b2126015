// Balancer V2 pool maths (platform dexd_v2): weighted and composable stable pools.

export type { BalV2WeightedState } from './weighted/data.ts';
export { BalV2WeightedPool, onSwapGivenIn as weightedOnSwapGivenIn } from './weighted/weightedPool.ts';
export { balV2WeightedCodec } from './weighted/weightedCodec.ts';
export { _calcOutGivenIn as weightedCalcOutGivenIn, _MAX_IN_RATIO } from './weighted/weightedMath.ts';

export type { BalV2StableState } from './composableStable/data.ts';
export {
  BalV2StablePool,
  computeSwapBasis as stableComputeSwapBasis,
  onSwapGivenIn as stableOnSwapGivenIn,
} from './composableStable/composableStablePool.ts';
export type { StableSwapBasis } from './composableStable/composableStablePool.ts';
export { balV2StableCodec } from './composableStable/stableCodec.ts';
export {
  _AMP_PRECISION,
  _calcOutGivenIn as stableCalcOutGivenIn,
  _calculateInvariant,
  _getTokenBalanceGivenInvariantAndAllOtherBalances,
} from './composableStable/stableMath.ts';

export { BalancerError } from './shared/balancerErrors.ts';
export { _computeScalingFactor } from './shared/scalingHelpers.ts';

export { BALV2_KINDS, poolFromWords, type BalV2Kind, type BalV2KindName } from './kinds.ts';
