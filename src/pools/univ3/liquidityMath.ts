// LiquidityMath.addDelta from Uniswap V3 core: applies a tick's signed liquidityNet to the uint128 liquidity.
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/LiquidityMath.sol
import { UniV3RevertError } from './errors.ts';

const MAX_UINT128 = (1n << 128n) - 1n;

/**
 * x + y for uint128 x and int128 y; reverts 'LS' on underflow and 'LA' on overflow of uint128.
 * @example addDelta(10n, -3n) // 7n
 */
export function addDelta(x: bigint, y: bigint): bigint {
  const z = x + y;
  if (y < 0n) {
    if (z < 0n) throw new UniV3RevertError('LS');
  } else if (z > MAX_UINT128) {
    throw new UniV3RevertError('LA');
  }
  return z;
}
