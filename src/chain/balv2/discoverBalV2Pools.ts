// Finds the Balancer V2 pools the engine can quote: the Vault's PoolRegistered logs, then probe calls per pool.
import { type Address, getAddress } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../network/types.ts';
import type { ContractRead } from '../multicall.ts';
import type { BlockRange, DiscoveredPool, ReadContext } from '../types.ts';
import { POOL_ABI, VAULT_ABI } from './abis.ts';
import { PROBES, type ProbeResults, classifyBalV2Pool } from './classifyBalV2Pool.ts';
import { fetchPoolRegistrations } from './fetchPoolRegistrations.ts';

/**
 * Pools registered with the platform's Vault within `range` that are weighted (v2+) or composable stable pools,
 * probed at `range.toBlock`. The Vault keeps no list of pools, so logs are the only index; meta carries the poolId
 * (and a composable stable pool's BPT index, fixed at registration).
 * @example const pools = await discoverBalV2Pools(ctx, 'dexd_v2', preset.platforms.dexd_v2, { fromBlock: 0n, toBlock: head })
 */
export async function discoverBalV2Pools(
  ctx: ReadContext,
  platformId: DexPlatformId,
  preset: PlatformPreset,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  if (!preset.vault) throw new Error(`platform ${platformId} has no Balancer V2 vault configured`);
  const vault = getAddress(preset.vault);
  const registrations = await fetchPoolRegistrations(ctx.client, vault, range, {
    onPage: (done, total) => ctx.onProgress?.({ platform: platformId, stage: 'discover', done: Number(done), total: Number(total) }),
  });

  const probeReads = (pool: Address, poolId: string): ContractRead[] =>
    PROBES.map((functionName) =>
      functionName === 'getPoolTokens'
        ? { address: vault, abi: VAULT_ABI, functionName, args: [poolId] }
        : { address: pool, abi: POOL_ABI, functionName },
    );
  const results = await ctx.multicall.read(
    registrations.flatMap((r) => probeReads(r.address, r.poolId)),
    range.toBlock,
  );

  const pools: DiscoveredPool[] = [];
  registrations.forEach((registration, i) => {
    const slice = results.slice(i * PROBES.length, (i + 1) * PROBES.length);
    const probes = Object.fromEntries(PROBES.map((name, k) => [name, slice[k]])) as ProbeResults;
    const found = classifyBalV2Pool(registration.address, probes);
    if (!found) return;
    pools.push({
      platform: platformId,
      kind: found.kind,
      address: registration.address,
      tokens: found.tokens,
      meta: found.kind === 'balv2Stable' ? { poolId: registration.poolId, bptIndex: found.bptIndex } : { poolId: registration.poolId },
    });
  });
  return pools;
}
