// Balancer V3 FixedPoint: 18-decimal fixed point with the rounding direction in each name.
// Original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/solidity-utils/contracts/math/FixedPoint.sol
import { BalV3RevertError } from './errors.ts';
import { pow } from './logExpMath.ts';
import { add, div, mul } from './uint256.ts';

export const ONE = 10n ** 18n;
export const TWO = 2n * ONE;
export const FOUR = 4n * ONE;
/** 10^-14 relative: the documented error bound of LogExpMath.pow, added or removed by powUp/powDown. */
export const MAX_POW_RELATIVE_ERROR = 10000n;

export function mulDown(a: bigint, b: bigint): bigint {
  return mul(a, b) / ONE;
}

export function mulUp(a: bigint, b: bigint): bigint {
  const product = mul(a, b);
  return product === 0n ? 0n : (product - 1n) / ONE + 1n;
}

export function divDown(a: bigint, b: bigint): bigint {
  return div(mul(a, ONE), b);
}

export function divUp(a: bigint, b: bigint): bigint {
  return mulDivUp(a, ONE, b);
}

/** (a * b) / c rounded up; reverts ZeroDivision before multiplying, as the Solidity does. */
export function mulDivUp(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new BalV3RevertError('ZeroDivision');
  const product = mul(a, b);
  return product === 0n ? 0n : (product - 1n) / c + 1n;
}

/** divUp for an already inflated numerator (e.g. invariant * invariant), as StableMath uses it. */
export function divUpRaw(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new BalV3RevertError('ZeroDivision');
  return a === 0n ? 0n : 1n + (a - 1n) / b;
}

/** x^y rounded down; exact shortcuts for y = 1, 2, 4 (50/50 and 80/20 pools) skip LogExpMath. */
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

/** x^y rounded up; exact shortcuts for y = 1, 2, 4 skip LogExpMath. */
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

/** 1 - x, floored at 0 so a pow error above one cannot go negative. */
export function complement(x: bigint): bigint {
  return x < ONE ? ONE - x : 0n;
}
