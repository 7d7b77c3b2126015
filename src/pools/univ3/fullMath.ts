// FullMath: a*b/denominator with a full-width product, as Uniswap V3 core computes it (bigint has no 512-bit limit).
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/FullMath.sol
import { UniV3RevertError } from './errors.ts';

const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * floor(a * b / denominator) for uint256 inputs; reverts like the contract when denominator is 0 or the
 * result does not fit in uint256.
 * @example mulDiv(7n, 3n, 2n) // 10n
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new UniV3RevertError('FullMath');
  const result = (a * b) / denominator;
  if (result > MAX_UINT256) throw new UniV3RevertError('FullMath');
  return result;
}

/**
 * ceil(a * b / denominator); reverts like mulDiv, and when rounding up would pass uint256 max.
 * @example mulDivRoundingUp(7n, 3n, 2n) // 11n
 */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new UniV3RevertError('FullMath');
  const product = a * b;
  const result = product / denominator;
  if (product % denominator === 0n) {
    if (result > MAX_UINT256) throw new UniV3RevertError('FullMath');
    return result;
  }
  // The contract requires result < max before the increment.
  if (result >= MAX_UINT256) throw new UniV3RevertError('FullMath');
  return result + 1n;
}
