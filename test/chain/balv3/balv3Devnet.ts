// Test support: an anvil node with Multicall3, the seed's tokens and the dexe_v3 platform deployed from the default
// snapshot, a ReadContext for the reader, and Router calls (queries by eth_call, real swaps).
import {
  type Address,
  type PublicClient,
  type TransactionReceipt,
  erc20Abi,
  maxUint48,
  maxUint160,
  maxUint256,
} from 'viem';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type BalancerV3Devnet, deployBalancerV3 } from '../../../devnet/deploy/balv3/deployBalancerV3Platform.ts';
import { type DeployContext, createDeployContext } from '../../../devnet/deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import type { DevnetTokens } from '../../../devnet/deploy/types.ts';
import { selectSeed } from '../../../devnet/seedSelection.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import type { ReadContext } from '../../../src/chain/types.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import type { PlatformPreset } from '../../../src/network/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';

export interface BalV3Devnet extends BalancerV3Devnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  tokens: DevnetTokens;
  preset: PlatformPreset;
  read: ReadContext;
  /** The block right after deployment. */
  deployedAt: bigint;
}

/** eth_calls in flight while querying the Router. */
const QUERY_CONCURRENCY = 8;

/** One ExactIn swap through a pool, tokens by address. */
export interface SwapCall {
  pool: Address;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
}

/**
 * Starts anvil and deploys the platform from every dexe_v3 pool of the default snapshot's seed. The caller stops it
 * (`after(() => devnet.anvil.stop())`); a failed deployment stops it here.
 * @example const devnet = await startBalV3Devnet()
 */
export async function startBalV3Devnet(): Promise<BalV3Devnet> {
  const anvil = await startAnvil();
  try {
    const ctx = createDeployContext(anvil.rpcUrl);
    await deployMulticall3(ctx);
    const mainnet = loadPreset();
    const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), mainnet.wrappedNative.address);
    const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);
    const { deployment, env } = await deployBalancerV3(ctx, {
      platformId: 'dexe_v3',
      preset: mainnet.platforms.dexe_v3,
      pools: seed.pools.get('dexe_v3') ?? [],
      tokens,
    });
    const client = ctx.publicClient as PublicClient;
    const multicall = createMulticallBatcher(client, { multicallAddress: MULTICALL3_ADDRESS, batchSize: 100 });
    const read: ReadContext = { client, multicall };
    const deployedAt = await headBlock(client);
    return { anvil, ctx, tokens, deployment, env, preset: deployment.preset, read, deployedAt };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * The node's latest block, never viem's cached answer (the deploy client caches block numbers for 20 ms).
 * @example const head = await headBlock(devnet.read.client)
 */
export function headBlock(client: PublicClient): Promise<bigint> {
  return client.getBlockNumber({ cacheTime: 0 });
}

/**
 * Router.querySwapSingleTokenExactIn for each call at `blockNumber`, null where the query reverts. One eth_call per
 * query: the Vault's quote really executes the swap and relies on eth_call discarding it (tx.origin is zero there),
 * so queries batched in one Multicall3 call would each see the swaps before them.
 * @example const [amountOut] = await queryExactIn(devnet, [{ pool, tokenIn, tokenOut, amountIn }], head)
 */
export async function queryExactIn(
  devnet: BalV3Devnet,
  calls: readonly SwapCall[],
  blockNumber: bigint,
): Promise<(bigint | null)[]> {
  const { router } = devnet.env.periphery;
  const abi = devnet.env.artifacts.Router.abi;
  const results = new Array<bigint | null>(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const k = next++;
      const c = calls[k];
      try {
        const { result } = await devnet.read.client.simulateContract({
          address: router,
          abi,
          functionName: 'querySwapSingleTokenExactIn',
          args: [c.pool, c.tokenIn, c.tokenOut, c.amountIn, devnet.ctx.deployer, '0x'],
          blockNumber,
        });
        results[k] = result as bigint;
      } catch {
        results[k] = null;
      }
    }
  };
  await Promise.all(Array.from({ length: QUERY_CONCURRENCY }, worker));
  return results;
}

/**
 * Funds `from` with `amountIn` of tokenIn, swaps it through the Router (min out 0) and returns what `from` received
 * of tokenOut, with the swap's receipt.
 * @example const { received } = await swapExactIn(devnet, OTHER_ACCOUNT, call)
 */
export async function swapExactIn(
  devnet: BalV3Devnet,
  from: Address,
  call: SwapCall,
): Promise<{ received: bigint; receipt: TransactionReceipt }> {
  const { ctx, tokens, env } = devnet;
  const { router, permit2 } = env.periphery;
  await tokens.fund(call.tokenIn, from, call.amountIn);
  await ctx.write({ address: call.tokenIn, abi: erc20Abi, functionName: 'approve', args: [permit2, maxUint256], from });
  await ctx.write({
    address: permit2,
    abi: env.artifacts.MiniPermit2.abi,
    functionName: 'approve',
    args: [call.tokenIn, router, maxUint160, maxUint48],
    from,
  });
  const balance = () =>
    ctx.publicClient.readContract({ address: call.tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [from] });
  const before = await balance();
  const receipt = await ctx.write({
    address: router,
    abi: env.artifacts.Router.abi,
    functionName: 'swapSingleTokenExactIn',
    args: [call.pool, call.tokenIn, call.tokenOut, call.amountIn, 0n, maxUint256, false, '0x'],
    from,
  });
  return { received: (await balance()) - before, receipt };
}
