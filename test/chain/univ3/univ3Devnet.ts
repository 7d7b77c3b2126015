// Shared setup of the UniV3 chain tests: an anvil node with Multicall3, the seed's tokens and both UniV3 platforms
// deployed from the default snapshot, and a reader context on it.
import type { Address } from 'viem';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type DeployContext, createDeployContext } from '../../../devnet/deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import type { DevnetTokens } from '../../../devnet/deploy/types.ts';
import { type UniV3Deployment, deployUniV3PlatformWithContracts } from '../../../devnet/deploy/univ3/deployUniV3Platform.ts';
import { type SeedSelection, selectSeed } from '../../../devnet/seedSelection.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import type { DiscoveredPool, ReadContext } from '../../../src/chain/types.ts';
import { univ3Reader } from '../../../src/chain/univ3/univ3Reader.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import type { DexPlatformId, PlatformPreset } from '../../../src/network/types.ts';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';

export const UNIV3_PLATFORMS = ['dexb_v3', 'dexc_v3'] as const satisfies readonly DexPlatformId[];
export type UniV3PlatformId = (typeof UNIV3_PLATFORMS)[number];

export interface UniV3Devnet {
  anvil: AnvilInstance;
  /** The shared deploy context. */
  ctx: DeployContext;
  read: ReadContext;
  seed: SeedSelection;
  tokens: DevnetTokens;
  mainnet: Record<UniV3PlatformId, PlatformPreset>;
  deployments: Record<UniV3PlatformId, UniV3Deployment>;
}

/**
 * Starts anvil and deploys both UniV3 platforms with every seed pool; the caller stops `anvil`.
 * @example const devnet = await startUniV3Devnet(); t.after(() => devnet.anvil.stop())
 */
export async function startUniV3Devnet(): Promise<UniV3Devnet> {
  const anvil = await startAnvil();
  try {
    const ctx = createDeployContext(anvil.rpcUrl);
    const preset = loadPreset();
    const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset.wrappedNative.address);
    await deployMulticall3(ctx);
    const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);
    const mainnet = { dexb_v3: preset.platforms.dexb_v3, dexc_v3: preset.platforms.dexc_v3 };
    const deployments = {} as Record<UniV3PlatformId, UniV3Deployment>;
    for (const platformId of UNIV3_PLATFORMS) {
      deployments[platformId] = await deployUniV3PlatformWithContracts(ctx, {
        platformId,
        preset: mainnet[platformId],
        pools: seed.pools.get(platformId) ?? [],
        tokens,
      });
    }
    const read: ReadContext = {
      client: ctx.publicClient,
      multicall: createMulticallBatcher(ctx.publicClient, { multicallAddress: MULTICALL3_ADDRESS }),
    };
    return { anvil, ctx, read, seed, tokens, mainnet, deployments };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** The node's head block, never from viem's block-number cache. */
export async function headBlock(devnet: UniV3Devnet): Promise<bigint> {
  return devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
}

/** The platform's pools as discovery from block 0 finds them at `blockNumber` (no state read). */
export async function discoverPlatform(
  devnet: UniV3Devnet,
  platformId: UniV3PlatformId,
  blockNumber: bigint,
): Promise<DiscoveredPool[]> {
  const preset = devnet.deployments[platformId].preset;
  return univ3Reader.discoverPools(devnet.read, platformId, preset, { fromBlock: 0n, toBlock: blockNumber });
}

/** Every pool of the platform as the reader sees it at `blockNumber`, in the deployment's SnapshotPool shape. */
export async function readPlatform(
  devnet: UniV3Devnet,
  platformId: UniV3PlatformId,
  blockNumber: bigint,
): Promise<{ discovered: DiscoveredPool[]; pools: SnapshotPool[] }> {
  const discovered = await discoverPlatform(devnet, platformId, blockNumber);
  const states = await univ3Reader.readPoolStates(devnet.read, devnet.deployments[platformId].preset, discovered, blockNumber);
  const pools = discovered.map((pool, i) => ({
    platform: platformId,
    kind: pool.kind,
    address: pool.address,
    tokens: pool.tokens.map((token) => tokenIndex(devnet, token)),
    state: states[i] as Record<string, unknown>,
  }));
  return { discovered, pools };
}

/** One pool's state read by the reader at `blockNumber`. */
export async function readPoolState(
  devnet: UniV3Devnet,
  platformId: UniV3PlatformId,
  pool: DiscoveredPool,
  blockNumber: bigint,
): Promise<UniV3State> {
  const [state] = await univ3Reader.readPoolStates(devnet.read, devnet.deployments[platformId].preset, [pool], blockNumber);
  if (state === null) throw new Error(`${pool.address} read as null`);
  return state as unknown as UniV3State;
}

/** Index of a devnet token address in the seed's token list. */
export function tokenIndex(devnet: UniV3Devnet, address: Address | string): number {
  const i = devnet.tokens.list.findIndex((t) => t.address.toLowerCase() === address.toLowerCase());
  if (i < 0) throw new Error(`${address} is not a devnet token`);
  return i;
}

/** JSON with bigints as strings, for assertion messages. */
export const show = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}` : v));
