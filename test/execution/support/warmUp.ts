// Brings the devnet's fresh pools to the state of pools that have traded before: the first swap through a pool writes
// storage that stays non-zero afterwards (UniV2 price accumulators, UniV3 fee growth, Balancer fee accounting) and so
// costs up to 40,000 gas more than any later swap, and the first crossing of a UniV3 tick sets its fee-growth words
// (about 35,000 gas more than a later crossing). Mainnet pools are past both points; gas is measured after them.
import { type Address, encodeFunctionData, maxUint256 } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import type { GraphView } from '../../../src/graph/graphView.ts';
import type { NetworkPreset } from '../../../src/network/types.ts';
import type { Hop } from '../../../src/routing/types.ts';
import { buildRouterTx } from '../../../src/tx/buildRouterTx.ts';
import type { UniV3Pool } from '../../../src/pools/univ3/univ3Pool.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, getSqrtRatioAtTick } from '../../../src/pools/univ3/tickMath.ts';
import { ERC20_ABI, type SendableTx, sendBatch } from './chain.ts';
import { amountFor, exactOut } from './graphs.ts';
import { testContract } from './router.ts';

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
  await crossEveryTick(ctx, graph, wrapped);
  const warmed = pools.size;
  return warmed;
}

/** About a 5x price move either way (1.0001^16000). */
const TICK_WINDOW = 16_000;

/**
 * Moves every UniV3 pool's price just below its lowest initialized tick within TICK_WINDOW, just above its highest,
 * and back to where it was, so those ticks have been crossed (their fee-growth words set) and the pool ends at its own
 * price and liquidity.
 */
async function crossEveryTick(ctx: DeployContext, graph: GraphView, wrapped: Address): Promise<void> {
  const v3Pools = [...Array(graph.poolCount).keys()].filter((pool) => graph.poolKind(pool) === 'univ3');
  if (v3Pools.length === 0) return;
  const warmerArtifact = testContract('V3TickWarmer');
  const warmer = await ctx.deploy(warmerArtifact);
  const funding: SendableTx[] = [];
  const tokens = new Set(v3Pools.flatMap((pool) => [...graph.poolTokens(pool)]));
  for (const token of tokens) {
    const address = graph.tokenAddress(token) as Address;
    funding.push(
      address.toLowerCase() === wrapped.toLowerCase()
        ? { from: ctx.deployer, to: address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [warmer, 2n ** 96n] }), value: '0' }
        : { from: ctx.deployer, to: address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [warmer, 2n ** 120n] }), value: '0' },
    );
  }
  await expectAllSucceeded(await sendBatch(ctx, funding), 'tick warm-up funding');

  const moves: SendableTx[] = [];
  for (const pool of v3Pools) {
    const { state } = graph.pool(pool) as UniV3Pool;
    // Ticks beyond a 5x price move (full-range positions' ends) would take more than all the tokens there are to reach.
    const reachable = state.ticks.filter((t) => Math.abs(t.index - state.tick) <= TICK_WINDOW);
    if (reachable.length === 0) continue;
    const targets = [
      getSqrtRatioAtTick(reachable[0].index) - 1n,
      getSqrtRatioAtTick(reachable.at(-1)!.index) + 1n,
      state.sqrtPriceX96,
    ];
    let price = state.sqrtPriceX96;
    for (const target of targets) {
      if (target === price || target <= MIN_SQRT_RATIO || target >= MAX_SQRT_RATIO) continue;
      const data = encodeFunctionData({ abi: warmerArtifact.abi, functionName: 'moveTo', args: [graph.poolAddress(pool), target < price, target] });
      moves.push({ from: ctx.deployer, to: warmer, data, value: '0' });
      price = target;
    }
  }
  await expectAllSucceeded(await sendBatch(ctx, moves, 100_000_000n), 'tick warm-up move');
}

async function expectAllSucceeded(receipts: { status: string; to: string | null }[], what: string): Promise<void> {
  const failed = receipts.filter((receipt) => receipt.status !== 'success');
  if (failed.length > 0) throw new Error(`${failed.length} ${what} transactions reverted (first to ${failed[0].to})`);
}
