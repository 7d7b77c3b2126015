// Balancer V2's checked integer Math library (plain, not fixed-point), used by StableMath.
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/solidity-utils/contracts/math/Math.sol

import { _require } from './balancerErrors.ts';
import { MAX_UINT256 } from './fixedPoint.ts';

export function mul(a: bigint, b: bigint): bigint {
  const c = a * b;
  _require(c <= MAX_UINT256, 'MUL_OVERFLOW');
  return c;
}

export function divDown(a: bigint, b: bigint): bigint {
  _require(b !== 0n, 'ZERO_DIVISION');
  return a / b;
}

/** a / b rounding up, as `a == 0 ? 0 : 1 + (a - 1) / b`. */
export function divUp(a: bigint, b: bigint): bigint {
  _require(b !== 0n, 'ZERO_DIVISION');
  return a === 0n ? 0n : 1n + (a - 1n) / b;
}
