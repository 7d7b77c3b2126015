// The chain reader of Balancer V3 platforms (kind balv3): weighted and stable pools behind one Vault.
import type { PlatformReader } from '../types.ts';
import { announcesBalV3Pools } from './announcesBalV3Pools.ts';
import { discoverBalV3Pools } from './discoverBalV3Pools.ts';
import { readBalV3States } from './readBalV3States.ts';
import { touchedBalV3Pools } from './touchedBalV3Pools.ts';

/**
 * Discovery from the Vault's PoolRegistered logs (pools with hooks left out, type probed on the pool), state through
 * batched Vault and pool calls, change tracking from Vault and stable-pool events.
 * @example const pools = await balv3Reader.discoverPools(ctx, 'dexe_v3', preset, { fromBlock: 0n, toBlock: head })
 */
export const balv3Reader: PlatformReader = {
  discoverPools: discoverBalV3Pools,
  readPoolStates: readBalV3States,
  touchedPools: touchedBalV3Pools,
  announcesPools: announcesBalV3Pools,
};

