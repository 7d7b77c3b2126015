// The chain reader of Balancer V2 platforms (kind balv2): weighted and composable stable pools behind one Vault.
import type { PlatformReader } from '../types.ts';
import { announcesBalV2Pools } from './announcesBalV2Pools.ts';
import { discoverBalV2Pools } from './discoverBalV2Pools.ts';
import { readBalV2States } from './readBalV2States.ts';
import { touchedBalV2Pools } from './touchedBalV2Pools.ts';

/**
 * Discovery from the Vault's PoolRegistered logs, state through batched Vault and pool calls, change tracking from
 * Vault and pool events.
 * @example const pools = await balv2Reader.discoverPools(ctx, 'dexd_v2', preset, { fromBlock: 0n, toBlock: head })
 */
export const balv2Reader: PlatformReader = {
  discoverPools: discoverBalV2Pools,
  readPoolStates: readBalV2States,
  touchedPools: touchedBalV2Pools,
  announcesPools: announcesBalV2Pools,
};
