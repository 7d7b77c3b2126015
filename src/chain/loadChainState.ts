// Reads every pool of every configured platform, and its tokens, at one block.
import { DEX_PLATFORM_IDS, type DexPlatformId, type NetworkPreset } from '../network/types.ts';
import { ChainState } from './chainState.ts';
import { readerFor } from './readers.ts';
import { readTokens } from './readTokens.ts';
import type { DiscoveredPool, ReadContext } from './types.ts';

/**
 * Discovers and reads the whole chain state at `blockNumber` (every platform of the preset).
 * @example const state = await loadChainState(ctx, preset, await client.getBlockNumber())
 */
export async function loadChainState(ctx: ReadContext, preset: NetworkPreset, blockNumber: bigint): Promise<ChainState> {
  const block = await ctx.client.getBlock({ blockNumber });
  const state = new ChainState(blockNumber, block.hash ?? undefined);
  const discovered = await Promise.all(
    configuredPlatforms(preset).map((platformId) =>
      readerFor(preset.platforms[platformId].kind).discoverPools(ctx, platformId, preset.platforms[platformId], {
        fromBlock: 0n,
        toBlock: blockNumber,
      }),
    ),
  );
  await addPools(ctx, preset, state, discovered.flat(), blockNumber);
  return state;
}

/**
 * Reads (or re-reads) `pools` at `blockNumber` into `state`, plus the metadata of tokens it has not met yet.
 * @example await addPools(ctx, preset, state, changed, head)
 */
export async function addPools(
  ctx: ReadContext,
  preset: NetworkPreset,
  state: ChainState,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<void> {
  const byPlatform = new Map<DexPlatformId, DiscoveredPool[]>();
  for (const pool of pools) {
    const list = byPlatform.get(pool.platform) ?? [];
    list.push(pool);
    byPlatform.set(pool.platform, list);
  }
  const [tokens, states] = await Promise.all([
    readTokens(ctx.multicall, state.unknownTokens(pools), blockNumber),
    Promise.all(
      [...byPlatform].map(async ([platformId, list]) => {
        const platform = preset.platforms[platformId];
        return { list, states: await readerFor(platform.kind).readPoolStates(ctx, platform, list, blockNumber) };
      }),
    ),
  ]);
  for (const token of tokens) state.addToken(token);
  for (const { list, states: read } of states) list.forEach((pool, i) => state.setPool(pool, read[i]));
}

/** Platforms of the preset that have contracts configured (a preset may leave some out). */
export function configuredPlatforms(preset: NetworkPreset): DexPlatformId[] {
  return DEX_PLATFORM_IDS.filter((id) => {
    const p = preset.platforms[id];
    return p !== undefined && Boolean(p.factory || p.vault || (p.pools && p.pools.length > 0));
  });
}

