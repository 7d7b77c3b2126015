// The engine against the real Balancer V3 contracts on the devnet: pools built from the reader's state quote every
// random ExactIn amount exactly as Router.querySwapSingleTokenExactIn does, and real swaps pay exactly that.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createBalancerV3Pool } from '../../../devnet/deploy/balv3/createBalancerV3Pool.ts';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { balv3Reader } from '../../../src/chain/balv3/balv3Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import { BalV3RevertError, type BalV3StablePool, type BalV3WeightedPool } from '../../../src/pools/balv3/index.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import {
  type BalV3Devnet,
  type SwapCall,
  headBlock,
  queryExactIn,
  startBalV3Devnet,
  swapExactIn,
} from './balv3Devnet.ts';

const AMOUNTS_PER_PAIR = 60;

interface Case extends SwapCall {
  engine: BalV3WeightedPool | BalV3StablePool;
  indexIn: number;
  indexOut: number;
}

let devnet: BalV3Devnet;
let pools: DiscoveredPool[];
let engines: (BalV3WeightedPool | BalV3StablePool)[];
before(async () => {
  devnet = await startBalV3Devnet();
  const { read, preset, deployedAt } = devnet;
  pools = await balv3Reader.discoverPools(read, 'dexe_v3', preset, { fromBlock: 0n, toBlock: deployedAt });
  const states = await balv3Reader.readPoolStates(read, preset, pools, deployedAt);
  engines = pools.map((p, i) => poolKind(p.kind).create(states[i]) as BalV3WeightedPool | BalV3StablePool);
});
after(() => devnet?.anvil.stop());

/** Amounts in three equal bands of the balance in: tiny (up to 1e-8), mid (1e-8..1e-2), price-moving (1%..60%). */
function randomAmounts(random: () => number, balanceIn: bigint): bigint[] {
  const balance = Number(balanceIn);
  const logUniform = (lo: number, hi: number) => Math.exp(Math.log(lo) + random() * (Math.log(hi) - Math.log(lo)));
  return Array.from({ length: AMOUNTS_PER_PAIR }, (_, k) => {
    const amount = [
      () => logUniform(1, Math.max(2, balance * 1e-8)),
      () => logUniform(balance * 1e-8, balance * 1e-2),
      () => balance * (0.01 + random() * 0.59),
    ][k % 3]();
    return BigInt(Math.max(1, Math.floor(amount)));
  });
}

/** The engine's Vault swap: amount out (zero included, as the Vault executes it) or null where the Vault reverts. */
function engineOut(c: Case): bigint | null {
  try {
    return c.engine.simulateSwapExactIn(c.indexIn, c.indexOut, c.amountIn).amountOutRaw;
  } catch (error) {
    if (error instanceof BalV3RevertError) return null;
    throw error;
  }
}

it('engine quote equals Router.querySwapSingleTokenExactIn to the wei for every pool, token pair and random amount', async () => {
  const random = createRandom(369_3);
  const cases: Case[] = [];
  pools.forEach((pool, p) => {
    const { balancesRaw } = engines[p].state;
    for (let i = 0; i < pool.tokens.length; i++) {
      for (let o = 0; o < pool.tokens.length; o++) {
        if (i === o) continue;
        for (const amountIn of randomAmounts(random, balancesRaw[i])) {
          const [tokenIn, tokenOut] = [pool.tokens[i], pool.tokens[o]];
          cases.push({ pool: pool.address, tokenIn, tokenOut, amountIn, engine: engines[p], indexIn: i, indexOut: o });
        }
      }
    }
  });
  const onChain = await queryExactIn(devnet, cases, devnet.deployedAt);

  const mismatches = cases.flatMap((c, k) => {
    const expected = engineOut(c);
    if (expected === onChain[k]) return [];
    return [`${c.pool} ${c.indexIn}->${c.indexOut} in ${c.amountIn}: engine ${expected}, chain ${onChain[k]}`];
  });
  assert.deepEqual(mismatches, []);
  // 2 + 2 + 6 + 2 + 6 ordered pairs over the seed's five pools.
  assert.equal(cases.length, 18 * AMOUNTS_PER_PAIR);
  const quoted = onChain.filter((q) => q !== null && q > 0n).length;
  const reverted = onChain.filter((q) => q === null).length;
  const zero = onChain.filter((q) => q === 0n).length;
  // Every outcome is exercised: quotes, reverts (below the minimum trade, above WeightedPool's 30% max in ratio)
  // and swaps the Vault executes for nothing (an amount out too small for a 6- or 8-decimal token).
  assert.deepEqual({ quoted, reverted, zero }, { quoted: 824, reverted: 215, zero: 41 });
  // swapExactIn, the engine's routing entry point, agrees with the simulation wherever it quotes.
  for (const c of cases) {
    const out = engineOut(c);
    assert.equal(c.engine.swapExactIn(c.indexIn, c.indexOut, c.amountIn)?.amountOut ?? null, out === 0n ? null : out);
  }
});

it('executed Router swaps pay exactly the engine amount, in both directions of every pool', async () => {
  const random = createRandom(369_4);
  for (const [p, pool] of pools.entries()) {
    for (const [indexIn, indexOut] of [[0, 1], [pool.tokens.length - 1, 0]]) {
      const engine = engines[p];
      const amountIn = BigInt(Math.floor(Number(engine.state.balancesRaw[indexIn]) * (0.001 + random() * 0.05)));
      const expected = engine.swapExactIn(indexIn, indexOut, amountIn);
      assert.ok(expected, `the engine quotes ${amountIn} in ${pool.address}`);
      const [tokenIn, tokenOut] = [pool.tokens[indexIn], pool.tokens[indexOut]];
      const call = { pool: pool.address, tokenIn, tokenOut, amountIn };
      const { received } = await swapExactIn(devnet, OTHER_ACCOUNT, call);
      assert.equal(received, expected.amountOut);
      // The next swap quotes from the state this one left behind.
      engines[p] = engine.afterSwapExactIn(indexIn, indexOut, amountIn)!;
    }
  }
});

it('a stable pool whose token has a rate provider reads back that rate and quotes like the Router to the wei', async () => {
  const template = devnet.deployment.pools[4]; // the three-token stable pool
  const rates = [1_050_000_000_000_000_007n, 10n ** 18n, 998_000_000_000_000_000n];
  const from = (await headBlock(devnet.read.client)) + 1n;
  const seedPool = { ...template, state: { ...template.state, tokenRates: rates } };
  const created = await createBalancerV3Pool(devnet.env, seedPool, 3_000);
  const block = await headBlock(devnet.read.client);
  const range = { fromBlock: from, toBlock: block };
  const [pool] = await balv3Reader.discoverPools(devnet.read, 'dexe_v3', devnet.preset, range);
  const [state] = await balv3Reader.readPoolStates(devnet.read, devnet.preset, [pool], block);
  assert.deepStrictEqual(state, created.state);
  assert.deepEqual((state as { tokenRates: bigint[] }).tokenRates, rates);

  const engine = poolKind(pool.kind).create(state) as BalV3StablePool;
  const random = createRandom(369_6);
  const cases: Case[] = [];
  for (let i = 0; i < 3; i++) {
    for (let o = 0; o < 3; o++) {
      if (i === o) continue;
      for (const amountIn of randomAmounts(random, engine.state.balancesRaw[i]).slice(0, 20)) {
        const [tokenIn, tokenOut] = [pool.tokens[i], pool.tokens[o]];
        cases.push({ pool: pool.address, tokenIn, tokenOut, amountIn, engine, indexIn: i, indexOut: o });
      }
    }
  }
  const onChain = await queryExactIn(devnet, cases, block);
  assert.deepEqual(onChain, cases.map(engineOut));
  const quoted = onChain.filter((q) => q !== null && q > 0n).length;
  const reverted = onChain.filter((q) => q === null).length;
  assert.deepEqual({ cases: cases.length, quoted, reverted }, { cases: 120, quoted: 102, reverted: 10 });
});
