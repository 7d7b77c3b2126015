// Synthetic balv2 states: reproducible, realistic, and priced the way they were asked to be.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BalV2StablePool, BalV2WeightedPool, poolFromWords, balV2StableCodec, balV2WeightedCodec } from '../../../src/pools/balv2/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeBalV2Stable, synthesizeBalV2Weighted } from '../../../src/snapshot/synthetic/balv2.ts';

const ONE = 10n ** 18n;

test('synthesizeBalV2Weighted is reproducible, sums weights to exactly 1e18 and prices tokens as given', () => {
  const opts = { decimals: [18, 6, 8], pricesUsd: [0.00004, 1, 60_000], weights: [0.5, 0.3, 0.2], tvlUsd: 2_000_000 };
  const a = synthesizeBalV2Weighted({ rng: createRandom(41), ...opts });
  const b = synthesizeBalV2Weighted({ rng: createRandom(41), ...opts });
  assert.deepEqual(a, b);
  assert.equal(a.weights.reduce((s, w) => s + w, 0n), ONE);
  assert.deepEqual(a.scalingFactors, [ONE, 10n ** 12n * ONE, 10n ** 10n * ONE]);
  assert.ok(a.swapFeePercentage >= 10n ** 14n && a.swapFeePercentage <= 10n ** 16n);
  // Each token's value is its weight's share of TVL, within the 0.5% noise.
  a.balances.forEach((balance, i) => {
    const usd = (Number(balance) / 10 ** opts.decimals[i]) * opts.pricesUsd[i];
    assert.ok(Math.abs(usd / (opts.tvlUsd * opts.weights[i]) - 1) < 0.006, `token ${i}: $${usd}`);
  });
  // Selling $1000 of token 0 returns about $1000 of token 2, less the fee and a little slippage.
  const pool = new BalV2WeightedPool(a);
  const out = pool.swapExactIn(0, 2, BigInt(Math.round((1000 / 0.00004) * 1e18)))!.amountOut;
  const usdOut = (Number(out) / 1e8) * 60_000;
  assert.ok(usdOut > 975 && usdOut < 1000, `$${usdOut}`);
});

test('synthesizeBalV2Stable builds tradable stable pools with amp, fee and rates in realistic ranges', () => {
  const rng = createRandom(42);
  for (let k = 0; k < 50; k++) {
    const n = 2 + (k % 4);
    const decimals = Array.from({ length: n }, (_, i) => [18, 6, 8][(i + k) % 3]);
    const state = synthesizeBalV2Stable({ rng, decimals, tvlUsd: 10 ** (3 + (k % 6)), rates: k % 5 === 0 ? decimals.map((_, i) => 1 + i * 0.05) : undefined });
    assert.ok(state.amp >= 50_000n && state.amp <= 2_000_000n);
    assert.ok(state.swapFeePercentage >= 10n ** 14n && state.swapFeePercentage <= 10n ** 15n);
    const pool = new BalV2StablePool(state);
    // One dollar of token 0 buys close to one dollar of token 1 (the pool is up to 10% off balance, so either side).
    const rate = (i: number) => Number(state.scalingFactors[i]) / 10 ** (36 - decimals[i]);
    const amountIn = BigInt(Math.round(10 ** decimals[0] / rate(0)));
    const usdOut = (Number(pool.swapExactIn(0, 1, amountIn)!.amountOut) / 10 ** decimals[1]) * rate(1);
    assert.ok(usdOut > 0.99 && usdOut < 1.01, `case ${k}: $${usdOut}`);
  }
  assert.throws(() => synthesizeBalV2Stable({ rng, decimals: [18], tvlUsd: 1 }), RangeError);
  assert.throws(() => synthesizeBalV2Stable({ rng, decimals: [18, 18], tvlUsd: 1, amp: 6000 }), RangeError);
});

test('poolFromWords rebuilds both kinds from their encoded words and rejects unknown kinds', () => {
  const rng = createRandom(43);
  const weighted = synthesizeBalV2Weighted({ rng, decimals: [18, 18], pricesUsd: [1, 2], weights: [0.8, 0.2], tvlUsd: 1e5 });
  const stable = synthesizeBalV2Stable({ rng, decimals: [6, 6, 18], tvlUsd: 1e6 });
  const w = poolFromWords('balv2Weighted', balV2WeightedCodec.encode(weighted));
  const s = poolFromWords('balv2Stable', balV2StableCodec.encode(stable));
  assert.equal(w.kind, 'balv2Weighted');
  assert.equal(s.tokenCount, 3);
  assert.deepEqual(w.swapExactIn(0, 1, ONE), new BalV2WeightedPool(weighted).swapExactIn(0, 1, ONE));
  assert.deepEqual(s.swapExactIn(0, 2, 10n ** 6n), new BalV2StablePool(stable).swapExactIn(0, 2, 10n ** 6n));
  assert.throws(() => poolFromWords('balv3Weighted', []), RangeError);
});
