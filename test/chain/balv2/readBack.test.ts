// The balv2 reader against the devnet's Balancer V2 platform: discovery from block 0 and a state read give exactly
// the pools and state the deployment put there, and pool types the engine does not model are left out.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Address, getAddress } from 'viem';
import { balv2Reader } from '../../../src/chain/balv2/balv2Reader.ts';
import { type BalV2Devnet, headBlock, startBalV2Devnet } from './balv2Devnet.ts';
import { createUnmodelledPools } from './unmodelledPools.ts';

let devnet: BalV2Devnet;
before(async () => {
  devnet = await startBalV2Devnet();
});
after(() => devnet?.anvil.stop());

it('reader reads back exactly the state the deployment put there', async () => {
  const { deployment, tokens, read, preset, deployedAt } = devnet;
  assert.equal(deployment.pools.length, 7);
  assert.deepEqual(
    deployment.pools.map((p) => p.kind),
    ['balv2Weighted', 'balv2Weighted', 'balv2Weighted', 'balv2Weighted', 'balv2Weighted', 'balv2Stable', 'balv2Stable'],
  );

  const discovered = await balv2Reader.discoverPools(read, 'dexd_v2', preset, { fromBlock: 0n, toBlock: deployedAt });
  const states = await balv2Reader.readPoolStates(read, preset, discovered, deployedAt);

  const expected = deployment.pools.map((p) => ({
    platform: 'dexd_v2',
    kind: p.kind,
    address: getAddress(p.address),
    tokens: p.tokens.map((i) => getAddress(tokens.list[i].address)),
    state: p.state,
  }));
  const actual = discovered.map((p, i) => ({
    platform: p.platform,
    kind: p.kind,
    address: p.address,
    tokens: p.tokens,
    state: states[i],
  }));
  assert.deepStrictEqual(actual, expected);
  for (const pool of discovered) {
    // A poolId starts with its pool's address.
    assert.equal(getAddress((pool.meta.poolId as string).slice(0, 42)), pool.address);
  }
});

it('leaves out a 2021 weighted pool, an LBP and a legacy stable pool registered on the same Vault', async () => {
  const { ctx, deployment, read, preset } = devnet;
  const from = (await headBlock(read.client)) + 1n;
  const [a, b] = deployment.pools[0].tokens.map((i) => devnet.tokens.list[i].address as Address);
  const ignored = await createUnmodelledPools(ctx, preset.vault as Address, [a, b]);
  const to = await headBlock(read.client);

  const registered = await ctx.publicClient.getLogs({ address: preset.vault as Address, fromBlock: from, toBlock: to });
  assert.equal(registered.filter((log) => balv2Reader.announcesPools(log, preset)).length, ignored.length);
  assert.deepEqual(await balv2Reader.discoverPools(read, 'dexd_v2', preset, { fromBlock: from, toBlock: to }), []);
  const all = await balv2Reader.discoverPools(read, 'dexd_v2', preset, { fromBlock: 0n, toBlock: to });
  assert.deepEqual(
    all.map((p) => p.address),
    deployment.pools.map((p) => getAddress(p.address)),
  );
});
