// Balancer V3 ScalingHelpers: raw token amounts <-> 18-decimal "live" amounts through decimals and token rates.
// Original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/solidity-utils/contracts/helpers/ScalingHelpers.sol
import { ONE, divDown, mulDown } from './fixedPoint.ts';
import { mul } from './uint256.ts';

/** 10^(18 - decimals): a plain integer, not fixed point (the Vault supports at most 18 decimals). */
export function decimalScalingFactor(decimals: number): bigint {
  return 10n ** BigInt(18 - decimals);
}

/** amount * scalingFactor * rate, rounded down: how the Vault scales amounts in and balances. */
export function toScaled18ApplyRateRoundDown(amount: bigint, scalingFactor: bigint, tokenRate: bigint): bigint {
  return mulDown(mul(amount, scalingFactor), tokenRate);
}

/** amount / (scalingFactor * rate), rounded down: how the Vault unscales an ExactIn amount out. */
export function toRawUndoRateRoundDown(amount: bigint, scalingFactor: bigint, tokenRate: bigint): bigint {
  // scalingFactor * tokenRate is an exact 18-decimal number, so only the division rounds.
  return divDown(amount, mul(scalingFactor, tokenRate));
}

/**
 * The rate plus one wei unless it is a whole number: a rate provider's rate is rounded down, so dividing by the
 * rounded-up rate keeps any imprecision in the Vault when unscaling an amount out.
 */
export function computeRateRoundUp(rate: bigint): bigint {
  return (rate / ONE) * ONE === rate ? rate : rate + 1n;
}
