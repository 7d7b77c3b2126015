// Balancer V2 WeightedMath: the exact-in swap formula of weighted pools (on upscaled 18-decimal amounts).
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/pool-weighted/contracts/WeightedMath.sol

import { _require } from '../shared/balancerErrors.ts';
import { add, complement, divDown, divUp, mulDown, powUp } from '../shared/fixedPoint.ts';

/** Swaps may not bring in more than 30% of the input balance (a limit of the power function's precision). */
export const _MAX_IN_RATIO = 300000000000000000n;

/**
 * aO = bO * (1 - (bI / (bI + aI)) ^ (wI / wO)), rounded down overall: the base and the power round up, the
 * exponent down (the base is <= 1). Reverts MAX_IN_RATIO when aI > 30% of bI. `amountIn` is net of the swap fee.
 */
export function _calcOutGivenIn(
  balanceIn: bigint,
  weightIn: bigint,
  balanceOut: bigint,
  weightOut: bigint,
  amountIn: bigint,
): bigint {
  _require(amountIn <= mulDown(balanceIn, _MAX_IN_RATIO), 'MAX_IN_RATIO');

  const denominator = add(balanceIn, amountIn);
  const base = divUp(balanceIn, denominator);
  const exponent = divDown(weightIn, weightOut);
  const power = powUp(base, exponent);

  return mulDown(balanceOut, complement(power));
}
