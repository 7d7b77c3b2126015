// The synthetic V3 pool states: valid for the Vault, worth the TVL asked for, priced at the given prices.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BalV3StablePool, BalV3WeightedPool } from '../../../src/pools/balv3/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeBalV3Stable, synthesizeBalV3Weighted } from '../../../src/snapshot/synthetic/balv3.ts';

const ONE = 10n ** 18n;

test('synthesizeBalV3Weighted holds the TVL split by weight at the given prices and quotes near them', () => {
  const rng = createRandom(31);
  const decimals = [18, 6, 8];
  const pricesUsd = [3000, 1, 60_000];
  const state = synthesizeBalV3Weighted({ rng, decimals, pricesUsd, weights: [0.5, 0.3, 0.2], tvlUsd: 2_000_000 });
  assert.equal(state.weights.reduce((a, b) => a + b, 0n), ONE);
  assert.deepEqual(state.weights, [5n * 10n ** 17n, 3n * 10n ** 17n, 2n * 10n ** 17n]);
  // WeightedPoolFactory's minimums: 1e6, or one raw unit of the token scaled18 where that is more.
  assert.deepEqual(state.minTokenBalances, [10n ** 6n, 10n ** 12n, 10n ** 10n]);
  const values = state.balancesRaw.map((b, i) => (Number(b) / 10 ** decimals[i]) * pricesUsd[i]);
  [1_000_000, 600_000, 400_000].forEach((v, i) => assert.ok(Math.abs(values[i] / v - 1) < 0.006, `${values[i]}`));
  assert.ok(state.swapFee >= 10n ** 15n && state.swapFee <= 10n ** 16n);
  assert.equal(state.aggregateSwapFee, 5n * 10n ** 17n);

  // 1 WETH -> USDC: about 3000 less fee and a little slippage.
  const out = new BalV3WeightedPool(state).swapExactIn(0, 1, ONE);
  assert.ok(out);
  const usdc = Number(out.amountOut) / 1e6;
  assert.ok(usdc > 2940 && usdc < 3020, `${usdc}`);
});

test('synthesizeBalV3Stable holds the TVL in near-even $1 shares and swaps near parity', () => {
  const rates = [1, 1, 1.05];
  const rng = createRandom(32);
  const state = synthesizeBalV3Stable({ rng, decimals: [18, 6, 6], tvlUsd: 1_000_000, amp: 200, rates });
  assert.equal(state.amp, 200_000n);
  assert.deepEqual(state.tokenRates, [ONE, ONE, 1_050_000_000_000_000_000n]);
  const usd = state.balancesRaw.map((b, i) => (Number(b) / 10 ** state.decimals[i]) * rates[i]);
  assert.ok(Math.abs(usd.reduce((a, b) => a + b, 0) / 1_000_000 - 1) < 1e-9);
  usd.forEach((v) => assert.ok(v > 300_000 && v < 370_000, `${v}`));

  const out = new BalV3StablePool(state).swapExactIn(1, 0, 1000n * 10n ** 6n);
  assert.ok(out);
  const dollars = Number(out.amountOut) / 1e18;
  assert.ok(dollars > 995 && dollars < 1003, `${dollars}`);
});

test('synthesizers are reproducible from the seed and reject options the V3 pools cannot have', () => {
  const opts = { decimals: [18, 18], pricesUsd: [1, 2], weights: [0.8, 0.2], tvlUsd: 1e6 };
  assert.deepEqual(
    synthesizeBalV3Weighted({ ...opts, rng: createRandom(7) }),
    synthesizeBalV3Weighted({ ...opts, rng: createRandom(7) }),
  );
  const rng = createRandom(8);
  assert.throws(() => synthesizeBalV3Weighted({ ...opts, rng, weights: [0.995, 0.005] }), RangeError);
  assert.throws(() => synthesizeBalV3Weighted({ ...opts, rng, decimals: [18, 19] }), RangeError);
  assert.throws(() => synthesizeBalV3Weighted({ ...opts, rng, swapFee: 0.2 }), RangeError);
  assert.throws(() => synthesizeBalV3Stable({ rng, decimals: [18, 18], tvlUsd: 1e6, amp: 60_000 }), RangeError);
  assert.throws(() => synthesizeBalV3Stable({ rng, decimals: [18, 18, 18, 18, 18, 18], tvlUsd: 1e6 }), RangeError);
});
