// Parity of the engine with the V3 pools of the npm packages (1.0.0) the devnet deploys, where they differ from the
// earlier pools balancer-maths models: WeightedPool rounds the balance in up by one wei and keeps minimum balances,
// StablePool refuses swaps at a 10000:1 imbalance. Every amount is compared with Router.querySwapSingleTokenExactIn
// on pools built from the reader's state: equal to the wei, or both null.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { erc20Abi, maxUint256 } from 'viem';
import { createBalancerV3Pool } from '../../../devnet/deploy/balv3/createBalancerV3Pool.ts';
import { DevnetTransactionError, OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { balv3Reader } from '../../../src/chain/balv3/balv3Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import { BalV3RevertError, BalV3StablePool, BalV3WeightedPool } from '../../../src/pools/balv3/index.ts';
import { loadPoolData, swapExactIn as vaultSwapExactIn } from '../../../src/pools/balv3/vaultSwap.ts';
import { computeOutGivenExactIn } from '../../../src/pools/balv3/weightedMath.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { type BalV3Devnet, headBlock, queryExactIn, startBalV3Devnet, swapExactIn } from './balv3Devnet.ts';

type Engine = BalV3WeightedPool | BalV3StablePool;

interface Created {
  pool: DiscoveredPool;
  engine: Engine;
  block: bigint;
}

let devnet: BalV3Devnet;
/** The seed's pools, discovered from block 0 and read at deployment. */
let seedPools: Created[];
before(async () => {
  devnet = await startBalV3Devnet();
  const { read, preset, deployedAt } = devnet;
  const pools = await balv3Reader.discoverPools(read, 'dexe_v3', preset, { fromBlock: 0n, toBlock: deployedAt });
  const states = await balv3Reader.readPoolStates(read, preset, pools, deployedAt);
  seedPools = pools.map((pool, k) => {
    const engine = poolKind(pool.kind).create(states[k]) as Engine;
    return { pool, engine, block: deployedAt };
  });
});
after(() => devnet?.anvil.stop());

/** Creates `seedPool` on the devnet, then discovers it and reads it back as the service would. */
async function create(seedPool: SnapshotPool, salt: number): Promise<Created> {
  const from = (await headBlock(devnet.read.client)) + 1n;
  const created = await createBalancerV3Pool(devnet.env, seedPool, salt);
  const block = await headBlock(devnet.read.client);
  const range = { fromBlock: from, toBlock: block };
  const [pool] = await balv3Reader.discoverPools(devnet.read, 'dexe_v3', devnet.preset, range);
  const [state] = await balv3Reader.readPoolStates(devnet.read, devnet.preset, [pool], block);
  assert.deepStrictEqual(state, created.state);
  return { pool, engine: poolKind(pool.kind).create(state) as Engine, block };
}

/** The engine's Vault swap: amount out (zero included) or the reason it reverts. */
function engineOutcome(engine: Engine, i: number, o: number, amountIn: bigint): bigint | string {
  try {
    return engine.simulateSwapExactIn(i, o, amountIn).amountOutRaw;
  } catch (error) {
    if (error instanceof BalV3RevertError) return error.reason;
    throw error;
  }
}

/**
 * Router quotes for `amounts` from token i to token o at `block`, asserted equal to the engine's (null where it
 * reverts); returns the engine's revert reasons by count, and 'quoted'.
 */
async function assertParity(
  c: Created,
  i: number,
  o: number,
  amounts: readonly bigint[],
): Promise<Map<string, number>> {
  const [tokenIn, tokenOut] = [c.pool.tokens[i], c.pool.tokens[o]];
  const calls = amounts.map((amountIn) => ({ pool: c.pool.address, tokenIn, tokenOut, amountIn }));
  const onChain = await queryExactIn(devnet, calls, c.block);
  const outcomes = amounts.map((a) => engineOutcome(c.engine, i, o, a));
  const mismatches = amounts.flatMap((a, k) => {
    const engine = typeof outcomes[k] === 'bigint' ? outcomes[k] : null;
    return engine === onChain[k] ? [] : [`${i}->${o} in ${a}: engine ${outcomes[k]}, chain ${onChain[k]}`];
  });
  assert.deepEqual(mismatches, []);
  const tally = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = typeof outcome === 'bigint' ? 'quoted' : outcome;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return tally;
}

/** What a weighted pool before 1.0.0 pays: the same Vault swap, WeightedMath on the balance in as it is. */
function pricedWithoutExtraWei(engine: BalV3WeightedPool, i: number, o: number, amountIn: bigint): bigint | null {
  const { weights } = engine.state;
  const onSwap = (x: bigint, b: readonly bigint[]) => computeOutGivenExactIn(b[i], weights[i], b[o], weights[o], x);
  try {
    return vaultSwapExactIn(loadPoolData(engine.state)!, i, o, amountIn, onSwap).amountOutRaw;
  } catch {
    return null;
  }
}

/** `count` amounts log-uniform in [lo, hi]. */
function logUniformAmounts(random: () => number, count: number, lo: number, hi: number): bigint[] {
  return Array.from({ length: count }, () => BigInt(Math.floor(Math.exp(Math.log(lo) + random() * Math.log(hi / lo)))));
}

/** The largest amount in [lo, hi) the engine swaps from i to o, when every larger one reverts. */
function largestExecutable(engine: Engine, i: number, o: number, lo: bigint, hi: bigint): bigint {
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (typeof engineOutcome(engine, i, o, mid) === 'bigint') lo = mid;
    else hi = mid;
  }
  return lo;
}

function withState(template: SnapshotPool, state: Record<string, unknown>): SnapshotPool {
  return { ...template, state: { ...template.state, ...state } };
}

const ONE = 10n ** 18n;

it('weighted, small balances: 300 random amounts quote like the Router, 30 a wei below pricing without the extra wei', async () => {
  const template = devnet.deployment.pools[1]; // WPLS/PLSX 50/50, both 18 decimals
  const c = await create(withState(template, { balancesRaw: [10n ** 8n, 3n * 10n ** 8n] }), 4_000);
  const engine = c.engine as BalV3WeightedPool;
  const random = createRandom(369_5);
  const { balancesRaw } = engine.state;
  const tallies = [];
  const belowByOneWei = [];
  for (const [i, o] of [[0, 1], [1, 0]]) {
    // From under the 1e6 minimum trade amount to past the 30% max in ratio.
    const amounts = logUniformAmounts(random, 150, 5e5, Number(balancesRaw[i]) * 0.4);
    tallies.push(Object.fromEntries(await assertParity(c, i, o, amounts)));
    for (const a of amounts) {
      const [ours, earlier] = [engineOutcome(engine, i, o, a), pricedWithoutExtraWei(engine, i, o, a)];
      if (typeof ours === 'bigint' && earlier !== null && ours !== earlier) belowByOneWei.push(earlier - ours);
    }
  }
  assert.deepEqual(tallies, [
    { quoted: 120, TradeAmountTooSmall: 23, MaxInRatio: 7 },
    { quoted: 88, TradeAmountTooSmall: 53, MaxInRatio: 9 },
  ]);
  assert.deepEqual(belowByOneWei, Array(30).fill(1n));
});

it('weighted minimum balance: a 99/1 pool pays out down to the minimum and no further, as the Router does', async () => {
  const template = devnet.deployment.pools[1];
  const seed = { balancesRaw: [ONE, 10n ** 14n], weights: [99n * 10n ** 16n, 10n ** 16n] };
  const c = await create(withState(template, seed), 4_001);
  const engine = c.engine as BalV3WeightedPool;
  const heavy = engine.state.weights.indexOf(99n * 10n ** 16n);
  const light = 1 - heavy;
  const { balancesRaw, minTokenBalances } = engine.state;

  const largest = largestExecutable(engine, heavy, light, 10n ** 12n, (balancesRaw[heavy] * 3n) / 10n);
  assert.equal(engineOutcome(engine, heavy, light, largest + 1n), 'TokenBalanceBelowMin');
  // The largest swap leaves the light token's balance less than 1000 wei above its minimum.
  const paid = engineOutcome(engine, heavy, light, largest) as bigint;
  const left = balancesRaw[light] - paid;
  assert.ok(left >= minTokenBalances[light] && left < minTokenBalances[light] + 1000n, `${left}`);

  const random = createRandom(369_7);
  const near = Number(largest);
  const intoLight = [largest - 1n, largest, largest + 1n, ...logUniformAmounts(random, 80, near / 3, near * 3)];
  const back = logUniformAmounts(random, 40, 1e6, Number(balancesRaw[light]) * 0.4);
  const tallies = [
    Object.fromEntries(await assertParity(c, heavy, light, intoLight)),
    Object.fromEntries(await assertParity(c, light, heavy, back)),
  ];
  assert.deepEqual(tallies, [
    { quoted: 35, TokenBalanceBelowMin: 13, MaxInRatio: 35 },
    { quoted: 38, MaxInRatio: 2 },
  ]);
});

it('a proportional removal leaving a balance below its minimum: engine and Router refuse every swap', async () => {
  const template = devnet.deployment.pools[1];
  const c = await create(withState(template, { balancesRaw: [2n * 10n ** 7n, 2n * 10n ** 9n] }), 4_002);
  const { ctx, env } = devnet;
  const pool = c.pool.address;
  // The Vault locks 1e6 BPT at initialization; removing all but 4e6 of the deployer's keeps 2.5% of each balance.
  const bpt = await ctx.publicClient.readContract({
    address: pool,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [ctx.deployer],
  });
  await ctx.write({ address: pool, abi: erc20Abi, functionName: 'approve', args: [env.periphery.router, maxUint256] });
  const receipt = await ctx.write({
    address: env.periphery.router,
    abi: env.artifacts.Router.abi,
    functionName: 'removeLiquidityProportional',
    args: [pool, bpt - 4n * 10n ** 6n, [0n, 0n], false, '0x'],
  });
  const [state] = await balv3Reader.readPoolStates(devnet.read, devnet.preset, [c.pool], receipt.blockNumber);
  const engine = poolKind(c.pool.kind).create(state) as BalV3WeightedPool;
  // The Vault rounds amounts out down, so each balance keeps a wei more than 2.5%.
  assert.deepEqual([...engine.state.balancesRaw].sort((a, b) => Number(a - b)), [500_001n, 50_000_001n]);

  const after = { ...c, engine, block: receipt.blockNumber };
  const random = createRandom(369_8);
  const tallies = [];
  for (const [i, o] of [[0, 1], [1, 0]]) {
    // Above the minimum trade amount, so that each reaches the pool.
    const amounts = logUniformAmounts(random, 40, 2e6, 1e8);
    tallies.push(Object.fromEntries(await assertParity(after, i, o, amounts)));
  }
  assert.deepEqual(tallies, [{ TokenBalanceBelowMin: 40 }, { MaxInRatio: 19, TokenBalanceBelowMin: 21 }]);
});

it('stable imbalance limit: engine and Router both revert or quote the same, on the seed pool and at 9990:1', async () => {
  // The seed's USDC/USDT pool (amp 50): five times its balance in still leaves it within 10000:1, ten times does not.
  const seedPool = seedPools[3];
  const balance = seedPool.engine.state.balancesRaw[0];
  const seedTally = await assertParity(seedPool, 0, 1, [5n * balance, 10n * balance]);
  assert.equal(engineOutcome(seedPool.engine, 0, 1, 5n * balance), 51618869908n);
  assert.deepEqual(Object.fromEntries(seedTally), { quoted: 1, MaxImbalanceRatioExceeded: 1 });

  // A pool initialized 9990:1 apart: a few thousand dollars more of the larger balance reach the limit.
  const imbalanced = { balancesRaw: [9_990_000n * 10n ** 6n, 1_000n * 10n ** 6n] };
  const c = await create(withState(devnet.deployment.pools[3], imbalanced), 4_003);
  const { balancesRaw } = c.engine.state;
  const heavy = balancesRaw[0] > balancesRaw[1] ? 0 : 1;
  const light = 1 - heavy;
  const largest = largestExecutable(c.engine, heavy, light, 1n, 50_000n * 10n ** 6n);
  assert.equal(engineOutcome(c.engine, heavy, light, largest + 1n), 'MaxImbalanceRatioExceeded');

  const random = createRandom(369_9);
  const near = Number(largest);
  const intoHeavy = [largest - 1n, largest, largest + 1n, ...logUniformAmounts(random, 100, near / 10, near * 10)];
  const intoLight = logUniformAmounts(random, 60, 1, 5e9);
  const tallies = [
    Object.fromEntries(await assertParity(c, heavy, light, intoHeavy)),
    Object.fromEntries(await assertParity(c, light, heavy, intoLight)),
  ];
  assert.deepEqual(tallies, [
    { quoted: 57, MaxImbalanceRatioExceeded: 46 },
    { quoted: 60 },
  ]);

  // Executed: the largest swap pays exactly the engine amount and leaves the state afterSwapExactIn predicts; one
  // wei more then reverts on chain as the engine says.
  const tokens = c.pool.tokens;
  const call = { pool: c.pool.address, tokenIn: tokens[heavy], tokenOut: tokens[light], amountIn: largest };
  const { received, receipt } = await swapExactIn(devnet, OTHER_ACCOUNT, call);
  assert.equal(received, c.engine.swapExactIn(heavy, light, largest)!.amountOut);
  const [state] = await balv3Reader.readPoolStates(devnet.read, devnet.preset, [c.pool], receipt.blockNumber);
  const next = c.engine.afterSwapExactIn(heavy, light, largest)!;
  assert.deepStrictEqual(state, next.state);
  const smallest = 10n ** 6n;
  assert.equal(next.swapExactIn(heavy, light, smallest), null);
  await assert.rejects(swapExactIn(devnet, OTHER_ACCOUNT, { ...call, amountIn: smallest }), DevnetTransactionError);
});

it('executed swaps on a small weighted pool pay the engine amount, a wei below pricing without the extra wei', async () => {
  const template = devnet.deployment.pools[1];
  const c = await create(withState(template, { balancesRaw: [10n ** 8n, 3n * 10n ** 8n] }), 4_004);
  const { tokens } = c.pool;
  for (const [i, o] of [[0, 1], [1, 0]]) {
    const engine = c.engine as BalV3WeightedPool;
    // The first amount from 5e6 up where the extra wei on the balance in costs the trader one wei.
    let amountIn = 5_000_000n;
    const costsOneWei = (a: bigint) => {
      const [ours, earlier] = [engine.swapExactIn(i, o, a)?.amountOut, pricedWithoutExtraWei(engine, i, o, a)];
      return ours !== undefined && earlier !== null && ours === earlier - 1n;
    };
    while (!costsOneWei(amountIn)) amountIn++;
    const expected = engine.swapExactIn(i, o, amountIn)!.amountOut;
    const call = { pool: c.pool.address, tokenIn: tokens[i], tokenOut: tokens[o], amountIn };
    const { received } = await swapExactIn(devnet, OTHER_ACCOUNT, call);
    assert.equal(received, expected);
    c.engine = engine.afterSwapExactIn(i, o, amountIn)!;
  }
});
