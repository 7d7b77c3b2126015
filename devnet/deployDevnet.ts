// Deploys the whole devnet on a running node: Multicall3, the seed's tokens, and every platform of the mainnet preset
// with its seed pools; returns the devnet's network preset and the exact state it put on chain.
import type { NetworkPreset, PlatformKind, PlatformPreset } from '../src/network/types.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../src/snapshot/snapshotFile.ts';
import { SNAPSHOT_FORMAT, type Snapshot, type SnapshotPool } from '../src/snapshot/types.ts';
import { deployAggregatorRouter } from './deploy/aggregatorRouter.ts';
import { deployBalancerV2Platform } from './deploy/balv2/deployBalancerV2Platform.ts';
import { deployBalancerV3Platform } from './deploy/balv3/deployBalancerV3Platform.ts';
import type { DeployContext } from './deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from './deploy/multicall.ts';
import { deployStablePlatform } from './deploy/stable/deployStablePlatform.ts';
import { deployTokens } from './deploy/tokens.ts';
import type { PlatformDeployer } from './deploy/types.ts';
import { deployUniV2Platform } from './deploy/univ2/deployUniV2Platform.ts';
import { deployUniV3Platform } from './deploy/univ3/deployUniV3Platform.ts';
import { type SeedOptions, selectSeed } from './seedSelection.ts';

const DEPLOYERS: Record<PlatformKind, PlatformDeployer> = {
  univ2: deployUniV2Platform,
  univ3: deployUniV3Platform,
  stable: deployStablePlatform,
  balv2: deployBalancerV2Platform,
  balv3: deployBalancerV3Platform,
};

export interface DevnetDeployment {
  /** The devnet's network preset (write it to a file and point NETWORK_PRESET at it). */
  preset: NetworkPreset;
  /** Exactly what the deployment put on chain, at the block after the last deployment transaction. */
  snapshot: Snapshot;
}

/**
 * Deploys everything and returns what was deployed.
 * @example const { preset, snapshot } = await deployDevnet(createDeployContext(anvil.rpcUrl))
 */
export async function deployDevnet(ctx: DeployContext, options: SeedOptions = {}): Promise<DevnetDeployment> {
  const mainnet = loadPreset();
  const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), mainnet.wrappedNative.address, options);
  await deployMulticall3(ctx);
  const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);

  const platforms = {} as Record<string, PlatformPreset>;
  const pools: SnapshotPool[] = [];
  // One platform at a time: deployers share the deployer account's nonce.
  for (const [platformId, platform] of Object.entries(mainnet.platforms) as [keyof typeof mainnet.platforms, PlatformPreset][]) {
    const seedPools = seed.pools.get(platformId) ?? [];
    const deployed = await DEPLOYERS[platform.kind](ctx, { platformId, preset: platform, pools: seedPools, tokens });
    platforms[platformId] = deployed.preset;
    pools.push(...deployed.pools);
  }

  const wrapped = tokens.list[seed.wrappedNativeIndex];
  const preset: NetworkPreset = {
    chainId: 369,
    nativeSymbol: mainnet.nativeSymbol,
    wrappedNative: { symbol: wrapped.symbol, address: wrapped.address, decimals: wrapped.decimals },
    multicall3: MULTICALL3_ADDRESS,
    platforms: platforms as NetworkPreset['platforms'],
    tokens: tokens.list.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
  };
  // Last, because the router takes the wrapped native token and the Balancer Vaults as constructor arguments.
  preset.aggregatorRouter = await deployAggregatorRouter(ctx, preset);
  const blockNumber = await ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  return {
    preset,
    snapshot: { format: SNAPSHOT_FORMAT, chainId: 369, blockNumber, synthetic: false, tokens: tokens.list, pools },
  };
}
