// Brings the devnet's fresh pools to the state of pools that have traded before: the first swap through a pool writes
// storage that stays non-zero afterwards (UniV2 price accumulators, UniV3 fee growth, Balancer fee accounting) and so
// costs up to 40,000 gas more than any later swap. Mainnet pools are past that point; gas is measured after it.
import { type Address, encodeFunctionData, maxUint256 } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import type { GraphView } from '../../../src/graph/graphView.ts';
import type { NetworkPreset } from '../../../src/network/types.ts';
import type { Hop } from '../../../src/routing/types.ts';
import { buildRouterTx } from '../../../src/tx/buildRouterTx.ts';
import { ERC20_ABI, type SendableTx, sendBatch } from './chain.ts';
import { amountFor, exactOut } from './graphs.ts';

/**
 * Swaps a tiny amount through every pool in every direction with our router, from the deployer account; resolves to
 * the number of pools swapped through.
 * @example await warmUpPools(devnet.ctx, preset, await chainGraph(devnet.ctx, preset))
 */
export async function warmUpPools(ctx: DeployContext, preset: NetworkPreset, graph: GraphView): Promise<number> {
  const router = preset.aggregatorRouter as Address;
  const wrapped = preset.wrappedNative.address as Address;
  const user = ctx.deployer;
  const setUp: SendableTx[] = [];
  for (let token = 0; token < graph.tokenCount; token++) {
    const address = graph.tokenAddress(token) as Address;
    const isWrapped = address.toLowerCase() === wrapped.toLowerCase();
    setUp.push({
      from: user,
      to: address,
      data: isWrapped
        ? encodeFunctionData({ abi: ERC20_ABI, functionName: 'deposit' })
        : encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [user, 2n ** 100n] }),
      value: isWrapped ? (10n ** 30n).toString() : '0',
    });
    setUp.push({ from: user, to: address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [router, maxUint256] }), value: '0' });
  }
  await ctx.rpc('anvil_setBalance', [user, `0x${(2n ** 200n).toString(16)}`]);
  await expectAllSucceeded(await sendBatch(ctx, setUp), 'warm-up funding');

  const swaps: SendableTx[] = [];
  const pools = new Set<number>();
  for (let pool = 0; pool < graph.poolCount; pool++) {
    const tokens = graph.poolTokens(pool);
    for (let localIn = 0; localIn < tokens.length; localIn++) {
      for (let localOut = 0; localOut < tokens.length; localOut++) {
        if (localIn === localOut) continue;
        const hop: Hop = { pool, tokenIn: tokens[localIn], tokenOut: tokens[localOut], localIn, localOut };
        const amountIn = [1e-6, 1e-4, 1e-3].map((f) => amountFor(graph, hop, f)).find((a) => exactOut(graph, [hop], a));
        if (amountIn === undefined) continue;
        pools.add(pool);
        swaps.push(
          buildRouterTx({
            router,
            graph,
            tokenIn: graph.tokenAddress(hop.tokenIn),
            tokenOut: graph.tokenAddress(hop.tokenOut),
            amountIn,
            splits: [{ amountIn, hops: [hop] }],
            amountOutMin: 0n,
            recipient: user,
            deadline: maxUint256,
          }),
        );
      }
    }
  }
  await expectAllSucceeded(await sendBatch(ctx, swaps), 'warm-up swap');
  const warmed = pools.size;
  return warmed;
}

async function expectAllSucceeded(receipts: { status: string; to: string | null }[], what: string): Promise<void> {
  const failed = receipts.filter((receipt) => receipt.status !== 'success');
  if (failed.length > 0) throw new Error(`${failed.length} ${what} transactions reverted (first to ${failed[0].to})`);
}
