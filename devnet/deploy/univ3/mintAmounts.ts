// Token amounts a pool asks for when positions are minted at its current price (UniswapV3Pool._modifyPosition).
import { getAmount0Delta, getAmount1Delta } from '../../../src/pools/univ3/sqrtPriceMath.ts';
import { getSqrtRatioAtTick } from '../../../src/pools/univ3/tickMath.ts';
import type { UniV3Position } from './liquidityPositions.ts';

/**
 * [amount0, amount1] owed for minting all `positions` at slot0 (`sqrtPriceX96`, `tick`), each rounded up as the pool
 * rounds it. Whether a range holds token0, token1 or both depends on slot0.tick, not on the price, as in the pool.
 * @example mintAmounts([{ tickLower: -60, tickUpper: 60, liquidity: 10n ** 18n }], 2n ** 96n, 0)
 */
export function mintAmounts(positions: readonly UniV3Position[], sqrtPriceX96: bigint, tick: number): [bigint, bigint] {
  let amount0 = 0n;
  let amount1 = 0n;
  for (const { tickLower, tickUpper, liquidity } of positions) {
    const sqrtLower = getSqrtRatioAtTick(tickLower);
    const sqrtUpper = getSqrtRatioAtTick(tickUpper);
    if (tick < tickLower) {
      amount0 += getAmount0Delta(sqrtLower, sqrtUpper, liquidity, true);
    } else if (tick < tickUpper) {
      amount0 += getAmount0Delta(sqrtPriceX96, sqrtUpper, liquidity, true);
      amount1 += getAmount1Delta(sqrtLower, sqrtPriceX96, liquidity, true);
    } else {
      amount1 += getAmount1Delta(sqrtLower, sqrtUpper, liquidity, true);
    }
  }
  return [amount0, amount1];
}
