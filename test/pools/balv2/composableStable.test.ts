// Composable stable pool maths and swap path against @balancer-labs/sor's StableMathBigInt and balancer-maths.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rounding, Stable } from '@balancer-labs/balancer-maths';
import {
  BalV2StablePool,
  _calculateInvariant,
  balV2StableCodec,
  stableCalcOutGivenIn,
  type BalV2StableState,
} from '../../../src/pools/balv2/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { MathSol, StableMathBigInt, outcome } from './sorStableChecked.ts';
import { fraction, logUniform, pick, randInt, randLog, randRange, type Rng } from './randomCases.ts';

const ONE = 10n ** 18n;
const FEES = [0n, 10n ** 12n, 10n ** 14n, 4n * 10n ** 14n, 5n * 10n ** 14n, 10n ** 15n, 10n ** 16n];

function randomAmp(rng: Rng): bigint {
  // Ramping amps are not multiples of AMP_PRECISION, so draw the full range.
  return rng() < 0.5 ? BigInt(pick(rng, [1, 10, 50, 100, 200, 500, 1000, 2000, 5000])) * 1000n : randRange(rng, 1000n, 5_000_000n);
}

/** Balances in upscaled 18-decimal units: near-balanced most of the time, up to 1e8:1 otherwise. */
function randomUpscaledBalances(rng: Rng, n: number, minDigits = 18): bigint[] {
  const base = randLog(rng, minDigits, 30);
  const spread = rng() < 0.7 ? 0.3 : 1e8;
  return Array.from({ length: n }, () => fraction(rng, base, logUniform(rng, 1 / spread, 1)) + 1n);
}

function randomState(rng: Rng, minDigits = 18): BalV2StableState {
  const n = randInt(rng, 2, 5);
  const decimals = Array.from({ length: n }, () => pick(rng, [18, 18, 6, 8, 12]));
  // Rate providers: plain tokens (rate 1) or yield-bearing ones with a full-precision rate in [1, 1.3).
  const rates = decimals.map(() => (rng() < 0.6 ? ONE : ONE + randRange(rng, 0n, 3n * 10n ** 17n)));
  const scalingFactors = decimals.map((d, i) => 10n ** BigInt(18 - d) * rates[i]);
  const upscaled = randomUpscaledBalances(rng, n, minDigits);
  return {
    balances: upscaled.map((b, i) => (b * ONE) / scalingFactors[i] + 1n),
    scalingFactors,
    amp: randomAmp(rng),
    swapFeePercentage: pick(rng, FEES),
  };
}

function randomAmount(rng: Rng, balanceIn: bigint): bigint {
  switch (randInt(rng, 0, 3)) {
    case 0:
      return randRange(rng, 0n, 1000n);
    case 1:
      return fraction(rng, balanceIn, logUniform(rng, 0.5, 50));
    default:
      return fraction(rng, balanceIn, logUniform(rng, 1e-12, 0.5));
  }
}

/** The sor's amount out, or the contract's revert reason (its final `.sub(1)` reverts unless 1 wei comes out). */
function sorOut(amp: bigint, balances: bigint[], i: number, o: number, amountIn: bigint): bigint | string {
  // The sor mutates its balances argument.
  const out = outcome(() => StableMathBigInt._calcOutGivenIn(amp, [...balances], i, o, amountIn, 0n));
  return typeof out === 'bigint' && out < 0n ? 'SUB_OVERFLOW' : out;
}

/** Whether the invariant alone overflows uint256 (the sor's BPT-out maths computes it first, then nothing big). */
function invariantOverflows(amp: bigint, balances: bigint[]): boolean {
  const zeros = balances.map(() => 0n);
  return outcome(() => StableMathBigInt._calcBptOutGivenExactTokensIn(amp, [...balances], zeros, 1n, 0n)) === 'MUL_OVERFLOW';
}

/**
 * The pool swap rebuilt from the sor: fee off the raw amount (mulUp), upscale balances and amount (mulDown), StableMath
 * with a zero fee (already taken), downscale rounding down; null where the pool or the Vault reverts.
 */
function referenceSwap(s: BalV2StableState, i: number, o: number, amountIn: bigint): bigint | null {
  if (amountIn <= 0n || s.balances[i] + amountIn >= 2n ** 112n) return null;
  const net = amountIn - MathSol.mulUpFixed(amountIn, s.swapFeePercentage);
  const balances = s.balances.map((b, k) => MathSol.mulDownFixed(b, s.scalingFactors[k]));
  const upscaledOut = sorOut(s.amp, balances, i, o, MathSol.mulDownFixed(net, s.scalingFactors[i]));
  if (typeof upscaledOut === 'string') return null;
  const out = MathSol.divDownFixed(upscaledOut, s.scalingFactors[o]);
  return out > 0n && out <= s.balances[o] ? out : null;
}

test('_calculateInvariant equals balancer-maths StableMath on 3000 random pools (balanced to 1e8:1, amp 1..5000), reverts included', () => {
  const rng = createRandom(31);
  let values = 0;
  for (let k = 0; k < 3000; k++) {
    const balances = randomUpscaledBalances(rng, randInt(rng, 2, 5));
    const amp = randomAmp(rng);
    const ours = outcome(() => _calculateInvariant(amp, balances));
    const overflows = invariantOverflows(amp, balances);
    // balancer-maths has no uint256 bound; the overflow-checked sor says when the contract reverts MUL_OVERFLOW.
    assert.equal(ours === 'MUL_OVERFLOW', overflows, `overflow of invariant(${amp}, [${balances}])`);
    if (overflows) continue;
    const reference = outcome(() => new Stable({ amp } as never).computeInvariant(balances, Rounding.ROUND_DOWN));
    assert.equal(ours, reference, `invariant(${amp}, [${balances}])`);
    if (typeof ours === 'bigint') values++;
  }
  assert.ok(values > 2500, `only ${values} invariants computed`);
});

test('_calcOutGivenIn equals the sor StableMathBigInt._calcOutGivenIn on 4000 random swaps', () => {
  const rng = createRandom(32);
  let executed = 0;
  for (let k = 0; k < 4000; k++) {
    const n = randInt(rng, 2, 5);
    const balances = randomUpscaledBalances(rng, n);
    const amp = randomAmp(rng);
    const i = randInt(rng, 0, n - 1);
    const o = (i + randInt(rng, 1, n - 1)) % n;
    const amountIn = randomAmount(rng, balances[i]);
    const reference = sorOut(amp, balances, i, o, amountIn);
    const ours = outcome(() => stableCalcOutGivenIn(amp, balances, i, o, amountIn, _calculateInvariant(amp, balances)));
    assert.equal(ours, reference, `case ${k}: calcOutGivenIn(${amp}, [${balances}], ${i}, ${o}, ${amountIn})`);
    if (typeof reference === 'bigint') executed++;
  }
  assert.ok(executed > 3000, `only ${executed} executable swaps`);
});

test('swapExactIn equals the reference pool path on 4000 random pools with rate providers and 6/8/12/18 decimals', () => {
  const rng = createRandom(33);
  let executed = 0;
  for (let k = 0; k < 4000; k++) {
    const state = randomState(rng);
    const pool = new BalV2StablePool(state);
    const i = randInt(rng, 0, pool.tokenCount - 1);
    const o = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
    const amountIn = randomAmount(rng, state.balances[i]);
    const expected = referenceSwap(state, i, o, amountIn);
    assert.equal(pool.swapExactIn(i, o, amountIn)?.amountOut ?? null, expected, `case ${k}: ${i}->${o} ${amountIn}`);
    if (expected !== null) executed++;
  }
  assert.ok(executed > 2500, `only ${executed} executable swaps`);
});

test('swapExactIn returns null for zero in, one wei in, bad indices and an input the Vault cannot hold', () => {
  const state: BalV2StableState = {
    balances: [1_000_000n * ONE, 1_000_000n * 10n ** 6n, 1_000_000n * 10n ** 8n],
    scalingFactors: [ONE, 10n ** 12n * ONE, 10n ** 10n * ONE],
    amp: 200_000n,
    swapFeePercentage: 10n ** 14n,
  };
  const pool = new BalV2StablePool(state);
  assert.equal(pool.swapExactIn(0, 1, 0n), null);
  // One wei pays one wei of fee; the pool keeps 1 upscaled wei, so nothing comes out.
  assert.equal(pool.swapExactIn(0, 1, 1n), null);
  assert.equal(pool.swapExactIn(1, 2, 1n), null);
  assert.equal(pool.swapExactIn(1, 1, 10n ** 6n), null);
  assert.equal(pool.swapExactIn(3, 1, 10n ** 6n), null);
  assert.equal(pool.swapExactIn(0, 1, 2n ** 112n), null);
  // 1 USDC-like unit for an 8-decimal token: 0.99999... of 100 units.
  assert.equal(pool.swapExactIn(1, 2, 10n ** 6n)?.amountOut, referenceSwap(state, 1, 2, 10n ** 6n));
  assert.equal(pool.swapExactIn(1, 2, 10n ** 6n)?.amountOut, 99_989_999n);
  assert.equal(pool.swapExactIn(2, 0, 10n ** 8n)?.amountOut, referenceSwap(state, 2, 0, 10n ** 8n));
});

test('extreme imbalance: invariant and swaps converge, overflow or fail to converge exactly like the references', () => {
  const cases: [bigint, bigint[]][] = [
    [5_000_000n, [10n ** 30n, 10n ** 18n]],
    [5_000_000n, [10n ** 18n, 10n ** 27n, 10n ** 20n]],
    [1000n, [10n ** 34n, 10n ** 18n]],
    [1000n, [1n, 10n ** 30n]],
    [200_000n, [10n ** 28n, 10n ** 19n, 10n ** 28n, 10n ** 28n, 10n ** 28n]],
    [2_000_000n, [1n, 2n]],
    // D_P * D exceeds 2^256 here: the contract reverts MUL_OVERFLOW.
    [5_000_000n, [10n ** 18n, 10n ** 33n, 10n ** 20n]],
    // Newton oscillates for 255 rounds: STABLE_INVARIANT_DIDNT_CONVERGE.
    [1000n, [84489121949907051n, 1443197126955158528556n, 1867610567832298n, 1412427366886907n, 3210555139378790578n]],
  ];
  const outcomes = new Set<string>();
  for (const [amp, balances] of cases) {
    const ours = outcome(() => _calculateInvariant(amp, balances));
    if (invariantOverflows(amp, balances)) {
      assert.equal(ours, 'MUL_OVERFLOW');
    } else {
      assert.equal(ours, outcome(() => new Stable({ amp } as never).computeInvariant(balances, Rounding.ROUND_DOWN)));
    }
    outcomes.add(typeof ours === 'bigint' ? 'value' : ours);
    const state: BalV2StableState = { balances, scalingFactors: balances.map(() => ONE), amp, swapFeePercentage: 10n ** 14n };
    const pool = new BalV2StablePool(state);
    for (let i = 0; i < balances.length; i++) {
      for (let o = 0; o < balances.length; o++) {
        if (i === o) continue;
        for (const amount of [1n, 10n ** 18n, balances[i] / 1000n, balances[o], balances[o] * 1000n]) {
          const label = `${amp} [${balances}] ${i}->${o} ${amount}`;
          assert.equal(pool.swapExactIn(i, o, amount)?.amountOut ?? null, referenceSwap(state, i, o, amount), label);
        }
      }
    }
  }
  assert.deepEqual([...outcomes].sort(), ['MUL_OVERFLOW', 'STABLE_INVARIANT_DIDNT_CONVERGE', 'value']);
});

test('afterSwapExactIn books the full amount in and the amount out, and chained swaps match the reference in sequence', () => {
  const rng = createRandom(34);
  for (let k = 0; k < 300; k++) {
    const state = randomState(rng);
    let pool: BalV2StablePool | null = new BalV2StablePool(state);
    let balances = [...state.balances];
    for (let step = 0; step < 4 && pool; step++) {
      const i: number = randInt(rng, 0, pool.tokenCount - 1);
      const o: number = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
      const amountIn = fraction(rng, balances[i], logUniform(rng, 1e-9, 0.5));
      const expected = referenceSwap({ ...state, balances }, i, o, amountIn);
      const next: BalV2StablePool | null = pool.afterSwapExactIn(i, o, amountIn);
      if (expected === null) {
        assert.equal(next, null);
        break;
      }
      balances = [...balances];
      balances[i] += amountIn;
      balances[o] -= expected;
      assert.deepEqual(next!.state.balances, balances);
      assert.equal(next!.swapExactIn(o, i, expected)?.amountOut ?? null, referenceSwap({ ...state, balances }, o, i, expected));
      pool = next;
    }
  }
});

test('estimateOut is within 1e-6 of the exact output on 3000 random swaps, dust-sized trades and 1e8:1 pools included', () => {
  const rng = createRandom(35);
  let checked = 0;
  for (let k = 0; k < 3000; k++) {
    // Pools hold at least one whole token (1e8 before a 1e8:1 imbalance). In dust pools (1e-6 of a token) the
    // contract's own integer roundings move the output by up to 1e-5 from the real curve, which the estimate follows.
    const state = randomState(rng, 26);
    const pool = new BalV2StablePool(state);
    const i = randInt(rng, 0, pool.tokenCount - 1);
    const o = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
    const amountIn = fraction(rng, state.balances[i], logUniform(rng, 1e-9, 3));
    const exact = pool.swapExactIn(i, o, amountIn)?.amountOut ?? 0n;
    // Below that the output's last wei alone exceeds 1e-6.
    if (exact < 10n ** 6n || amountIn < 10n ** 4n) continue;
    const estimate = pool.estimateOut(i, o, Number(amountIn));
    const relative = Math.abs(estimate - Number(exact)) / Number(exact);
    assert.ok(relative < 1e-6, `case ${k}: estimate ${estimate} vs exact ${exact} (${relative})`);
    checked++;
  }
  assert.ok(checked > 2500, `only ${checked} estimates checked`);
});

test('the codec round-trips random states word for word', () => {
  const rng = createRandom(36);
  for (let k = 0; k < 200; k++) {
    const state = randomState(rng);
    const words = balV2StableCodec.encode(state);
    assert.equal(words.length, 2 * state.balances.length + 3);
    assert.deepEqual(balV2StableCodec.decode(words), state);
  }
  assert.throws(() => balV2StableCodec.decode([3n, 1n, 2n]), RangeError);
});

test('estimateOut is not rounded to whole units: secant rates over small steps agree', () => {
  const rng = createRandom(36);
  let checked = 0;
  for (let k = 0; k < 400; k++) {
    const state = randomState(rng, 26);
    const pool = new BalV2StablePool(state);
    const [i, o] = [0, 1];
    const probe = Number(state.balances[i]) * 1e-6;
    // An input of at least 1e6 wei whose output is about ten thousand units: a secant over a thousandth of it spans
    // ten units of output, so whole units would put it off by up to a tenth.
    const x = 1e4 / (pool.estimateOut(i, o, probe) / probe);
    if (!(x >= 1e6)) continue;
    const secant = (step: number) => (pool.estimateOut(i, o, x * (1 + step)) - pool.estimateOut(i, o, x)) / (x * step);
    assert.ok(Math.abs(secant(1e-3) / secant(1e-2) - 1) < 1e-2, `case ${k}: ${secant(1e-3)} vs ${secant(1e-2)}`);
    checked++;
  }
  assert.ok(checked >= 20, `only ${checked} cases checked`);
});
