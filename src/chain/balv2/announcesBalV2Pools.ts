// Whether a log announces a new Balancer V2 pool: the platform Vault's PoolRegistered.
import type { Log } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import { POOL_REGISTERED } from './abis.ts';

/**
 * True for the Vault's PoolRegistered log (factories' PoolCreated logs are not needed: every pool registers).
 * @example announcesBalV2Pools(log, preset) && (await discoverBalV2Pools(ctx, id, preset, { fromBlock: n, toBlock: n }))
 */
export function announcesBalV2Pools(log: Log, preset: PlatformPreset): boolean {
  return (
    preset.vault !== undefined &&
    log.topics[0] === POOL_REGISTERED &&
    log.address.toLowerCase() === preset.vault.toLowerCase()
  );
}
