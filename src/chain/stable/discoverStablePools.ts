// Lists a stable platform's pools: they are static configuration (the preset's `pools`), so only their coins are read.
import { type Address, getAddress } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../network/types.ts';
import { MAX_COINS, MIN_COINS } from '../../pools/stable/data.ts';
import type { BlockRange, DiscoveredPool, ReadContext } from '../types.ts';
import { stableSwapAbi } from './abis.ts';

/**
 * The preset's pools with their coins read at `toBlock` (coins(i) for i = 0.. until it reverts, as the pools keep
 * no public coin count). A range from a later block finds nothing: no factory announces these pools.
 * @example const pools = await discoverStablePools(ctx, 'dexa_stable', platforms.dexa_stable, { fromBlock: 0n, toBlock })
 */
export async function discoverStablePools(
  ctx: ReadContext,
  platformId: DexPlatformId,
  preset: PlatformPreset,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  if (range.fromBlock !== 0n) return [];
  const addresses = (preset.pools ?? []).map((a) => getAddress(a));
  const reads = addresses.flatMap((address) =>
    Array.from({ length: MAX_COINS }, (_, i) => ({
      address,
      abi: stableSwapAbi,
      functionName: 'coins',
      args: [BigInt(i)],
    })),
  );
  const results = await ctx.multicall.read(reads, range.toBlock);
  const pools: DiscoveredPool[] = [];
  addresses.forEach((address, p) => {
    const coins: Address[] = [];
    for (const result of results.slice(p * MAX_COINS, (p + 1) * MAX_COINS)) {
      if (result.status !== 'success') break;
      coins.push(getAddress(result.result as Address));
    }
    // Fewer than two readable coins: not a pool the engine can model (or no contract at that address).
    if (coins.length >= MIN_COINS) {
      pools.push({ platform: platformId, kind: 'stable', address, tokens: coins, meta: {} });
    }
  });
  ctx.onProgress?.({ platform: platformId, stage: 'discover', done: pools.length, total: addresses.length });
  return pools;
}
