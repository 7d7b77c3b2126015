// The chain reader of UniV2 platforms (dexa_v1, dexa_v2, dexb_v2, dexc_v2): discovery, reserves, and which logs
// change or announce pairs.
import { type Address, type Log, getAddress } from 'viem';
import type { PlatformReader } from '../types.ts';
import { PAIR_CREATED_TOPIC, SYNC_TOPIC } from './abis.ts';
import { discoverUniV2Pools } from './discoverUniV2Pools.ts';
import { readUniV2States } from './readUniV2States.ts';

/**
 * Reads UniV2 pairs: discovery from the factory, state from getReserves. Every reserve change of a pair emits Sync,
 * so Sync alone names the touched pair; PairCreated from the platform's factory announces a new one.
 * @example const pools = await univ2Reader.discoverPools(ctx, 'dexa_v2', platforms.dexa_v2, { fromBlock: 0n, toBlock })
 */
export const univ2Reader: PlatformReader = {
  discoverPools: discoverUniV2Pools,
  readPoolStates: (ctx, preset, pools, blockNumber) =>
    readUniV2States(ctx, preset, pools, blockNumber) as Promise<(Record<string, unknown> | null)[]>,
  touchedPools(log: Log): Address[] {
    return log.topics[0] === SYNC_TOPIC ? [getAddress(log.address)] : [];
  },
  announcesPools(log, preset) {
    return (
      log.topics[0] === PAIR_CREATED_TOPIC &&
      preset.factory !== undefined &&
      log.address.toLowerCase() === preset.factory.toLowerCase()
    );
  },
};

