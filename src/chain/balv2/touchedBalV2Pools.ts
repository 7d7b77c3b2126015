// Which Balancer V2 pools a log may have changed: the pool a Vault event names by poolId, or a pool's own event.
import { type Address, type Log, getAddress } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import { POOL_STATE_EVENTS, VAULT_POOL_EVENTS } from './abis.ts';

/**
 * The pools `log` touches. A poolId's first 20 bytes are its pool's address, so Vault events need no lookup. Pool
 * events are recognised by topic alone; the caller keeps only addresses it knows as pools. A Vault-wide pause
 * (the Vault's PausedStateChanged) names no pool.
 * @example touchedBalV2Pools(swapLog, preset) // ['0x…the pool']
 */
export function touchedBalV2Pools(log: Log, preset: PlatformPreset): Address[] {
  const topic0 = log.topics[0];
  if (topic0 === undefined) return [];
  if (preset.vault !== undefined && log.address.toLowerCase() === preset.vault.toLowerCase()) {
    const poolId = log.topics[1];
    return VAULT_POOL_EVENTS.has(topic0) && poolId !== undefined ? [getAddress(poolId.slice(0, 42))] : [];
  }
  return POOL_STATE_EVENTS.has(topic0) ? [getAddress(log.address)] : [];
}
