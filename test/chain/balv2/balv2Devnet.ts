// Test support: an anvil node with Multicall3, the seed's tokens and the dexd_v2 platform deployed from the default
// snapshot, and a ReadContext for the reader.
import type { Address, PublicClient } from 'viem';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type DeployContext, createDeployContext } from '../../../devnet/deploy/context.ts';
import {
  type BalancerV2Deployment,
  deployBalancerV2Platform,
} from '../../../devnet/deploy/balv2/deployBalancerV2Platform.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import type { DevnetTokens } from '../../../devnet/deploy/types.ts';
import { selectSeed } from '../../../devnet/seedSelection.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import type { ReadContext } from '../../../src/chain/types.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import type { PlatformPreset } from '../../../src/network/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';

export interface BalV2Devnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  tokens: DevnetTokens;
  deployment: BalancerV2Deployment;
  preset: PlatformPreset;
  read: ReadContext;
  /** The block right after deployment. */
  deployedAt: bigint;
}

/**
 * Starts anvil and deploys the platform from every dexd_v2 pool of the default snapshot's seed. The caller stops it
 * (`after(() => devnet.anvil.stop())`); a failed deployment stops it here.
 * @example const devnet = await startBalV2Devnet()
 */
export async function startBalV2Devnet(): Promise<BalV2Devnet> {
  const anvil = await startAnvil();
  try {
    const ctx = createDeployContext(anvil.rpcUrl);
    await deployMulticall3(ctx);
    const mainnet = loadPreset();
    const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), mainnet.wrappedNative.address);
    const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);
    const deployment = await deployBalancerV2Platform(ctx, {
      platformId: 'dexd_v2',
      preset: mainnet.platforms.dexd_v2,
      pools: seed.pools.get('dexd_v2') ?? [],
      tokens,
    });
    const client = ctx.publicClient as PublicClient;
    const read: ReadContext = { client, multicall: createMulticallBatcher(client, { multicallAddress: MULTICALL3_ADDRESS as Address }) };
    return { anvil, ctx, tokens, deployment, preset: deployment.preset, read, deployedAt: await headBlock(client) };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * The node's latest block, never viem's cached answer: the deploy context's client caches block numbers for its 20 ms
 * polling interval, long enough to hand back the block before a swap that was just mined.
 * @example const head = await headBlock(devnet.read.client)
 */
export function headBlock(client: PublicClient): Promise<bigint> {
  return client.getBlockNumber({ cacheTime: 0 });
}
