// Test fixture: an anvil node with the seed's tokens and the dexa_stable platform deployed from the default snapshot,
// and a ReadContext over it, stopped when the test ends.
import type { TestContext } from 'node:test';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type DeployContext, createDeployContext } from '../../../devnet/deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployStablePlatform } from '../../../devnet/deploy/stable/deployStablePlatform.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import type { DevnetTokens, PlatformDeployment } from '../../../devnet/deploy/types.ts';
import { selectSeed } from '../../../devnet/seedSelection.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import type { ReadContext } from '../../../src/chain/types.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';

export interface StableDevnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  read: ReadContext;
  tokens: DevnetTokens;
  /** The seed's dexa_stable pools as the snapshot has them. */
  seedPools: SnapshotPool[];
  deployment: PlatformDeployment;
}

/**
 * Starts anvil and deploys dexa_stable with all its seed pools (the snapshot's USDT/USDC/DAI 3pool).
 * @example const devnet = await startStableDevnet(t)
 */
export async function startStableDevnet(t: TestContext): Promise<StableDevnet> {
  const anvil = await startAnvil();
  t.after(() => anvil.stop());
  const ctx = createDeployContext(anvil.rpcUrl);
  await deployMulticall3(ctx);
  const mainnet = loadPreset();
  const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), mainnet.wrappedNative.address);
  const tokens = await deployTokens(ctx, seed.tokens, seed.wrappedNativeIndex);
  const seedPools = seed.pools.get('dexa_stable') ?? [];
  const deployment = await deployStablePlatform(ctx, {
    platformId: 'dexa_stable',
    preset: mainnet.platforms.dexa_stable,
    pools: seedPools,
    tokens,
  });
  const read: ReadContext = {
    client: ctx.publicClient,
    multicall: createMulticallBatcher(ctx.publicClient, { multicallAddress: MULTICALL3_ADDRESS }),
  };
  return { anvil, ctx, read, tokens, seedPools, deployment };
}
