// Token scaling and swap-fee helpers of Balancer V2 pools: every amount is normalised to 18 decimals (times a rate).
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/solidity-utils/contracts/helpers/ScalingHelpers.sol

import { ONE, divDown, mulDown, mulUp, sub } from './fixedPoint.ts';

/** ONE * 10^(18 - decimals): the scaling factor of a token without a rate provider. */
export function _computeScalingFactor(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
    throw new RangeError(`token decimals must be an integer in 0..18, got ${decimals}`);
  }
  return ONE * 10n ** BigInt(18 - decimals);
}

/** Rounds down for every amount (balances, amounts in): the contract accepts that small bias everywhere. */
export function _upscale(amount: bigint, scalingFactor: bigint): bigint {
  return mulDown(amount, scalingFactor);
}

/** Back to raw units, rounding down: used for amounts leaving the pool. */
export function _downscaleDown(amount: bigint, scalingFactor: bigint): bigint {
  return divDown(amount, scalingFactor);
}

/**
 * amount minus the swap fee, the fee rounded up (BasePool._subtractSwapFeeAmount). Applied to the raw amount,
 * before upscaling. https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/pool-utils/contracts/BasePool.sol
 */
export function _subtractSwapFeeAmount(amount: bigint, swapFeePercentage: bigint): bigint {
  return sub(amount, mulUp(amount, swapFeePercentage));
}
