// Tells whether a log is the V3 Vault registering a new pool.
import { type Address, type Log, isAddressEqual } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import { POOL_REGISTERED_TOPIC } from './abis.ts';

/**
 * True for the platform Vault's PoolRegistered log.
 * @example announcesBalV3Pools(log, preset) // true right after a factory's create()
 */
export function announcesBalV3Pools(log: Log, preset: PlatformPreset): boolean {
  return (
    preset.vault !== undefined &&
    log.topics[0] === POOL_REGISTERED_TOPIC &&
    isAddressEqual(log.address, preset.vault as Address)
  );
}
