// UniV2 pair as a PoolBase: exact quotes via univ2Math, float estimates for the search.
import type { ExactSwapResult, ExecutedSwap, PoolBase } from '../poolBase.ts';
import type { UniV2State } from './data.ts';
import { MAX_UINT112, getAmountOut } from './univ2Math.ts';

export class UniV2Pool implements PoolBase {
  readonly kind = 'univ2';
  readonly tokenCount = 2;
  constructor(readonly state: UniV2State) {}

  swapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExactSwapResult | null {
    if (tokenIn === tokenOut) return null;
    const [reserveIn, reserveOut] = this.reserves(tokenIn);
    // The pair reverts when the new balance overflows uint112.
    if (reserveIn + amountIn > MAX_UINT112) return null;
    const { feeNumerator, feeDenominator } = this.state;
    const amountOut = getAmountOut(amountIn, reserveIn, reserveOut, feeNumerator, feeDenominator);
    return amountOut > 0n ? { amountOut, ticksCrossed: 0 } : null;
  }

  afterSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): UniV2Pool | null {
    return this.executeSwapExactIn(tokenIn, tokenOut, amountIn)?.after ?? null;
  }

  executeSwapExactIn(tokenIn: number, tokenOut: number, amountIn: bigint): ExecutedSwap<UniV2Pool> | null {
    const swap = this.swapExactIn(tokenIn, tokenOut, amountIn);
    if (!swap) return null;
    const { reserve0, reserve1, feeNumerator, feeDenominator } = this.state;
    // Built field by field: object spread is slow on this path (every shared pool of every exact split replay).
    const after = new UniV2Pool(
      tokenIn === 0
        ? { reserve0: reserve0 + amountIn, reserve1: reserve1 - swap.amountOut, feeNumerator, feeDenominator }
        : { reserve0: reserve0 - swap.amountOut, reserve1: reserve1 + amountIn, feeNumerator, feeDenominator },
    );
    return { swap, after };
  }

  estimateOut(tokenIn: number, _tokenOut: number, amountIn: number): number {
    const [reserveIn, reserveOut] = this.reserves(tokenIn);
    // An empty side cannot trade (the exact swap returns nothing), whatever the formula says.
    if (reserveIn <= 0n || reserveOut <= 0n) return 0;
    const withFee = (amountIn * Number(this.state.feeNumerator)) / Number(this.state.feeDenominator);
    return (withFee * Number(reserveOut)) / (Number(reserveIn) + withFee);
  }

  private reserves(tokenIn: number): [bigint, bigint] {
    const { reserve0, reserve1 } = this.state;
    return tokenIn === 0 ? [reserve0, reserve1] : [reserve1, reserve0];
  }
}
