// The Vault side of a V3 swap: the balances it stores after an ExactIn swap, and swaps chained on them (checked
// against balancer-maths with the 1.0.0 pool additions, see helpers.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BalV3StablePool,
  BalV3WeightedPool,
  type BalV3StableState,
  type BalV3WeightedState,
} from '../../../src/pools/balv3/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import {
  ONE,
  randInt,
  randomAmountIn,
  randomStableState,
  randomWeightedState,
  referenceSwap,
  type Rng,
} from './helpers.ts';

type State = BalV3WeightedState | BalV3StableState;
type Pool = BalV3WeightedPool | BalV3StablePool;

/**
 * Vault._swap's step 5, written out from the Solidity: the pool keeps the whole amount in except the aggregate
 * (protocol + creator) share of the swap fee, computed as raw fee = scaled18 fee (mulUp) unscaled rounding down,
 * aggregate share = raw fee mulDown percentage; the amount out leaves the pool.
 */
function expectedBalancesRaw(
  s: State,
  tokenIn: number,
  tokenOut: number,
  amountIn: bigint,
  amountOut: bigint,
): bigint[] {
  const scaleIn = 10n ** BigInt(18 - s.decimals[tokenIn]) * s.tokenRates[tokenIn];
  const amountGivenScaled18 = (amountIn * scaleIn) / ONE;
  const product = amountGivenScaled18 * s.swapFee;
  const totalSwapFeeScaled18 = product === 0n ? 0n : (product - 1n) / ONE + 1n;
  const totalSwapFeeRaw = (totalSwapFeeScaled18 * ONE) / scaleIn;
  const aggregateSwapFeeRaw = (totalSwapFeeRaw * s.aggregateSwapFee) / ONE;
  const balances = s.balancesRaw.slice();
  balances[tokenIn] += amountIn - aggregateSwapFeeRaw;
  balances[tokenOut] -= amountOut;
  return balances;
}

function chainRandomSwaps(seed: number, makeState: (rng: Rng) => State, makePool: (s: State) => Pool): number {
  const rng = createRandom(seed);
  let executed = 0;
  for (let sequence = 0; sequence < 400; sequence++) {
    let pool = makePool(makeState(rng));
    for (let step = 0; step < 6; step++) {
      const state = pool.state;
      const n = pool.tokenCount;
      const tokenIn = randInt(rng, 0, n - 1);
      const tokenOut = (tokenIn + randInt(rng, 1, n - 1)) % n;
      const amountIn = randomAmountIn(rng, state.balancesRaw[tokenIn], 0.25);
      const snapshot = structuredClone(state);

      const swap = pool.swapExactIn(tokenIn, tokenOut, amountIn);
      const next = pool.afterSwapExactIn(tokenIn, tokenOut, amountIn);
      const ref = referenceSwap(state, tokenIn, tokenOut, amountIn);
      assert.deepEqual(pool.state, snapshot, 'the original pool must not change');
      if (!swap) {
        assert.equal(next, null);
        continue;
      }
      // Each step's state is what the Vault stores, so balancer-maths on it must agree with the chained pool.
      assert.ok('amountOut' in ref, `step ${step}: balancer-maths throws ${'error' in ref && ref.error}`);
      assert.equal(swap.amountOut, ref.amountOut);
      assert.ok(next);
      assert.deepEqual(next.state.balancesRaw, expectedBalancesRaw(state, tokenIn, tokenOut, amountIn, swap.amountOut));
      assert.deepEqual({ ...next.state, balancesRaw: [] }, { ...state, balancesRaw: [] }, 'only balances change');
      pool = next;
      executed++;
    }
  }
  return executed;
}

test('weighted: afterSwapExactIn stores the Vault balances and 2400 chained swaps match balancer-maths', () => {
  const executed = chainRandomSwaps(11, randomWeightedState, (s) => new BalV3WeightedPool(s as BalV3WeightedState));
  assert.ok(executed > 1000, `only ${executed} swaps executed`);
});

test('stable: afterSwapExactIn stores the Vault balances and 2400 chained swaps match balancer-maths', () => {
  const executed = chainRandomSwaps(12, randomStableState, (s) => new BalV3StablePool(s as BalV3StableState));
  assert.ok(executed > 1000, `only ${executed} swaps executed`);
});

test('the aggregate swap fee share leaves the pool: 50% of a 1% fee on 1000 USDC keeps 995 USDC in', () => {
  const state: BalV3StableState = {
    balancesRaw: [10n ** 12n, 10n ** 12n],
    decimals: [6, 6],
    tokenRates: [ONE, ONE],
    amp: 200_000n,
    swapFee: 10n ** 16n,
    aggregateSwapFee: 5n * 10n ** 17n,
  };
  const next = new BalV3StablePool(state).afterSwapExactIn(0, 1, 1000n * 10n ** 6n);
  assert.ok(next);
  assert.equal(next.state.balancesRaw[0], 10n ** 12n + 995n * 10n ** 6n);
});
