// 18-decimal fixed-point arithmetic exactly as Balancer V2's FixedPoint library computes it, reverts included.
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/solidity-utils/contracts/math/FixedPoint.sol

import { _require } from './balancerErrors.ts';
import { pow } from './logExpMath.ts';

export const ONE = 10n ** 18n;
export const TWO = 2n * ONE;
export const FOUR = 4n * ONE;
/** Relative error bound of LogExpMath.pow (1e-14), padded onto every non-integer power. */
export const MAX_POW_RELATIVE_ERROR = 10000n;

export const MAX_UINT256 = (1n << 256n) - 1n;

export function add(a: bigint, b: bigint): bigint {
  const c = a + b;
  _require(c <= MAX_UINT256, 'ADD_OVERFLOW');
  return c;
}

export function sub(a: bigint, b: bigint): bigint {
  _require(b <= a, 'SUB_OVERFLOW');
  return a - b;
}

/** a * b / ONE, rounding down. */
export function mulDown(a: bigint, b: bigint): bigint {
  const product = a * b;
  _require(product <= MAX_UINT256, 'MUL_OVERFLOW');
  return product / ONE;
}

/** a * b / ONE, rounding up; the contract's `(product - 1) / ONE + 1` form, so 0 stays 0. */
export function mulUp(a: bigint, b: bigint): bigint {
  const product = a * b;
  _require(product <= MAX_UINT256, 'MUL_OVERFLOW');
  return product === 0n ? 0n : (product - 1n) / ONE + 1n;
}

/** a * ONE / b, rounding down. */
export function divDown(a: bigint, b: bigint): bigint {
  _require(b !== 0n, 'ZERO_DIVISION');
  const aInflated = a * ONE;
  _require(aInflated <= MAX_UINT256, 'DIV_INTERNAL');
  return aInflated / b;
}

/** a * ONE / b, rounding up. */
export function divUp(a: bigint, b: bigint): bigint {
  _require(b !== 0n, 'ZERO_DIVISION');
  const aInflated = a * ONE;
  _require(aInflated <= MAX_UINT256, 'DIV_INTERNAL');
  return aInflated === 0n ? 0n : (aInflated - 1n) / b + 1n;
}

/**
 * x^y rounded down (never above the true value). Exponents 1, 2 and 4 are exact multiplications, as in every
 * FixedPoint since Jan 2022 (balancer-v2-monorepo#1003), which is why 50/50 and 80/20 pools skip LogExpMath.
 */
export function powDown(x: bigint, y: bigint): bigint {
  if (y === ONE) return x;
  if (y === TWO) return mulDown(x, x);
  if (y === FOUR) {
    const square = mulDown(x, x);
    return mulDown(square, square);
  }
  const raw = pow(x, y);
  const maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), 1n);
  return raw < maxError ? 0n : raw - maxError;
}

/** x^y rounded up (never below the true value); same exponent shortcuts as powDown. */
export function powUp(x: bigint, y: bigint): bigint {
  if (y === ONE) return x;
  if (y === TWO) return mulUp(x, x);
  if (y === FOUR) {
    const square = mulUp(x, x);
    return mulUp(square, square);
  }
  const raw = pow(x, y);
  const maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), 1n);
  return add(raw, maxError);
}

/** 1 - x, floored at 0 so values carrying a little relative error above 1 do not go negative. */
export function complement(x: bigint): bigint {
  return x < ONE ? ONE - x : 0n;
}
