// The stable reader against the stable deployer on anvil: discovery from the preset and state reads give back, pool
// by pool, exactly what the deployment put on chain.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deployStablePlatform } from '../../../devnet/deploy/stable/deployStablePlatform.ts';
import { stableReader } from '../../../src/chain/stable/stableReader.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import { asSnapshotPool } from '../univ2/univ2Devnet.ts';
import { startStableDevnet } from './stableDevnet.ts';

test('reader reads back exactly the state the deployment put there (the seed 3pool, and 2- and 4-coin pools)', async (t) => {
  const devnet = await startStableDevnet(t);
  const { deployment, seedPools, tokens } = devnet;
  const symbols = (pool: SnapshotPool) => pool.tokens.map((i) => tokens.list[i].symbol);

  // The seed pool is reproduced as the snapshot has it: same coins in the same order, same A, fees and balances.
  assert.equal(deployment.pools.length, 1);
  assert.deepEqual(symbols(deployment.pools[0]), ['USDT', 'USDC', 'DAI']);
  assert.deepEqual({ ...deployment.pools[0], address: '', meta: undefined }, { ...seedPools[0], address: '', meta: undefined });
  assert.deepEqual(deployment.preset, { kind: 'stable', pools: [deployment.pools[0].address] });

  // More shapes than the snapshot has: two coins with the wrapped native (funded by wrapping and transferring),
  // four coins with 8 decimals, and an A above the contract's MAX_A (capped to it).
  const index = (symbol: string) => tokens.list.findIndex((tkn) => tkn.symbol === symbol);
  const wrapped = tokens.list.findIndex((tkn) => tkn.address.toLowerCase() === tokens.wrappedNative.toLowerCase());
  const extra: SnapshotPool[] = [
    {
      platform: 'dexa_stable',
      kind: 'stable',
      address: '0x0000000000000000000000000000000000000001',
      tokens: [wrapped, index('PLSX')],
      state: { balances: [7n * 10n ** 24n, 5n * 10n ** 24n], rates: [], amp: 200n, fee: 30_000_000n, adminFee: 0n },
    },
    {
      platform: 'dexa_stable',
      kind: 'stable',
      address: '0x0000000000000000000000000000000000000002',
      tokens: [index('USDC'), index('HEX'), index('DAI'), index('USDT')],
      state: { balances: [10n ** 12n, 3n * 10n ** 14n, 2n * 10n ** 24n, 9n * 10n ** 11n], rates: [], amp: 5_000_000n, fee: 1_000_000n, adminFee: 10n ** 10n },
    },
  ];
  const more = await deployStablePlatform(devnet.ctx, { platformId: 'dexa_stable', preset: deployment.preset, pools: extra, tokens });
  assert.deepEqual(more.pools.map((p) => [p.state.rates, p.state.amp]), [
    [[10n ** 18n, 10n ** 18n], 200n],
    [[10n ** 30n, 10n ** 28n, 10n ** 18n, 10n ** 30n], 1_000_000n],
  ]);
  const pools = [...deployment.pools, ...more.pools];
  const preset = { kind: 'stable' as const, pools: pools.map((p) => p.address) };

  const toBlock = await devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  const discovered = await stableReader.discoverPools(devnet.read, 'dexa_stable', preset, { fromBlock: 0n, toBlock });
  const states = await stableReader.readPoolStates(devnet.read, preset, discovered, toBlock);
  assert.deepStrictEqual(
    discovered.map((pool, i) => asSnapshotPool(tokens, pool, states[i])),
    pools,
  );
  // The pools hold at least the tokens their balances account for (here exactly those), so exchanges can pay out.
  for (const pool of pools) {
    const held = await Promise.all(
      pool.tokens.map((i) =>
        devnet.ctx.publicClient.readContract({
          address: tokens.list[i].address as `0x${string}`,
          abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
          functionName: 'balanceOf',
          args: [pool.address as `0x${string}`],
        }),
      ),
    );
    assert.deepEqual(held, pool.state.balances);
  }
});
