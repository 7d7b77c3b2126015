// Calldata for a UniswapV2Router02-compatible router executing one path on one platform.
import { encodeFunctionData } from 'viem/utils';
import { uniswapV2Router02Abi } from './abis.generated.ts';
import type { QuoteTx } from './types.ts';

export interface V2RouterTxParameters {
  router: string;
  /** Token addresses from input to output; the wrapped native token stands for the native coin. */
  path: string[];
  amountIn: bigint;
  amountOutMin: bigint;
  recipient: string;
  /** Unix seconds after which the router reverts. */
  deadline: bigint;
  nativeIn: boolean;
  nativeOut: boolean;
}

/**
 * A ready-to-send router call: swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens.
 * @example buildV2RouterTx({ router, path: [wpls, usdc], amountIn, amountOutMin, recipient, deadline, nativeIn: true, nativeOut: false })
 */
export function buildV2RouterTx(p: V2RouterTxParameters): QuoteTx {
  const path = p.path as `0x${string}`[];
  const to = p.recipient as `0x${string}`;
  const data = p.nativeIn
    ? encodeFunctionData({
        abi: uniswapV2Router02Abi,
        functionName: 'swapExactETHForTokens',
        args: [p.amountOutMin, path, to, p.deadline],
      })
    : encodeFunctionData({
        abi: uniswapV2Router02Abi,
        functionName: p.nativeOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [p.amountIn, p.amountOutMin, path, to, p.deadline],
      });
  return { from: p.recipient, to: p.router, data, value: p.nativeIn ? p.amountIn.toString() : '0' };
}
