// The chain reader of the Curve-style stable platform (dexa_stable): pools listed in the preset, state from their
// getters, and any log of a listed pool marks it as touched.
import { type Address, type Log, getAddress } from 'viem';
import type { PlatformReader } from '../types.ts';
import { discoverStablePools } from './discoverStablePools.ts';
import { readStableStates } from './readStableStates.ts';

/**
 * Reads StableSwap pools. Every state change (TokenExchange, AddLiquidity, RemoveLiquidity*, A ramps, fee changes)
 * is logged by the pool itself, so any log from a listed pool means a re-read; nothing announces new pools.
 * @example const pools = await stableReader.discoverPools(ctx, 'dexa_stable', platforms.dexa_stable, { fromBlock: 0n, toBlock })
 */
export const stableReader: PlatformReader = {
  discoverPools: discoverStablePools,
  readPoolStates: (ctx, preset, pools, blockNumber) =>
    readStableStates(ctx, preset, pools, blockNumber) as unknown as Promise<(Record<string, unknown> | null)[]>,
  touchedPools(log: Log, preset): Address[] {
    const emitter = log.address.toLowerCase();
    return (preset.pools ?? []).some((pool) => pool.toLowerCase() === emitter) ? [getAddress(log.address)] : [];
  },
  announcesPools: () => false,
};

