// Following the chain block by block: the logs of a swap, a join, an exit, a fee change and an amplification ramp
// name their pool in touchedPools and re-reading gives the new state; a pool created later is found by discovering
// just its blocks and announced by its PoolRegistered log only.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Address, type Hex, getAddress, parseEventLogs } from 'viem';
import { balancerV2Artifact } from '../../../devnet/deploy/balv2/artifacts.ts';
import { createAndSeed } from '../../../devnet/deploy/balv2/deployBalancerV2Platform.ts';
import { planBalancerV2Pool } from '../../../devnet/deploy/balv2/planPool.ts';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { balv2Reader } from '../../../src/chain/balv2/balv2Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import type {
  BalV2StablePool,
  BalV2StableState,
  BalV2WeightedPool,
  BalV2WeightedState,
} from '../../../src/pools/balv2/index.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import { type BalV2Devnet, headBlock, startBalV2Devnet } from './balv2Devnet.ts';
import { exitProportional, joinExactTokensIn } from './joinExit.ts';
import { executeVaultSwap, queryVaultSwap } from './vaultCalls.ts';

const VAULT_ABI = balancerV2Artifact('vault').abi;
const STABLE_POOL_ABI = balancerV2Artifact('composableStablePool').abi;
const DAY = 86_400n;

let devnet: BalV2Devnet;
let pools: DiscoveredPool[];
before(async () => {
  devnet = await startBalV2Devnet();
  pools = await balv2Reader.discoverPools(devnet.read, 'dexd_v2', devnet.preset, { fromBlock: 0n, toBlock: devnet.deployedAt });
});
after(() => devnet?.anvil.stop());

const vault = () => devnet.preset.vault as Address;
const weightedPool = () => pools.find((p) => p.kind === 'balv2Weighted' && p.tokens.length === 3)!;
const stablePool = () => pools.find((p) => p.kind === 'balv2Stable')!;

async function stateAt(pool: DiscoveredPool, blockNumber: bigint): Promise<Record<string, unknown>> {
  const [state] = await balv2Reader.readPoolStates(devnet.read, devnet.preset, [pool], blockNumber);
  assert.ok(state, `no state for ${pool.address} at ${blockNumber}`);
  return state;
}

/** Every pool the reader says the logs of `blockNumber` touched. */
async function touchedIn(blockNumber: bigint): Promise<Address[]> {
  const logs = await devnet.read.client.getLogs({ fromBlock: blockNumber, toBlock: blockNumber });
  return [...new Set(logs.flatMap((log) => balv2Reader.touchedPools(log, devnet.preset)))];
}

/** The Vault-order asset list of a pool (its BPT put back for a composable stable pool). */
function assetsOf(pool: DiscoveredPool) {
  const assets = [...pool.tokens];
  const bptIndex = pool.kind === 'balv2Stable' ? Number(pool.meta.bptIndex) : undefined;
  if (bptIndex !== undefined) assets.splice(bptIndex, 0, pool.address);
  return { vault: vault(), poolId: pool.meta.poolId as Hex, assets, bptIndex };
}

it('a swap names its pool, and re-reading gives the engine afterSwapExactIn state', async () => {
  for (const pool of [weightedPool(), stablePool()]) {
    const head = await headBlock(devnet.read.client);
    const before = await stateAt(pool, head);
    const amountIn = (before.balances as bigint[])[1] / 50n;
    const { receipt, received } = await executeVaultSwap(devnet.ctx, devnet.tokens.fund, devnet.tokens.approve, OTHER_ACCOUNT, {
      vault: vault(),
      poolId: pool.meta.poolId as Hex,
      tokenIn: pool.tokens[1],
      tokenOut: pool.tokens[0],
      amountIn,
    });
    const predicted = poolKind(pool.kind).create(before).afterSwapExactIn(1, 0, amountIn) as BalV2WeightedPool | BalV2StablePool;
    assert.deepEqual(await touchedIn(receipt.blockNumber), [pool.address]);
    assert.deepStrictEqual(await stateAt(pool, receipt.blockNumber), { ...predicted.state });
    assert.deepStrictEqual(await stateAt(pool, receipt.blockNumber - 1n), before);
    assert.equal(received, (before.balances as bigint[])[0] - predicted.state.balances[0]);
    // Nothing was created there.
    assert.deepEqual(
      await balv2Reader.discoverPools(devnet.read, 'dexd_v2', devnet.preset, { fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber }),
      [],
    );
  }
});

it('a join and an exit name their pool, and re-reading gives the balances the Vault booked', async () => {
  const { ctx, tokens } = devnet;
  const weighted = weightedPool();
  const before = (await stateAt(weighted, await headBlock(devnet.read.client))) as unknown as BalV2WeightedState;
  const amountsIn = before.balances.map((b) => b / 100n + 1n);
  for (const [i, token] of weighted.tokens.entries()) {
    await tokens.fund(token, ctx.deployer, amountsIn[i]);
    await tokens.approve(token, vault());
  }
  const joined = await joinExactTokensIn(ctx, assetsOf(weighted), amountsIn);
  assert.deepEqual(await touchedIn(joined.blockNumber), [weighted.address]);
  assert.deepStrictEqual(await stateAt(weighted, joined.blockNumber), {
    ...before,
    balances: before.balances.map((b, i) => b + amountsIn[i]),
  });

  const stable = stablePool();
  const stableBefore = (await stateAt(stable, await headBlock(devnet.read.client))) as unknown as BalV2StableState;
  const bpt = (await ctx.publicClient.readContract({
    address: stable.address,
    abi: STABLE_POOL_ABI,
    functionName: 'balanceOf',
    args: [ctx.deployer],
  })) as bigint;
  const exited = await exitProportional(ctx, assetsOf(stable), bpt / 10n);
  assert.deepEqual(await touchedIn(exited.blockNumber), [stable.address]);
  const [changed] = parseEventLogs({ abi: VAULT_ABI, eventName: 'PoolBalanceChanged', logs: exited.logs }) as unknown as {
    args: { deltas: readonly bigint[] };
  }[];
  const deltas = changed.args.deltas.filter((_, k) => k !== Number(stable.meta.bptIndex));
  assert.ok(deltas.every((d) => d < 0n));
  assert.deepStrictEqual(await stateAt(stable, exited.blockNumber), {
    ...stableBefore,
    balances: stableBefore.balances.map((b, i) => b + deltas[i]),
  });
});

it('a fee change and an amplification ramp name their pool; the re-read state follows them and quotes as the Vault does', async () => {
  const { ctx } = devnet;
  const stable = stablePool();
  const before = (await stateAt(stable, await headBlock(devnet.read.client))) as unknown as BalV2StableState;
  const newFee = 2n * 10n ** 15n;
  const feeChanged = await ctx.write({ address: stable.address, abi: STABLE_POOL_ABI, functionName: 'setSwapFeePercentage', args: [newFee] });
  assert.deepEqual(await touchedIn(feeChanged.blockNumber), [stable.address]);
  assert.deepStrictEqual(await stateAt(stable, feeChanged.blockNumber), { ...before, swapFeePercentage: newFee });

  // Double A over two days (the fastest ramp the pool allows), then look at it one day in.
  const { timestamp } = await ctx.publicClient.getBlock({ blockNumber: feeChanged.blockNumber });
  const rampStarted = await ctx.write({
    address: stable.address,
    abi: STABLE_POOL_ABI,
    functionName: 'startAmplificationParameterUpdate',
    args: [(2n * before.amp) / 1000n, timestamp + 2n * DAY + 100n],
  });
  assert.deepEqual(await touchedIn(rampStarted.blockNumber), [stable.address]);
  const [ramp] = parseEventLogs({ abi: STABLE_POOL_ABI, eventName: 'AmpUpdateStarted', logs: rampStarted.logs }) as unknown as {
    args: { startValue: bigint; endValue: bigint; startTime: bigint; endTime: bigint };
  }[];
  await ctx.rpc('evm_increaseTime', [Number(DAY)]);
  await ctx.rpc('evm_mine', []);
  const head = await headBlock(devnet.read.client);
  const now = (await ctx.publicClient.getBlock({ blockNumber: head })).timestamp;
  const { startValue, endValue, startTime, endTime } = ramp.args;
  const amp = startValue + ((endValue - startValue) * (now - startTime)) / (endTime - startTime);
  assert.ok(amp > before.amp && amp < 2n * before.amp, `amp ${amp} one day into the ramp`);
  const mid = await stateAt(stable, head);
  assert.deepStrictEqual(mid, { ...before, swapFeePercentage: newFee, amp });

  const engine = poolKind(stable.kind).create(mid);
  let compared = 0;
  for (let i = 0; i < stable.tokens.length; i++) {
    for (let j = 0; j < stable.tokens.length; j++) {
      if (i === j) continue;
      for (const divisor of [10n ** 9n, 1000n, 10n, 2n]) {
        const amountIn = before.balances[i] / divisor;
        const leg = { vault: vault(), poolId: stable.meta.poolId as Hex, tokenIn: stable.tokens[i], tokenOut: stable.tokens[j], amountIn };
        assert.equal(engine.swapExactIn(i, j, amountIn)?.amountOut ?? null, await queryVaultSwap(ctx, leg, head));
        compared++;
      }
    }
  }
  assert.equal(compared, 24);
});

it('a pool created later is found by discovering just its blocks, and only its PoolRegistered log announces it', async () => {
  const { ctx, tokens, deployment, preset, read } = devnet;
  const seedPool = deployment.pools[0];
  const plan = planBalancerV2Pool(
    { ...seedPool, state: { ...seedPool.state, swapFeePercentage: 7n * 10n ** 15n } },
    tokens,
  );
  const fromBlock = (await headBlock(read.client)) + 1n;
  const address = await createAndSeed(ctx, deployment.contracts, tokens, plan);
  const toBlock = await headBlock(read.client);

  const found = await balv2Reader.discoverPools(read, 'dexd_v2', preset, { fromBlock, toBlock });
  assert.deepEqual(
    found.map((p) => ({ platform: p.platform, kind: p.kind, address: p.address, tokens: p.tokens })),
    [{ platform: 'dexd_v2', kind: 'balv2Weighted', address, tokens: plan.tokens.map((t) => getAddress(t)) }],
  );
  assert.deepStrictEqual(await balv2Reader.readPoolStates(read, preset, found, toBlock), [plan.state]);

  const vaultLogs = await read.client.getLogs({ address: vault(), fromBlock, toBlock });
  const announcing = vaultLogs.filter((log) => balv2Reader.announcesPools(log, preset));
  assert.equal(vaultLogs.length, 3); // PoolRegistered, TokensRegistered, PoolBalanceChanged
  assert.equal(announcing.length, 1);
  assert.equal(getAddress(`0x${announcing[0].topics[2]!.slice(26)}`), address);
  const all = await balv2Reader.discoverPools(read, 'dexd_v2', preset, { fromBlock: 0n, toBlock });
  assert.deepEqual(all.map((p) => p.address), [...pools.map((p) => p.address), address]);
});
