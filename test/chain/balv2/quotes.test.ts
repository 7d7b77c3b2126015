// The engine's balv2 pools, built from the reader's state, against the Vault itself: queryBatchSwap quotes on random
// amounts for every ordered token pair of every deployed pool, and real swaps, must agree to the wei.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Address, Hex } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { balv2Reader } from '../../../src/chain/balv2/balv2Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import type { BalV2StablePool, BalV2WeightedPool } from '../../../src/pools/balv2/index.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { type BalV2Devnet, headBlock, startBalV2Devnet } from './balv2Devnet.ts';
import { executeVaultSwap, queryVaultSwap } from './vaultCalls.ts';

const RANDOM_AMOUNTS_PER_PAIR = 40;
const CONCURRENT_CALLS = 8;

let devnet: BalV2Devnet;
let pools: DiscoveredPool[];
before(async () => {
  devnet = await startBalV2Devnet();
  pools = await headBlock(devnet.read.client).then((head) =>
    balv2Reader.discoverPools(devnet.read, 'dexd_v2', devnet.preset, { fromBlock: 0n, toBlock: head }),
  );
});
after(() => devnet?.anvil.stop());

async function readState(pool: DiscoveredPool, blockNumber: bigint): Promise<Record<string, unknown>> {
  const [state] = await balv2Reader.readPoolStates(devnet.read, devnet.preset, [pool], blockNumber);
  assert.ok(state, `no state for ${pool.address}`);
  return state;
}

/**
 * Amounts for one direction: a few wei, then log-uniform fractions of the input balance from 1e-15 up to past what
 * the pool allows (weighted pools refuse more than 30% of the balance; stable pools run out of the output token).
 */
function amountsFor(rng: () => number, balanceIn: bigint, kind: string): bigint[] {
  const amounts = [1n, 2n + BigInt(Math.floor(rng() * 98)), 100n + BigInt(Math.floor(rng() * 900))];
  const maxFraction = kind === 'balv2Weighted' ? 0.4 : 3;
  while (amounts.length < RANDOM_AMOUNTS_PER_PAIR) {
    const fraction = 1e-15 * (maxFraction / 1e-15) ** rng();
    const amount = (balanceIn * BigInt(Math.floor(fraction * 1e18))) / 10n ** 18n;
    amounts.push(amount > 0n ? amount : 1n);
  }
  return amounts;
}

it('engine quote equals the on-chain quote function to the wei', async () => {
  const rng = createRandom(369);
  const head = await headBlock(devnet.read.client);
  const vault = devnet.preset.vault as Address;
  const cases: { pool: DiscoveredPool; i: number; j: number; amountIn: bigint; engine: bigint | null }[] = [];
  for (const pool of pools) {
    const state = await readState(pool, head);
    const engine = poolKind(pool.kind).create(state);
    const balances = state.balances as bigint[];
    for (let i = 0; i < pool.tokens.length; i++) {
      for (let j = 0; j < pool.tokens.length; j++) {
        if (i === j) continue;
        for (const amountIn of amountsFor(rng, balances[i], pool.kind)) {
          cases.push({ pool, i, j, amountIn, engine: engine.swapExactIn(i, j, amountIn)?.amountOut ?? null });
        }
      }
    }
  }

  const mismatches: string[] = [];
  let quoted = 0;
  for (let start = 0; start < cases.length; start += CONCURRENT_CALLS) {
    await Promise.all(
      cases.slice(start, start + CONCURRENT_CALLS).map(async (c) => {
        const leg = { vault, poolId: c.pool.meta.poolId as Hex, tokenIn: c.pool.tokens[c.i], tokenOut: c.pool.tokens[c.j], amountIn: c.amountIn };
        const onChain = await queryVaultSwap(devnet.ctx, leg, head);
        // The engine calls a swap that pays nothing unexecutable; the Vault reverts or reports 0 there.
        const expected = onChain === 0n ? null : onChain;
        if (expected !== null) quoted++;
        if (c.engine !== expected) {
          mismatches.push(`${c.pool.kind} ${c.pool.address} ${c.i}->${c.j} in ${c.amountIn}: engine ${c.engine} vault ${onChain}`);
        }
      }),
    );
  }
  assert.deepEqual(mismatches, []);
  // 26 ordered pairs over the seven pools; most amounts execute, the largest do not.
  assert.equal(cases.length, 26 * RANDOM_AMOUNTS_PER_PAIR);
  assert.ok(quoted > cases.length * 0.6 && quoted < cases.length, `${quoted} of ${cases.length} executable`);
});

it('a real vault.swap pays exactly the engine amount, and the pool then reads as the engine predicted', async () => {
  const { ctx, tokens } = devnet;
  const vault = devnet.preset.vault as Address;
  let swaps = 0;
  for (const pool of pools) {
    const last = pool.tokens.length - 1;
    for (const [i, j, share] of [[0, last, 200n], [last, 0, 20n]] as const) {
      const before = await readState(pool, await headBlock(devnet.read.client));
      const amountIn = (before.balances as bigint[])[i] / share;
      const engine = poolKind(pool.kind).create(before);
      const predicted = engine.swapExactIn(i, j, amountIn);
      assert.ok(predicted, `engine quotes ${pool.address} ${i}->${j}`);
      const leg = { vault, poolId: pool.meta.poolId as Hex, tokenIn: pool.tokens[i], tokenOut: pool.tokens[j], amountIn };
      const { receipt, received } = await executeVaultSwap(ctx, tokens.fund, tokens.approve, OTHER_ACCOUNT, leg);
      assert.equal(received, predicted.amountOut);
      const after = await readState(pool, receipt.blockNumber);
      const predictedPool = engine.afterSwapExactIn(i, j, amountIn) as BalV2WeightedPool | BalV2StablePool;
      assert.deepStrictEqual(after, { ...predictedPool.state });
      swaps++;
    }
  }
  assert.equal(swaps, 14);
});
