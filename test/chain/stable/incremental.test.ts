// Live-mode reads of the stable platform on anvil: an exchange's block names its pool, a re-read gives the engine's
// state after the swap, and pools added later come from the preset, not from logs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Address, type Log } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { deployStablePlatform, stableSwapArtifact } from '../../../devnet/deploy/stable/deployStablePlatform.ts';
import { stableReader } from '../../../src/chain/stable/stableReader.ts';
import type { PlatformPreset } from '../../../src/network/types.ts';
import { StablePool, type StableState } from '../../../src/pools/stable/index.ts';
import { startStableDevnet } from './stableDevnet.ts';

test('touchedPools names the pool an exchange changed, re-reads match the engine, and later pools come from the preset', async (t) => {
  const devnet = await startStableDevnet(t);
  const { ctx, read, deployment, tokens } = devnet;
  const preset = deployment.preset;
  const pool = deployment.pools[0];
  const address = pool.address as Address;
  const head = () => ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  const blockLogs = async (blockNumber: bigint) => (await ctx.publicClient.getLogs({ fromBlock: blockNumber, toBlock: blockNumber })) as Log[];
  const [discovered] = await stableReader.discoverPools(read, 'dexa_stable', preset, { fromBlock: 0n, toBlock: await head() });
  const [before] = (await stableReader.readPoolStates(read, preset, [discovered], await head())) as unknown as StableState[];

  // An exchange of 5% of USDC's balance into DAI: the block's logs (TokenExchange and the coins' Transfers) touch
  // exactly the pool, and the re-read state is the engine's state after that swap.
  const [i, j] = [1, 2];
  const dx = before.balances[i] / 20n;
  const coin = tokens.list[pool.tokens[i]].address as Address;
  await tokens.fund(coin, OTHER_ACCOUNT, dx);
  await tokens.approve(coin, address, OTHER_ACCOUNT);
  const receipt = await ctx.write({
    address,
    abi: stableSwapArtifact().abi,
    functionName: 'exchange',
    args: [BigInt(i), BigInt(j), dx, 0n],
    from: OTHER_ACCOUNT,
  });
  const logs = await blockLogs(receipt.blockNumber);
  assert.equal(logs.length, 3);
  assert.deepEqual([...new Set(logs.flatMap((log) => stableReader.touchedPools(log, preset)))], [address]);
  assert.deepEqual(logs.map((log) => stableReader.announcesPools(log, preset)), [false, false, false]);
  const [after] = await stableReader.readPoolStates(read, preset, [discovered], receipt.blockNumber);
  const expected = new StablePool(before).afterSwapExactIn(i, j, dx)!.state;
  assert.deepStrictEqual(after, expected);
  assert.notDeepEqual(after, before);
  // A platform that does not list the pool is not touched by it.
  const unlisted: PlatformPreset = { kind: 'stable', pools: ['0x0000000000000000000000000000000000000001'] };
  assert.deepEqual(logs.flatMap((log) => stableReader.touchedPools(log, unlisted)), []);

  // A pool deployed later: its block announces nothing and discovery over that range finds nothing (the list is
  // configuration); once the preset lists it, full discovery finds it, with null state until it has balances.
  const firstBlock = (await head()) + 1n;
  const later = await deployStablePlatform(ctx, {
    platformId: 'dexa_stable',
    preset,
    pools: [{ ...deployment.pools[0], state: { ...pool.state, balances: [0n, 0n, 0n] } }],
    tokens,
  });
  const lastBlock = await head();
  assert.deepEqual(await stableReader.discoverPools(read, 'dexa_stable', preset, { fromBlock: firstBlock, toBlock: lastBlock }), []);
  for (let b = firstBlock; b <= lastBlock; b++) {
    for (const log of await blockLogs(b)) assert.equal(stableReader.announcesPools(log, preset), false);
  }
  const extended: PlatformPreset = { kind: 'stable', pools: [address, later.pools[0].address] };
  const all = await stableReader.discoverPools(read, 'dexa_stable', extended, { fromBlock: 0n, toBlock: lastBlock });
  assert.deepEqual(all.map((p) => p.address), extended.pools);
  assert.deepEqual(all[1].tokens, all[0].tokens);
  assert.deepEqual(await stableReader.readPoolStates(read, extended, all, lastBlock), [expected, null]);
});
