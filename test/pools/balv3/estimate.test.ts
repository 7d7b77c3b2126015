// estimateOut, the float model the route search uses, against the exact bigint swap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BalV3StablePool,
  BalV3WeightedPool,
  type BalV3StableState,
  type BalV3WeightedState,
} from '../../../src/pools/balv3/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { randInt, randomAmountIn, randomStableState, randomWeightedState, type Rng } from './helpers.ts';

type Pool = BalV3WeightedPool | BalV3StablePool;

/**
 * Worst relative error of estimateOut over random swaps whose exact output is at least 1e9 raw units (so the final
 * rounding to an integer is below 1e-9) and at least 1e-10 of the out balance (below that the contract's
 * 18-decimal grid, not the curve, decides the digits).
 */
function worstRelativeError(
  seed: number,
  makePool: (rng: Rng) => Pool,
  maxFraction: number,
): { worst: number; compared: number } {
  const rng = createRandom(seed);
  let worst = 0;
  let compared = 0;
  for (let s = 0; s < 2000; s++) {
    const pool = makePool(rng);
    const n = pool.tokenCount;
    for (let k = 0; k < 4; k++) {
      const tokenIn = randInt(rng, 0, n - 1);
      const tokenOut = (tokenIn + randInt(rng, 1, n - 1)) % n;
      const amountIn = randomAmountIn(rng, pool.state.balancesRaw[tokenIn], maxFraction);
      const exact = pool.swapExactIn(tokenIn, tokenOut, amountIn);
      const estimate = pool.estimateOut(tokenIn, tokenOut, Number(amountIn));
      if (!exact) {
        assert.ok(estimate < 1, `estimate ${estimate} where the swap cannot execute`);
        continue;
      }
      const out = Number(exact.amountOut);
      if (out < 1e9 || out < 1e-10 * Number(pool.state.balancesRaw[tokenOut])) continue;
      worst = Math.max(worst, Math.abs(estimate - out) / out);
      compared++;
    }
  }
  return { worst, compared };
}

test('weighted estimateOut is within 1e-6 of exact over 8000 random swaps, below 1 where they cannot execute', () => {
  const { worst, compared } = worstRelativeError(21, (rng) => new BalV3WeightedPool(randomWeightedState(rng)), 0.35);
  assert.ok(compared > 3000, `compared only ${compared}`);
  assert.ok(worst < 1e-6, `worst relative error ${worst}`);
});

test('stable estimateOut is within 1e-6 of exact over 8000 random swaps, below 1 where they cannot execute', () => {
  const { worst, compared } = worstRelativeError(22, (rng) => new BalV3StablePool(randomStableState(rng)), 5);
  // Fewer than for weighted: StablePool 1.0.0 refuses every swap of the random pools spread 10000:1 or more.
  assert.ok(compared > 2500, `compared only ${compared}`);
  assert.ok(worst < 1e-6, `worst relative error ${worst}`);
});

test('estimateOut is 0 past the max in ratio, below the minimum trade amount and for a repeated token', () => {
  const weighted: BalV3WeightedState = {
    balancesRaw: [10n ** 21n, 10n ** 21n],
    decimals: [18, 18],
    tokenRates: [10n ** 18n, 10n ** 18n],
    weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
    minTokenBalances: [10n ** 6n, 10n ** 6n],
    swapFee: 0n,
    aggregateSwapFee: 0n,
  };
  const pool = new BalV3WeightedPool(weighted);
  assert.ok(pool.estimateOut(0, 1, 2.9e20) > 0);
  assert.equal(pool.estimateOut(0, 1, 3.1e20), 0);
  assert.equal(pool.estimateOut(0, 1, 9e5), 0);
  assert.equal(pool.estimateOut(1, 1, 1e18), 0);
  const stable: BalV3StableState = { ...weighted, amp: 100_000n };
  assert.equal(new BalV3StablePool(stable).estimateOut(0, 1, 9e5), 0);
  assert.ok(new BalV3StablePool(stable).estimateOut(0, 1, 5e20) > 4.9e20);
});

test('estimateOut is 0 where WeightedPool 1.0.0 keeps a minimum balance or StablePool 1.0.0 its imbalance limit', () => {
  const weighted: BalV3WeightedState = {
    balancesRaw: [10n ** 21n, 10n ** 21n],
    decimals: [18, 18],
    tokenRates: [10n ** 18n, 10n ** 18n],
    weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
    minTokenBalances: [10n ** 6n, 9n * 10n ** 20n],
    swapFee: 0n,
    aggregateSwapFee: 0n,
  };
  // 1e20 in takes about 0.91e20 out, 1.2e20 about 1.07e20: the second leaves less than the 9e20 minimum.
  const pool = new BalV3WeightedPool(weighted);
  assert.ok(pool.estimateOut(0, 1, 1e20) > 0 && pool.swapExactIn(0, 1, 10n ** 20n));
  assert.equal(pool.estimateOut(0, 1, 1.2e20), 0);
  assert.equal(pool.swapExactIn(0, 1, 12n * 10n ** 19n), null);
  // 9999.5 : 1 stable: 2e17 more of the larger balance passes the limit, the other way moves away from it.
  const stable = new BalV3StablePool({
    ...weighted,
    balancesRaw: [9_999_500_000_000_000_000_000n, 10n ** 18n],
    amp: 200_000n,
  });
  assert.equal(stable.estimateOut(0, 1, 2e17), 0);
  assert.equal(stable.swapExactIn(0, 1, 2n * 10n ** 17n), null);
  assert.ok(stable.estimateOut(1, 0, 1e16) > 0 && stable.swapExactIn(1, 0, 10n ** 16n));
});
