// StablePool's float estimate against its exact quote, and the synthetic stable state generator.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StablePool, _xp_mem, rateFromDecimals } from '../../../src/pools/stable/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeStableState } from '../../../src/snapshot/synthetic/stable.ts';
import { randomPoolConfig, randomSwapCase, stateOf } from './randomCases.ts';

describe('StablePool.estimateOut', () => {
  it('is within 1e-6 (+2 raw units of rounding) of swapExactIn on 4000 random pools within 100x of balance', () => {
    // The exact path rounds down a few times and keeps a 1-unit margin; the float path solves the same curve
    // without rounding, so allow two raw units on top of the relative tolerance.
    const rng = createRandom(31);
    let compared = 0;
    let tries = 0;
    while (compared < 4000) {
      assert.ok(++tries < 100_000, 'random generator stopped producing comparable cases');
      const config = randomPoolConfig(rng);
      const c = randomSwapCase(rng, config.decimals);
      const state = stateOf(config, c.balances);
      const xp = _xp_mem(state.balances, state.rates);
      const min = xp.reduce((a, b) => (a < b ? a : b));
      const max = xp.reduce((a, b) => (a > b ? a : b));
      // Below 1e-3 tokens or past 100x imbalance the integer maths' own rounding (in D and c) dominates.
      if (min < 10n ** 15n || max > min * 100n) continue;
      const pool = new StablePool(state);
      const exact = pool.swapExactIn(c.i, c.j, c.dx);
      if (!exact || exact.amountOut < 10n ** 6n) continue;
      compared++;
      const estimate = pool.estimateOut(c.i, c.j, Number(c.dx));
      const expected = Number(exact.amountOut);
      assert.ok(
        Math.abs(estimate - expected) <= expected * 1e-6 + 2,
        `estimate ${estimate} vs exact ${exact.amountOut} (${JSON.stringify(c, (_, v) => (typeof v === 'bigint' ? `${v}` : v))})`,
      );
    }
  });

  it('stays accurate for inputs a millionth to a billionth of the pool, where subtracting balances in floats would not', () => {
    const pool = new StablePool(synthesizeStableState({ rng: createRandom(32), decimals: [6, 6, 18], tvlUsd: 5e8 }));
    for (const [i, j, dx] of [[2, 0, 3.7e20], [0, 2, 1.1e6], [1, 0, 2.5e6], [0, 1, 123_456]] as const) {
      const exact = Number(pool.swapExactIn(i, j, BigInt(dx))!.amountOut);
      const estimate = pool.estimateOut(i, j, dx);
      assert.ok(Math.abs(estimate - exact) <= exact * 1e-6 + 2, `${i}->${j} ${dx}: ${estimate} vs ${exact}`);
    }
  });
});

describe('synthesizeStableState', () => {
  it('makes DexA-like pools near parity that add up to the requested TVL, reproducibly', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const opts = { decimals: [6, 6, 18], tvlUsd: 936_400, imbalance: 0.05 };
      const state = synthesizeStableState({ ...opts, rng: createRandom(seed) });
      assert.deepEqual(synthesizeStableState({ ...opts, rng: createRandom(seed) }), state);
      assert.deepEqual(state.rates, [10n ** 30n, 10n ** 30n, 10n ** 18n]);
      assert.equal(state.amp, 1000n);
      assert.equal(state.fee, 4_000_000n);
      assert.equal(state.adminFee, 5_000_000_000n);
      const usd = state.balances.map((b, k) => Number(b) / 10 ** opts.decimals[k]);
      const total = usd.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(total - 936_400) < 1e-3, `TVL ${total}`);
      // Weights 1 +- 5% renormalised: a share can move by at most 0.1/0.95 of 1/n.
      for (const u of usd) assert.ok(Math.abs(u / (total / 3) - 1) <= 0.1 / 0.95 + 1e-9, `share ${u / total}`);
      // A healthy pool quotes about 1:1.
      const out = new StablePool(state).estimateOut(0, 2, 1e9);
      assert.ok(out > 0.99e21 && out < 1.01e21);
    }
  });

  it('honours amp, fee, decimals and imbalance options and rejects impossible ones', () => {
    const rng = createRandom(33);
    const state = synthesizeStableState({ rng, decimals: [8, 18], tvlUsd: 1e6, amp: 200n, fee: 1_000_000n, imbalance: 0 });
    assert.equal(state.amp, 200n);
    assert.equal(state.fee, 1_000_000n);
    assert.deepEqual(state.rates, [8, 18].map(rateFromDecimals));
    assert.ok(Math.abs(Number(state.balances[0]) / 1e8 - 5e5) < 1e-6);
    assert.ok(Math.abs(Number(state.balances[1]) / 1e18 - 5e5) < 1e-6);
    assert.throws(() => synthesizeStableState({ rng, decimals: [6], tvlUsd: 1 }), RangeError);
    assert.throws(() => synthesizeStableState({ rng, decimals: [6, 6], tvlUsd: 0 }), RangeError);
    assert.throws(() => synthesizeStableState({ rng, decimals: [6, 6], tvlUsd: 1, imbalance: 1 }), RangeError);
    assert.throws(() => synthesizeStableState({ rng, decimals: [6, 19], tvlUsd: 1 }), RangeError);
  });
});
