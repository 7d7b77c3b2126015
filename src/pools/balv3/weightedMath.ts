// Balancer V3 WeightedMath, the ExactIn swap: out = balanceOut * (1 - (balanceIn / (balanceIn + in))^(wIn / wOut)).
// Original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/solidity-utils/contracts/math/WeightedMath.sol
// Every step rounds against the trader: base up, power up, amount out down.
import { BalV3RevertError } from './errors.ts';
import { complement, divDown, divUp, mulDown, powUp } from './fixedPoint.ts';
import { add } from './uint256.ts';

/** A swap may add at most 30% of the token-in balance. */
export const _MAX_IN_RATIO = 30n * 10n ** 16n;

/** Amount of token out for an exact amount in (all 18-decimal live values); reverts MaxInRatio above 30%. */
export function computeOutGivenExactIn(
  balanceIn: bigint,
  weightIn: bigint,
  balanceOut: bigint,
  weightOut: bigint,
  amountIn: bigint,
): bigint {
  if (amountIn > mulDown(balanceIn, _MAX_IN_RATIO)) throw new BalV3RevertError('MaxInRatio');

  const denominator = add(balanceIn, amountIn);
  const base = divUp(balanceIn, denominator);
  const exponent = divDown(weightIn, weightOut);
  const power = powUp(base, exponent);
  return mulDown(balanceOut, complement(power));
}
