// Live-mode tracking of the balv3 reader on the devnet: a block's logs name exactly the pools a swap, a liquidity
// removal, a fee change or an amp update touched, re-reading gives their new state, and a pool created later is found
// from its block range alone.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Address, erc20Abi, getAddress, maxUint256 } from 'viem';
import { createBalancerV3Pool } from '../../../devnet/deploy/balv3/createBalancerV3Pool.ts';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { balv3Reader } from '../../../src/chain/balv3/balv3Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import type { BalV3StableState, BalV3WeightedPool } from '../../../src/pools/balv3/index.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import { type BalV3Devnet, headBlock, startBalV3Devnet, swapExactIn } from './balv3Devnet.ts';

let devnet: BalV3Devnet;
let pools: DiscoveredPool[];
before(async () => {
  devnet = await startBalV3Devnet();
  const range = { fromBlock: 0n, toBlock: devnet.deployedAt };
  pools = await balv3Reader.discoverPools(devnet.read, 'dexe_v3', devnet.preset, range);
});
after(() => devnet?.anvil.stop());

/** Every pool the reader says the logs of `block` touched, in first-seen order without repeats. */
async function touchedIn(block: bigint): Promise<Address[]> {
  const logs = await devnet.read.client.getLogs({ fromBlock: block, toBlock: block });
  return [...new Set(logs.flatMap((log) => balv3Reader.touchedPools(log, devnet.preset)))];
}

async function readState(pool: DiscoveredPool, block: bigint): Promise<Record<string, unknown> | null> {
  const [state] = await balv3Reader.readPoolStates(devnet.read, devnet.preset, [pool], block);
  return state;
}

it('a swap names its pool, and re-reading gives the engine afterSwapExactIn state', async () => {
  const pool = pools[2]; // the three-token weighted pool
  const before = await readState(pool, devnet.deployedAt);
  const engine = poolKind(pool.kind).create(before) as BalV3WeightedPool;
  const amountIn = engine.state.balancesRaw[1] / 40n;
  const call = { pool: pool.address, tokenIn: pool.tokens[1], tokenOut: pool.tokens[2], amountIn };
  const { received, receipt } = await swapExactIn(devnet, OTHER_ACCOUNT, call);

  assert.deepEqual(await touchedIn(receipt.blockNumber), [pool.address]);
  const expected = engine.afterSwapExactIn(1, 2, amountIn)!;
  assert.equal(received, engine.swapExactIn(1, 2, amountIn)!.amountOut);
  assert.deepStrictEqual(await readState(pool, receipt.blockNumber), expected.state);
});

it('a proportional liquidity removal names its pool, and re-reading gives the balances less what was paid out', async () => {
  const { ctx, env } = devnet;
  const pool = pools[3]; // the two-token stable pool
  const before = (await readState(pool, await headBlock(devnet.read.client))) as unknown as BalV3StableState;
  const balanceOf = (token: Address) =>
    ctx.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [ctx.deployer] });
  // The pool is its own BPT; the Router burns it on the deployer's behalf.
  const bpt = await balanceOf(pool.address);
  const { router } = env.periphery;
  await ctx.write({ address: pool.address, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] });
  const held = await Promise.all(pool.tokens.map(balanceOf));
  const receipt = await ctx.write({
    address: router,
    abi: env.artifacts.Router.abi,
    functionName: 'removeLiquidityProportional',
    args: [pool.address, bpt / 3n, [0n, 0n], false, '0x'],
  });
  const paid = (await Promise.all(pool.tokens.map(balanceOf))).map((b, i) => b - held[i]);
  assert.ok(paid.every((amount) => amount > 0n));

  assert.deepEqual(await touchedIn(receipt.blockNumber), [pool.address]);
  assert.deepStrictEqual(await readState(pool, receipt.blockNumber), {
    ...before,
    balancesRaw: before.balancesRaw.map((b, i) => b - paid[i]),
  });
});

it('a static swap fee change and an amp update name their pool, and re-reading gives the new fee and amp', async () => {
  const { ctx, env } = devnet;
  const pool = pools[4]; // the three-token stable pool, amp 50
  const before = (await readState(pool, await headBlock(devnet.read.client))) as unknown as BalV3StableState;

  const feeChange = await ctx.write({
    address: env.core.vault,
    abi: env.artifacts.VaultAdmin.abi,
    functionName: 'setStaticSwapFeePercentage',
    args: [pool.address, 3n * 10n ** 15n],
  });
  assert.deepEqual(await touchedIn(feeChange.blockNumber), [pool.address]);
  assert.deepStrictEqual(await readState(pool, feeChange.blockNumber), { ...before, swapFee: 3n * 10n ** 15n });

  const { timestamp } = await ctx.publicClient.getBlock({ blockNumber: feeChange.blockNumber });
  const ampStart = await ctx.write({
    address: pool.address,
    abi: env.artifacts.StablePool.abi,
    functionName: 'startAmplificationParameterUpdate',
    args: [100n, timestamp + 86_400n + 60n],
  });
  assert.deepEqual(await touchedIn(ampStart.blockNumber), [pool.address]);
  // Once the update has ended the amp rests at its end value: A = 100, i.e. 100000 with AMP_PRECISION.
  await ctx.rpc('evm_increaseTime', [2 * 86_400]);
  await ctx.rpc('evm_mine', []);
  const later = await headBlock(devnet.read.client);
  assert.deepStrictEqual(await readState(pool, later), { ...before, swapFee: 3n * 10n ** 15n, amp: 100_000n });
});

it('a pool created later is found from its block range alone, and its registration announces it', async () => {
  const from = (await headBlock(devnet.read.client)) + 1n;
  const template = devnet.deployment.pools[3];
  const created = await createBalancerV3Pool(devnet.env, template, 1_000);
  const to = await headBlock(devnet.read.client);

  const logs = await devnet.read.client.getLogs({ fromBlock: from, toBlock: to });
  const announcing = logs.filter((log) => balv3Reader.announcesPools(log, devnet.preset));
  assert.deepEqual(announcing.map((log) => getAddress(`0x${log.topics[1]!.slice(26)}`)), [created.address]);

  const range = { fromBlock: from, toBlock: to };
  const found = await balv3Reader.discoverPools(devnet.read, 'dexe_v3', devnet.preset, range);
  assert.deepEqual(
    found.map((p) => [p.kind, p.address, p.tokens]),
    [['balv3Stable', created.address, created.tokens.map((i) => getAddress(devnet.tokens.list[i].address))]],
  );
  assert.deepStrictEqual(await balv3Reader.readPoolStates(devnet.read, devnet.preset, found, to), [created.state]);
  assert.deepStrictEqual(created.state, template.state);
});
