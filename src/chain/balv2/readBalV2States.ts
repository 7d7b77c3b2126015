// Reads Balancer V2 pool state at one block, in the engine's format (BalV2WeightedState / BalV2StableState).
import { type Address, type Hex, getAddress } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import type { BalV2StableState } from '../../pools/balv2/composableStable/data.ts';
import { _AMP_PRECISION } from '../../pools/balv2/composableStable/stableMath.ts';
import type { BalV2WeightedState } from '../../pools/balv2/weighted/data.ts';
import type { ContractRead, ReadResult } from '../multicall.ts';
import type { DiscoveredPool, ReadContext } from '../types.ts';
import { POOL_ABI, VAULT_ABI } from './abis.ts';

/** Calls per pool, in this order; the last one depends on the kind. */
const CALLS_PER_POOL = 5;

/**
 * Each pool's state at `blockNumber`, or null when it cannot be quoted there: the Vault or the pool is paused, a
 * call failed, or the pool holds nothing (created, not yet initialised). Balances are the Vault's totals (cash +
 * managed); scaling factors are the pool's own, which include any token rates (a composable stable pool's cached
 * rates: a swap that finds a rate cache expired refreshes it first, which this state cannot foresee).
 * A composable stable pool's BPT entry is dropped from balances and scaling factors.
 * @example const states = await readBalV2States(ctx, preset.platforms.dexd_v2, pools, head)
 */
export async function readBalV2States(
  ctx: ReadContext,
  preset: PlatformPreset,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<(Record<string, unknown> | null)[]> {
  if (pools.length === 0) return [];
  if (!preset.vault) throw new Error('Balancer V2 platform without a vault');
  const vault = getAddress(preset.vault);
  const reads: ContractRead[] = [{ address: vault, abi: VAULT_ABI, functionName: 'getPausedState' }];
  for (const pool of pools) {
    const address = pool.address;
    reads.push(
      { address: vault, abi: VAULT_ABI, functionName: 'getPoolTokens', args: [pool.meta.poolId as Hex] },
      { address, abi: POOL_ABI, functionName: 'getScalingFactors' },
      { address, abi: POOL_ABI, functionName: 'getSwapFeePercentage' },
      { address, abi: POOL_ABI, functionName: 'getPausedState' },
      {
        address,
        abi: POOL_ABI,
        functionName: pool.kind === 'balv2Weighted' ? 'getNormalizedWeights' : 'getAmplificationParameter',
      },
    );
  }
  const results = await ctx.multicall.read(reads, blockNumber);
  ctx.onProgress?.({ platform: pools[0].platform, stage: 'state', done: pools.length, total: pools.length });
  if (results[0].status !== 'success' || isPaused(results[0].result)) return pools.map(() => null);

  return pools.map((pool, i) => {
    const slice = results.slice(1 + i * CALLS_PER_POOL, 1 + (i + 1) * CALLS_PER_POOL);
    if (slice.some((r) => r.status !== 'success')) return null;
    const [tokens, scaling, fee, paused, kindSpecific] = slice.map((r) => (r as Extract<ReadResult, { status: 'success' }>).result);
    if (isPaused(paused)) return null;
    const registeredBalances = (tokens as readonly [readonly Address[], readonly bigint[], bigint])[1];
    const registeredScaling = scaling as readonly bigint[];
    const state = toState(pool, registeredBalances, registeredScaling, fee as bigint, kindSpecific);
    if (!state || state.balances.every((b) => b === 0n)) return null;
    return state as unknown as Record<string, unknown>;
  });
}

function toState(
  pool: DiscoveredPool,
  registeredBalances: readonly bigint[],
  registeredScaling: readonly bigint[],
  swapFeePercentage: bigint,
  kindSpecific: unknown,
): BalV2WeightedState | BalV2StableState | null {
  const n = pool.tokens.length;
  if (pool.kind === 'balv2Weighted') {
    const weights = kindSpecific as readonly bigint[];
    if (registeredBalances.length !== n || registeredScaling.length !== n || weights.length !== n) return null;
    return { balances: [...registeredBalances], weights: [...weights], scalingFactors: [...registeredScaling], swapFeePercentage };
  }
  const bptIndex = Number(pool.meta.bptIndex);
  if (registeredBalances.length !== n + 1 || registeredScaling.length !== n + 1) return null;
  const [value, , precision] = kindSpecific as readonly [bigint, boolean, bigint];
  // Every V2 stable pool uses AMP_PRECISION 1000; anything else would need rescaling the engine does not do.
  if (precision !== _AMP_PRECISION) return null;
  return {
    balances: registeredBalances.filter((_, k) => k !== bptIndex),
    scalingFactors: registeredScaling.filter((_, k) => k !== bptIndex),
    amp: value,
    swapFeePercentage,
  };
}

function isPaused(pausedState: unknown): boolean {
  return (pausedState as readonly [boolean, bigint, bigint])[0];
}
