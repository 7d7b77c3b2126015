// touchedPools and announcesPools of the balv2 reader on hand-built logs: which emitter and topic name which pool.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type Address, type Hex, type Log, encodeEventTopics, parseAbi, zeroAddress } from 'viem';
import { POOL_ABI, VAULT_ABI } from '../../../src/chain/balv2/abis.ts';
import { balv2Reader } from '../../../src/chain/balv2/balv2Reader.ts';
import type { PlatformPreset } from '../../../src/network/types.ts';

const VAULT: Address = '0x7F51AC3df6A034273FB09BB29e383FCF655e473c';
const PRESET: PlatformPreset = { kind: 'balv2', vault: VAULT };
const POOL: Address = '0x8a8e878b0f19B76F4FF6c978BeD0FCd3FF4DaB27';
const POOL_ID: Hex = `${POOL.toLowerCase()}0001000000000000000003a1` as Hex;
const OTHER: Address = '0x1111111111111111111111111111111111111111';

/** A mined log; `topics` as encodeEventTopics returns them (all set here, since every indexed argument is given). */
function logOf(address: Address, topics: readonly unknown[]): Log {
  return {
    address,
    topics: topics as [Hex, ...Hex[]],
    data: '0x',
    blockNumber: 1n,
    blockHash: `0x${'11'.repeat(32)}`,
    logIndex: 0,
    transactionHash: `0x${'22'.repeat(32)}`,
    transactionIndex: 0,
    removed: false,
  };
}

const vaultEvent = (eventName: 'Swap' | 'PoolBalanceChanged' | 'PoolBalanceManaged' | 'PoolRegistered') =>
  encodeEventTopics({ abi: VAULT_ABI, eventName, args: { poolId: POOL_ID } } as never) as readonly unknown[];

it('names the pool whose poolId a Vault Swap, PoolBalanceChanged or PoolBalanceManaged log carries', () => {
  for (const name of ['Swap', 'PoolBalanceChanged', 'PoolBalanceManaged'] as const) {
    assert.deepEqual(balv2Reader.touchedPools(logOf(VAULT, vaultEvent(name)), PRESET), [POOL], name);
    // Addresses in logs may come lower-cased.
    assert.deepEqual(balv2Reader.touchedPools(logOf(VAULT.toLowerCase() as Address, vaultEvent(name)), PRESET), [POOL]);
  }
});

it('names nothing for a Vault-shaped Swap log from another contract, or a Vault event about no pool', () => {
  assert.deepEqual(balv2Reader.touchedPools(logOf(OTHER, vaultEvent('Swap')), PRESET), []);
  const paused = encodeEventTopics({ abi: POOL_ABI, eventName: 'PausedStateChanged' });
  assert.deepEqual(balv2Reader.touchedPools(logOf(VAULT, paused), PRESET), []);
});

it("names the emitter of a pool's fee, amplification, rate and pause events, and nothing for its BPT transfers", () => {
  for (const eventName of ['SwapFeePercentageChanged', 'AmpUpdateStarted', 'AmpUpdateStopped', 'PausedStateChanged'] as const) {
    const topics = encodeEventTopics({ abi: POOL_ABI, eventName });
    assert.deepEqual(balv2Reader.touchedPools(logOf(POOL, topics), PRESET), [POOL], eventName);
  }
  const rate = encodeEventTopics({ abi: POOL_ABI, eventName: 'TokenRateCacheUpdated', args: { tokenIndex: 1n } });
  assert.deepEqual(balv2Reader.touchedPools(logOf(POOL, rate), PRESET), [POOL]);
  const transfer = encodeEventTopics({
    abi: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']),
    eventName: 'Transfer',
    args: { from: zeroAddress, to: OTHER },
  });
  assert.deepEqual(balv2Reader.touchedPools(logOf(POOL, transfer), PRESET), []);
});

it("announces pools only on the platform Vault's PoolRegistered log", () => {
  assert.equal(balv2Reader.announcesPools(logOf(VAULT, vaultEvent('PoolRegistered')), PRESET), true);
  assert.equal(balv2Reader.announcesPools(logOf(OTHER, vaultEvent('PoolRegistered')), PRESET), false);
  assert.equal(balv2Reader.announcesPools(logOf(VAULT, vaultEvent('Swap')), PRESET), false);
  assert.deepEqual(balv2Reader.touchedPools(logOf(VAULT, vaultEvent('PoolRegistered')), PRESET), []);
});
