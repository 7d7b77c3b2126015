// Known values, invariant properties and edge cases of the StableSwap maths (no chain needed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MAX_UINT256,
  StablePool,
  StableSwapRevertError,
  _xp_mem,
  exchange,
  get_D,
  get_dy,
  get_y,
  rateFromDecimals,
  stableStateCodec,
  type StableState,
} from '../../../src/pools/stable/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { randomPoolConfig, randomSwapCase, stateOf } from './randomCases.ts';

const E18 = 10n ** 18n;

/** DexA's pool shape: USDT (6), USDC (6), DAI (18), A = 1000, 0.04% fee, half to the admin. */
function dexaState(balancesInTokens: [number, number, number]): StableState {
  const decimals = [6, 6, 18];
  return {
    balances: balancesInTokens.map((t, k) => BigInt(t) * 10n ** BigInt(decimals[k])),
    rates: decimals.map(rateFromDecimals),
    amp: 1000n,
    fee: 4_000_000n,
    adminFee: 5_000_000_000n,
  };
}

function reverts(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (error) {
    if (error instanceof StableSwapRevertError) return true;
    throw error;
  }
}

describe('stable known values', () => {
  // Expected outputs from sx.curve, an independent 2-coin port of Curve's get_D/get_y with the same integer
  // formulas (https://github.com/stableex/sx.curve, __tests__/formula.bats and the curve.hpp doc example):
  // reserves 5862496056 / 6260058778, A = 450, fee 4 bps. sx.curve pays reserve_out - y, while Curve and
  // Pancake pay xp[j] - y - 1 ("just in case there were some rounding errors"), so our output is theirs minus
  // one unit, except where the fee's rounding down absorbs that unit (the last case).
  const vectors: { balances: [bigint, bigint]; amp: bigint; dx: bigint; sxCurve: bigint; ours: bigint }[] = [
    { balances: [5862496056n, 6260058778n], amp: 450n, dx: 10_000_000n, sxCurve: 9997422n, ours: 9997421n },
    { balances: [6260058778n, 5862496056n], amp: 450n, dx: 10_000_000n, sxCurve: 9994508n, ours: 9994507n },
    { balances: [5862496056n, 6260058778n], amp: 450n, dx: 10_000_000_000n, sxCurve: 6249264902n, ours: 6249264901n },
    { balances: [6260058778n, 5862496056n], amp: 450n, dx: 10_000_000_000n, sxCurve: 5852835188n, ours: 5852835187n },
    { balances: [3432247548n, 6169362700n], amp: 450n, dx: 100_000n, sxCurve: 100110n, ours: 100109n },
    { balances: [E18, E18], amp: 5n, dx: 10_000_000n, sxCurve: 9996000n, ours: 9996000n },
  ];

  it('matches sx.curve outputs for its published 2-coin vectors, less the 1-unit Curve safety margin', () => {
    for (const v of vectors) {
      // 18 decimals make rate = 1e18, so xp equals the raw reserves sx.curve works on.
      const state: StableState = { balances: v.balances, rates: [E18, E18], amp: v.amp, fee: 4_000_000n, adminFee: 0n };
      const dy = get_dy(state, 0, 1, v.dx);
      assert.equal(dy, v.ours, `dx ${v.dx} on ${v.balances}`);
      assert.ok(v.sxCurve - dy <= 1n);
    }
  });

  it('gives D = sum of balances for a balanced pool, as the StableSwap paper defines D', () => {
    // Egorov, "StableSwap - efficient mechanism for Stablecoin liquidity" (2019): D is the total amount of
    // coins when they all have equal balances, for every A; Curve's integer iteration hits it exactly.
    for (const n of [2, 3, 4]) {
      for (const amp of [1n, 100n, 1000n, 1_000_000n]) {
        const x = 123_456_789_012_345_678_901n;
        assert.equal(get_D(Array(n).fill(x), amp), BigInt(n) * x);
      }
    }
    assert.equal(get_D([0n, 0n, 0n], 1000n), 0n);
  });

  it('prices a small swap in a balanced pool at 1 minus the 0.04% fee, less a tiny curvature cost', () => {
    const pool = new StablePool(dexaState([1_000_000, 1_000_000, 1_000_000]));
    // 1000 USDT -> USDC: 999.6 USDC before curvature; at A = 1000 a 0.03% trade costs ~1e-6 of it.
    const usdc = pool.swapExactIn(0, 1, 1_000_000_000n)!.amountOut;
    assert.ok(usdc <= 999_600_000n && usdc >= 999_598_000n, `got ${usdc}`);
    // 1 USDT -> DAI, across decimals: 0.9996 DAI within 1e-8.
    const dai = pool.swapExactIn(0, 2, 1_000_000n)!.amountOut;
    assert.ok(dai <= 999_600_000_000_000_000n && dai >= 999_599_990_000_000_000n, `got ${dai}`);
  });
});

describe('stable invariant properties', () => {
  it('keeps D within 2 wei across 3000 random fee-less swaps in 18-decimal pools within 3x of balance', () => {
    const rng = createRandom(11);
    for (let k = 0; k < 3000; k++) {
      const n = 2 + Math.floor(rng() * 3);
      const amp = [1n, 10n, 100n, 1000n, 5000n][Math.floor(rng() * 5)];
      const base = 10 ** (rng() * 10);
      const balances = Array.from(
        { length: n },
        () => BigInt(Math.floor(base * 10 ** (rng() - 0.5) * 1e6)) * 10n ** 12n + BigInt(Math.floor(rng() * 1e12)),
      );
      const state: StableState = { balances, rates: balances.map(() => E18), amp, fee: 0n, adminFee: 0n };
      const i = Math.floor(rng() * n);
      const j = (i + 1 + Math.floor(rng() * (n - 1))) % n;
      // The 1-2 wei by which y is rounded move D by dD/dx_j times as much, which explodes as coin j gets scarce
      // (measured: 1e4 wei when a swap leaves j at 1e-5 of its share), so stay near balance and below 10% of j.
      const dx = (balances[j] * BigInt(Math.floor(10 ** (rng() * 5)))) / 1_000_000n + 1n;
      const D0 = get_D(_xp_mem(balances, state.rates), amp);
      const after = exchange(state, i, j, dx).balances;
      const D1 = get_D(_xp_mem(after, state.rates), amp);
      const drift = D1 - D0;
      assert.ok(drift >= -2n && drift <= 2n, `D moved by ${drift} (n=${n}, A=${amp}, dx=${dx}, ${balances})`);
    }
  });

  it('pays get_dy within 1 unit of exchange (exactly for 18-decimal outputs) on 3000 random cases', () => {
    const rng = createRandom(12);
    let executed = 0;
    let differ = 0;
    for (let k = 0; k < 3000; k++) {
      const config = randomPoolConfig(rng);
      const c = randomSwapCase(rng, config.decimals);
      const state = stateOf(config, c.balances);
      let ex;
      try {
        ex = exchange(state, c.i, c.j, c.dx);
      } catch (error) {
        assert.ok(error instanceof StableSwapRevertError);
        assert.ok(reverts(() => get_dy(state, c.i, c.j, c.dx)), 'get_dy should revert where exchange does');
        continue;
      }
      executed++;
      const view = get_dy(state, c.i, c.j, c.dx);
      // get_dy takes the fee after converting to raw units, exchange before: the two floors differ by <= 1.
      assert.ok(view - ex.dy <= 1n && ex.dy - view <= 1n, `get_dy ${view} vs exchange ${ex.dy}`);
      if (config.decimals[c.j] === 18) assert.equal(view, ex.dy);
      if (view !== ex.dy) differ++;
      assert.ok(ex.balances[c.j] >= 0n && ex.dy < c.balances[c.j] + 1n);
    }
    assert.ok(executed > 2000, `only ${executed} executed`);
    assert.ok(differ > 0, 'no case exercised the get_dy/exchange rounding difference');
  });

  it('gives more output for more input and never more than the input at parity (2000 random cases)', () => {
    const rng = createRandom(13);
    for (let k = 0; k < 2000; k++) {
      const decimals = [6, 18, 8].slice(0, 2 + (k % 2));
      const tokens = 10 ** (1 + rng() * 9);
      const balances = decimals.map((d) => BigInt(Math.floor(tokens * 1e6)) * 10n ** BigInt(d) / 1_000_000n);
      const state: StableState = {
        balances,
        rates: decimals.map(rateFromDecimals),
        amp: 1000n,
        fee: 4_000_000n,
        adminFee: 5_000_000_000n,
      };
      const pool = new StablePool(state);
      const dx = BigInt(Math.floor(tokens * rng() * 10 ** decimals[0])) + 1n;
      const a = pool.swapExactIn(0, 1, dx)?.amountOut ?? 0n;
      const b = pool.swapExactIn(0, 1, dx + dx / 3n + 1n)?.amountOut ?? 0n;
      assert.ok(b >= a, `output fell from ${a} to ${b}`);
      // dx is in 6 decimals, the output in 18: at parity one unit in buys at most one unit out.
      assert.ok(a <= dx * 10n ** 12n);
    }
  });
});

describe('stable edge cases', () => {
  const pool = new StablePool(dexaState([1_000_000, 1_000_000, 1_000_000]));

  it('returns null for zero input and for inputs outside uint256', () => {
    for (const [i, j] of [[0, 1], [1, 2], [2, 0]] as const) {
      assert.equal(pool.swapExactIn(i, j, 0n), null);
      assert.equal(pool.afterSwapExactIn(i, j, 0n), null);
      assert.equal(pool.swapExactIn(i, j, -5n), null);
      assert.equal(pool.swapExactIn(i, j, MAX_UINT256 + 1n), null);
      assert.equal(pool.estimateOut(i, j, 0), 0);
    }
  });

  it('turns one wei of a 6-decimal coin into 1e12 DAI units less the fee, and one DAI wei into nothing', () => {
    assert.equal(pool.swapExactIn(0, 2, 1n)?.amountOut, 999_600_000_000n);
    // 1 wei of DAI is 1e-12 of a USDT unit: exchange's output rounds to zero, so the swap is not executable.
    assert.equal(pool.swapExactIn(2, 0, 1n), null);
    assert.equal(pool.swapExactIn(2, 0, 10n ** 12n), null); // the 1-unit margin and the fee eat the only unit
    assert.equal(pool.swapExactIn(2, 0, 2n * 10n ** 12n)?.amountOut, 1n);
  });

  it('returns null for bad token indices and for a pool holding zero of some coin', () => {
    assert.equal(pool.swapExactIn(1, 1, 1_000_000n), null);
    assert.equal(pool.swapExactIn(0, 3, 1_000_000n), null);
    assert.equal(pool.swapExactIn(-1, 0, 1_000_000n), null);
    assert.equal(pool.swapExactIn(0.5, 1, 1_000_000n), null);
    assert.equal(pool.estimateOut(0, 3, 1e6), 0);
    assert.equal(pool.estimateOut(1, 1, 1e6), 0);
    const empty = new StablePool(dexaState([1_000_000, 0, 1_000_000]));
    assert.equal(empty.swapExactIn(0, 2, 1_000_000n), null); // get_D divides by the zero balance
    assert.equal(empty.estimateOut(0, 2, 1e6), 0);
    assert.ok(reverts(() => get_D([1n, 0n, 1n], 1000n)));
    assert.ok(reverts(() => get_y(0, 0, 1n, [1n, 1n], 10n)));
    assert.ok(reverts(() => get_D([1n, 1n], 0n))); // Ann - 1 underflows when A = 0
  });

  it('quotes extreme imbalance below the whole balance, and returns null where get_D overflows', () => {
    // 1M USDT against 1 raw unit of USDC and 1e-6 DAI: a micro-USDC buys ~292k USDT, but never all of it.
    const lopsided = new StablePool({ ...dexaState([0, 0, 0]), balances: [10n ** 12n, 1n, 10n ** 12n] });
    const rich = lopsided.swapExactIn(1, 0, 1n);
    assert.ok(rich && rich.amountOut > 290_000n * 10n ** 6n && rich.amountOut < 10n ** 12n);
    assert.equal(lopsided.swapExactIn(0, 1, 10n ** 6n), null); // less than one raw USDC out
    for (const [i, j] of [[1, 0], [2, 0], [0, 2], [1, 2], [2, 1]] as const) {
      for (const dx of [1n, 10n ** 6n, 10n ** 15n, 10n ** 24n, 10n ** 36n]) {
        const r = lopsided.swapExactIn(i, j, dx);
        if (r) assert.ok(r.amountOut < lopsided.state.balances[j], `paid ${r.amountOut} of ${lopsided.state.balances[j]}`);
      }
    }
    // 1e9 USDT against 1 raw unit of each other coin: D_P * D overflows uint256 inside get_D, so the contract
    // reverts on every swap, and the estimate reports nothing executable either.
    const absurd = new StablePool({ ...dexaState([0, 0, 0]), balances: [10n ** 15n, 1n, 1n] });
    assert.ok(reverts(() => get_D(_xp_mem(absurd.state.balances, absurd.state.rates), absurd.state.amp)));
    assert.equal(absurd.swapExactIn(1, 0, 1n), null);
    assert.equal(absurd.estimateOut(1, 0, 1), 0);
  });

  it('never drains a pool: an absurd input still leaves the fee share, and an overflowing one is null', () => {
    // Curve's y tends to 0 but the contract keeps 1 unit plus the LPs' fee share, and it does execute such a
    // swap, so the exact quote is that output (strictly below the balance), not null.
    const huge = pool.afterSwapExactIn(0, 2, 10n ** 40n)!;
    const out = pool.swapExactIn(0, 2, 10n ** 40n)!.amountOut;
    const daiBalance = pool.state.balances[2];
    assert.ok(out < daiBalance && huge.state.balances[2] > 0n);
    assert.ok(out >= (daiBalance * 9_995n) / 10_000n, `paid only ${out} of ${daiBalance}`);
    // dx * RATES[i] overflows uint256: the contract reverts, so it is not executable.
    const overflowing = MAX_UINT256 / 10n ** 30n + 1n;
    assert.equal(pool.swapExactIn(0, 2, overflowing), null);
    assert.equal(pool.afterSwapExactIn(0, 2, overflowing), null);
    assert.ok(reverts(() => get_dy(pool.state, 0, 2, overflowing)));
  });

  it('afterSwapExactIn returns a new pool and leaves the original unchanged', () => {
    const state = dexaState([900_000, 1_100_000, 1_000_000]);
    const before = stableStateCodec.encode(state);
    const original = new StablePool(state);
    const next = original.afterSwapExactIn(1, 2, 5_000_000_000n)!;
    assert.deepEqual(stableStateCodec.encode(original.state), before);
    const ex = exchange(state, 1, 2, 5_000_000_000n);
    assert.deepEqual(next.state.balances, ex.balances);
    assert.equal(next.state.balances[1], state.balances[1] + 5_000_000_000n);
    assert.ok(ex.dy_admin_fee > 0n);
    assert.equal(next.state.balances[2], state.balances[2] - ex.dy - ex.dy_admin_fee);
    // A second swap quotes off the updated balances.
    assert.equal(next.swapExactIn(1, 2, 1_000_000n)?.amountOut, exchange(next.state, 1, 2, 1_000_000n).dy);
  });

  it('round-trips 2-, 3- and 4-coin states through the word codec', () => {
    const rng = createRandom(14);
    for (let k = 0; k < 300; k++) {
      const config = randomPoolConfig(rng);
      const state = stateOf(config, randomSwapCase(rng, config.decimals).balances);
      const words = stableStateCodec.encode(state);
      assert.equal(words.length, 4 + 2 * state.balances.length);
      assert.deepEqual(stableStateCodec.decode(words), state);
      assert.deepEqual(stableStateCodec.decode([...words, 0n, 0n]), state); // trailing slot padding is ignored
    }
    assert.throws(() => stableStateCodec.decode([5n, 1n, 1n, 1n]), RangeError);
    assert.throws(() => stableStateCodec.decode([3n, 1000n, 0n, 0n, 1n, 1n]), RangeError);
  });
});
