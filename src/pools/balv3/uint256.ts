// Solidity 0.8 checked uint256 arithmetic: where the EVM would panic (overflow, underflow, division by zero)
// these throw BalV3RevertError, so the bigint maths reverts exactly where the contracts do.
import { BalV3RevertError } from './errors.ts';

export const MAX_UINT256 = (1n << 256n) - 1n;

export function add(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > MAX_UINT256) throw new BalV3RevertError('Overflow');
  return sum;
}

export function sub(a: bigint, b: bigint): bigint {
  if (b > a) throw new BalV3RevertError('Underflow');
  return a - b;
}

export function mul(a: bigint, b: bigint): bigint {
  const product = a * b;
  if (product > MAX_UINT256) throw new BalV3RevertError('Overflow');
  return product;
}

/** Integer division rounding down; a zero divisor panics (0x12) in Solidity. */
export function div(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new BalV3RevertError('ZeroDivision');
  return a / b;
}
