// Calldata for our aggregator router (contracts/AggregatorRouter.sol) executing any path or split quote.
import { encodeFunctionData } from 'viem/utils';
import type { GraphView } from '../graph/graphView.ts';
import type { Hop } from '../routing/types.ts';
import { aggregatorRouterAbi } from './aggregatorRouterAbi.generated.ts';
import { routerHops } from './routerHops.ts';
import type { QuoteTx } from './types.ts';

const NATIVE = '0x0000000000000000000000000000000000000000';

/** One split of the quote: its exact input and its hops, in execution order. */
export interface RouterSplit {
  amountIn: bigint;
  hops: readonly Hop[];
}

export interface RouterTxParameters {
  router: string;
  graph: GraphView;
  /** The request's tokens: the zero address is the native coin (wrapped in, or unwrapped out, by the router). */
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  /** In execution order; their amounts sum to amountIn. */
  splits: readonly RouterSplit[];
  amountOutMin: bigint;
  recipient: string;
  /** Unix seconds after which the router reverts. */
  deadline: bigint;
}

/**
 * A ready-to-send `execute` call on the router; `value` is amountIn when the input is the native coin.
 * @example buildRouterTx({ router, graph, tokenIn, tokenOut, amountIn, splits: [{ amountIn, hops }], amountOutMin, recipient, deadline })
 */
export function buildRouterTx(p: RouterTxParameters): QuoteTx {
  const native = p.tokenIn.toLowerCase() === NATIVE;
  const data = encodeFunctionData({
    abi: aggregatorRouterAbi,
    functionName: 'execute',
    args: [
      (native ? NATIVE : p.tokenIn) as `0x${string}`,
      (p.tokenOut.toLowerCase() === NATIVE ? NATIVE : p.tokenOut) as `0x${string}`,
      p.amountIn,
      p.amountOutMin,
      p.recipient as `0x${string}`,
      p.deadline,
      p.splits.map((split) => ({ amountIn: split.amountIn, hops: routerHops(p.graph, split.hops) })),
    ],
  });
  return { from: p.recipient, to: p.router, data, value: native ? p.amountIn.toString() : '0' };
}
