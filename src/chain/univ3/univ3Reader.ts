// The chain reader of UniV3 platforms (Uniswap V3 and its forks): discovery from factory logs, state through
// multicall, and the pool events that change state. Importing this module registers it for the univ3 kind.
import { type Address, type Log, getAddress } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import type { PlatformReader } from '../types.ts';
import { POOL_CREATED_TOPIC, STATE_CHANGING_TOPICS } from './abis.ts';
import { discoverUniV3Pools } from './discoverUniV3Pools.ts';
import { readUniV3States } from './readUniV3States.ts';

/**
 * The PlatformReader of kind univ3. touchedPools names the emitting pool of Initialize, Mint, Burn and Swap (the
 * PancakeSwap V3 Swap too); Collect and Flash change fee accounting only, which the engine does not model.
 * @example const pools = await univ3Reader.discoverPools(ctx, 'dexc_v3', preset.platforms.dexc_v3, range)
 */
export const univ3Reader: PlatformReader = {
  discoverPools: discoverUniV3Pools,
  // UniV3State is an interface, which TypeScript does not treat as a string-keyed record without this widening.
  readPoolStates: (ctx, preset, pools, blockNumber) =>
    readUniV3States(ctx, preset, pools, blockNumber) as Promise<(Record<string, unknown> | null)[]>,
  touchedPools(log: Log): Address[] {
    const topic = log.topics[0];
    return topic !== undefined && STATE_CHANGING_TOPICS.has(topic) ? [getAddress(log.address)] : [];
  },
  announcesPools(log: Log, preset: PlatformPreset): boolean {
    return (
      log.topics[0] === POOL_CREATED_TOPIC &&
      preset.factory !== undefined &&
      log.address.toLowerCase() === preset.factory.toLowerCase()
    );
  },
};

