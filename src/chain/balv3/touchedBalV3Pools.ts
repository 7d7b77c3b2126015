// Names the Balancer V3 pools a log may have changed: the pool a Vault event indexes, or a stable pool moving its amp.
import { type Address, type Log, getAddress, isAddressEqual } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import { STABLE_POOL_EVENT_TOPICS, VAULT_POOL_EVENT_TOPICS } from './abis.ts';

/**
 * The pool behind a Vault Swap, LiquidityAdded, LiquidityRemoved, PoolInitialized, fee, pause or recovery-mode
 * event (its first indexed argument), or the emitting pool of AmpUpdateStarted/Stopped; otherwise none.
 * Not covered, as no log announces them: rate-provider rates moving, and the whole Vault being paused.
 * @example touchedBalV3Pools(log, preset) // ['0x16B6…'] for a Swap in that pool
 */
export function touchedBalV3Pools(log: Log, preset: PlatformPreset): Address[] {
  const [topic, first] = log.topics;
  if (!topic) return [];
  if (preset.vault && isAddressEqual(log.address, preset.vault as Address) && VAULT_POOL_EVENT_TOPICS.has(topic)) {
    return first ? [getAddress(`0x${first.slice(26)}`)] : [];
  }
  // Balancer V2 stable pools emit the same amp events; a caller only follows pools it has discovered.
  return STABLE_POOL_EVENT_TOPICS.has(topic) ? [getAddress(log.address)] : [];
}
