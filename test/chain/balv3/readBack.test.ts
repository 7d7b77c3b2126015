// The balv3 reader against the devnet's Balancer V3 platform: discovery from block 0 and a state read give exactly
// the pools and state the deployment put there (which is the snapshot's own state), and pools with hooks are left out.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Address, getAddress, pad, zeroAddress } from 'viem';
import { collectBalancerSources } from '../../../devnet/deploy/balv3/balancerSources.ts';
import { compileSolidity } from '../../../devnet/solc.ts';
import { balv3Reader } from '../../../src/chain/balv3/balv3Reader.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../../src/snapshot/snapshotFile.ts';
import { selectSeed } from '../../../devnet/seedSelection.ts';
import { type BalV3Devnet, headBlock, startBalV3Devnet } from './balv3Devnet.ts';

let devnet: BalV3Devnet;
before(async () => {
  devnet = await startBalV3Devnet();
});
after(() => devnet?.anvil.stop());

it('reader reads back exactly the state the deployment put there', async () => {
  const { deployment, tokens, read, preset, deployedAt } = devnet;
  assert.deepEqual(
    deployment.pools.map((p) => p.kind),
    ['balv3Weighted', 'balv3Weighted', 'balv3Weighted', 'balv3Stable', 'balv3Stable'],
  );

  const discovered = await balv3Reader.discoverPools(read, 'dexe_v3', preset, { fromBlock: 0n, toBlock: deployedAt });
  const states = await balv3Reader.readPoolStates(read, preset, discovered, deployedAt);

  const expected = deployment.pools.map((p) => ({
    platform: 'dexe_v3',
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
  const { weightedPoolFactory, stablePoolFactory } = devnet.env.periphery;
  assert.deepEqual(
    discovered.map((p) => p.meta.factory),
    [...Array(3).fill(weightedPoolFactory), ...Array(2).fill(stablePoolFactory)],
  );
});

it('deploys the snapshot state unchanged, only in the Vault token order', () => {
  const selection = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset().wrappedNative.address);
  const seed = selection.pools.get('dexe_v3')!;
  for (const [k, pool] of devnet.deployment.pools.entries()) {
    // Token index t of the deployed pool sits at position seed.tokens.indexOf(t) in the snapshot pool.
    const at = pool.tokens.map((t) => seed[k].tokens.indexOf(t));
    const state = seed[k].state as Record<string, unknown>;
    const reorder = (values: unknown) => at.map((i) => (values as unknown[])[i]);
    const expected = Object.fromEntries(
      Object.entries(state).map(([key, value]) => [key, Array.isArray(value) ? reorder(value) : value]),
    );
    assert.deepStrictEqual(pool.state, expected);
  }
});

it('leaves out a pool registered with a hooks contract, though its registration announces it', async () => {
  const { ctx, env, read, preset, tokens } = devnet;
  const sources = collectBalancerSources(['test/chain/balv3/DynamicFeeHook.sol']);
  const { DynamicFeeHook } = compileSolidity(sources, { evmVersion: 'cancun', contracts: ['DynamicFeeHook'] });
  const hook = await ctx.deploy(DynamicFeeHook);

  const from = (await headBlock(read.client)) + 1n;
  const pair = devnet.deployment.pools[1].tokens.map((i) => tokens.list[i].address as Address);
  const tokenConfig = pair.map((token) => ({ token, tokenType: 0, rateProvider: zeroAddress, paysYieldFees: false }));
  await ctx.write({
    address: env.periphery.weightedPoolFactory,
    abi: env.artifacts.WeightedPoolFactory.abi,
    functionName: 'create',
    args: [
      'hooked',
      'HOOKED',
      tokenConfig,
      [5n * 10n ** 17n, 5n * 10n ** 17n],
      { pauseManager: zeroAddress, swapFeeManager: zeroAddress, poolCreator: zeroAddress },
      10n ** 16n,
      hook,
      false,
      false,
      pad('0x5eed'),
    ],
  });
  const to = await headBlock(read.client);

  const logs = await read.client.getLogs({ fromBlock: from, toBlock: to });
  assert.equal(logs.filter((log) => balv3Reader.announcesPools(log, preset)).length, 1);
  assert.deepEqual(await balv3Reader.discoverPools(read, 'dexe_v3', preset, { fromBlock: from, toBlock: to }), []);
  const all = await balv3Reader.discoverPools(read, 'dexe_v3', preset, { fromBlock: 0n, toBlock: to });
  assert.deepEqual(
    all.map((p) => p.address),
    devnet.deployment.pools.map((p) => getAddress(p.address)),
  );
});
