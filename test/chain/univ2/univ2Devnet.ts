// Test fixture: an anvil node with the seed's tokens and the four UniV2 platforms deployed from the default snapshot,
// and a ReadContext over it, stopped when the test ends.
import type { TestContext } from 'node:test';
import type { Address } from 'viem';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type DeployContext, createDeployContext } from '../../../devnet/deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import type { DevnetTokens, PlatformDeployment } from '../../../devnet/deploy/types.ts';
import { deployUniV2Platform } from '../../../devnet/deploy/univ2/deployUniV2Platform.ts';
import { selectSeed } from '../../../devnet/seedSelection.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import type { DiscoveredPool, ReadContext } from '../../../src/chain/types.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import type { DexPlatformId } from '../../../src/network/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';

export const UNIV2_PLATFORMS = ['dexa_v1', 'dexa_v2', 'dexb_v2', 'dexc_v2'] as const satisfies readonly DexPlatformId[];
export type UniV2PlatformId = (typeof UNIV2_PLATFORMS)[number];

export interface UniV2Devnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  read: ReadContext;
  tokens: DevnetTokens;
  /** The seed's pools per platform, before deployment (tokens in snapshot order). */
  seedPools: Map<DexPlatformId, SnapshotPool[]>;
  deployments: Record<UniV2PlatformId, PlatformDeployment>;
  /** Seconds the four platforms took to deploy (compilation cached or not). */
  deploySeconds: number;
}

/**
 * Starts anvil and deploys every UniV2 platform with all its seed pools (60 each with the default options).
 * @example const devnet = await startUniV2Devnet(t)
 */
export async function startUniV2Devnet(t: TestContext): Promise<UniV2Devnet> {
  const anvil = await startAnvil();
  t.after(() => anvil.stop());
  const ctx = createDeployContext(anvil.rpcUrl);
  await deployMulticall3(ctx);
  const mainnet = loadPreset();
  const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), mainnet.wrappedNative.address);
  const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);
  const started = performance.now();
  const deployments = {} as Record<UniV2PlatformId, PlatformDeployment>;
  for (const platformId of UNIV2_PLATFORMS) {
    const pools = seed.pools.get(platformId) ?? [];
    deployments[platformId] = await deployUniV2Platform(ctx, { platformId, preset: mainnet.platforms[platformId], pools, tokens });
  }
  const deploySeconds = (performance.now() - started) / 1000;
  const read: ReadContext = {
    client: ctx.publicClient,
    multicall: createMulticallBatcher(ctx.publicClient, { multicallAddress: MULTICALL3_ADDRESS }),
  };
  return { anvil, ctx, read, tokens, seedPools: seed.pools, deployments, deploySeconds };
}

/** A discovered pool and its read state in the deployment's SnapshotPool form (token addresses as list indices). */
export function asSnapshotPool(tokens: DevnetTokens, pool: DiscoveredPool, state: Record<string, unknown> | null): SnapshotPool {
  return {
    platform: pool.platform,
    kind: pool.kind,
    address: pool.address,
    tokens: pool.tokens.map((address) => tokenIndex(tokens, address)),
    state: state as Record<string, unknown>,
    meta: pool.meta,
  };
}

export function tokenIndex(tokens: DevnetTokens, address: string): number {
  const index = tokens.list.findIndex((t) => t.address.toLowerCase() === address.toLowerCase());
  if (index < 0) throw new Error(`${address} is not a devnet token`);
  return index;
}

export function tokenAddress(tokens: DevnetTokens, index: number): Address {
  return tokens.list[index].address as Address;
}
