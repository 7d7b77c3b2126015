// Weighted pool maths and swap path against @balancer-labs/sor and @balancer-labs/balancer-maths.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { _computeOutGivenExactIn } from '@balancer-labs/balancer-maths';
import { WeightedMaths } from '@balancer-labs/sor';
import { MathSol } from '@balancer-labs/sor/dist/esm/utils/basicOperations.js';
import {
  BalV2WeightedPool,
  balV2WeightedCodec,
  weightedCalcOutGivenIn,
  type BalV2WeightedState,
} from '../../../src/pools/balv2/index.ts';
import { BalancerError } from '../../../src/pools/balv2/shared/balancerErrors.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { fraction, logUniform, pick, randInt, randLog, randRange, type Rng } from './randomCases.ts';

const ONE = 10n ** 18n;
const MAX_IN_RATIO = 3n * 10n ** 17n;
const FEES = [0n, 10n ** 12n, 10n ** 14n, 10n ** 15n, 25n * 10n ** 14n, 3n * 10n ** 15n, 10n ** 16n, 10n ** 17n];

/** Weights summing to exactly ONE: special ratios (50/50, 80/20) half the time, arbitrary ones otherwise. */
function randomWeights(rng: Rng, n: number): bigint[] {
  if (n === 2 && rng() < 0.5) {
    const w = pick(rng, [ONE / 2n, (ONE * 8n) / 10n, (ONE * 2n) / 10n, (ONE * 98n) / 100n, ONE / 100n]);
    return rng() < 0.5 ? [w, ONE - w] : [ONE - w, w];
  }
  const raw = Array.from({ length: n }, () => logUniform(rng, 1, 30));
  const sum = raw.reduce((s, x) => s + x, 0);
  const weights = raw.map((x) => BigInt(Math.floor(Math.max(0.01, (x / sum) * 0.98) * 1e18)));
  weights[n - 1] += ONE - weights.reduce((s, w) => s + w, 0n);
  return weights;
}

function randomState(rng: Rng): BalV2WeightedState {
  const n = rng() < 0.7 ? 2 : randInt(rng, 3, 8);
  const decimals = Array.from({ length: n }, () => pick(rng, [18, 18, 6, 8, 12, 2]));
  return {
    // 1 to 1e12 whole tokens, every digit random.
    balances: decimals.map((d) => randLog(rng, d, d + 12)),
    weights: randomWeights(rng, n),
    scalingFactors: decimals.map((d) => 10n ** BigInt(18 - d) * ONE),
    swapFeePercentage: pick(rng, FEES),
  };
}

function randomAmount(rng: Rng, balanceIn: bigint): bigint {
  switch (randInt(rng, 0, 3)) {
    case 0:
      return randRange(rng, 0n, 1000n);
    case 1: // around the 30% limit, both sides
      return fraction(rng, balanceIn, 0.28 + rng() * 0.05);
    default:
      return fraction(rng, balanceIn, logUniform(rng, 1e-12, 0.3));
  }
}

/** True when a pow exponent goes through the FixedPoint shortcut the sor's (pre-2022) MathSol lacks. */
function isShortcutExponent(weightIn: bigint, weightOut: bigint): boolean {
  const e = (weightIn * ONE) / weightOut;
  return e === ONE || e === 2n * ONE || e === 4n * ONE;
}

/**
 * The pool swap rebuilt from the references: fee off the raw amount (mulUp), upscale, WeightedMath with a zero fee
 * (the fee is already gone), downscale; the sor for LogExpMath exponents, balancer-maths (whose FixedPoint has the
 * 1/2/4 shortcuts) for the rest; null where the contract or the Vault reverts.
 */
function referenceSwap(s: BalV2WeightedState, i: number, o: number, amountIn: bigint): bigint | null {
  if (amountIn <= 0n) return null;
  const net = amountIn - MathSol.mulUpFixed(amountIn, s.swapFeePercentage);
  const aIn = MathSol.mulDownFixed(net, s.scalingFactors[i]);
  const bIn = MathSol.mulDownFixed(s.balances[i], s.scalingFactors[i]);
  const bOut = MathSol.mulDownFixed(s.balances[o], s.scalingFactors[o]);
  if (aIn > MathSol.mulDownFixed(bIn, MAX_IN_RATIO)) return null;
  const upscaledOut = isShortcutExponent(s.weights[i], s.weights[o])
    ? _computeOutGivenExactIn(bIn, s.weights[i], bOut, s.weights[o], aIn)
    : WeightedMaths._calcOutGivenIn(bIn, s.weights[i], bOut, s.weights[o], aIn, 0n);
  const out = MathSol.divDownFixed(upscaledOut, s.scalingFactors[o]);
  return out > 0n && out <= s.balances[o] ? out : null;
}

test('_calcOutGivenIn equals the sor WeightedMaths._calcOutGivenIn on 4000 random non-shortcut swaps', () => {
  const rng = createRandom(21);
  let compared = 0;
  while (compared < 4000) {
    const weightIn = BigInt(Math.floor(logUniform(rng, 0.01, 0.99) * 1e18));
    const weightOut = BigInt(Math.floor(logUniform(rng, 0.01, 0.99) * 1e18));
    if (isShortcutExponent(weightIn, weightOut)) continue;
    const balanceIn = randLog(rng, 18, 36);
    const balanceOut = randLog(rng, 18, 36);
    const amountIn = rng() < 0.1 ? randRange(rng, 0n, 100n) : fraction(rng, balanceIn, logUniform(rng, 1e-15, 0.299));
    const ours = weightedCalcOutGivenIn(balanceIn, weightIn, balanceOut, weightOut, amountIn);
    const reference = WeightedMaths._calcOutGivenIn(balanceIn, weightIn, balanceOut, weightOut, amountIn, 0n);
    assert.equal(ours, reference, `calcOutGivenIn(${balanceIn}, ${weightIn}, ${balanceOut}, ${weightOut}, ${amountIn})`);
    compared++;
  }
});

test('_calcOutGivenIn equals balancer-maths on 3000 swaps through 50/50, 80/20 and 20/80 weights, max-in reverts included', () => {
  const rng = createRandom(22);
  let reverted = 0;
  for (let i = 0; i < 3000; i++) {
    const weightIn = pick(rng, [ONE / 2n, (ONE * 8n) / 10n, (ONE * 2n) / 10n, (ONE * 3n) / 10n]);
    const weightOut = ONE - weightIn;
    const balanceIn = randLog(rng, 18, 36);
    const balanceOut = randLog(rng, 18, 36);
    // A third of the amounts straddle the 30% limit.
    const ratio = rng() < 0.33 ? 0.28 + rng() * 0.05 : logUniform(rng, 1e-15, 0.3);
    const amountIn = fraction(rng, balanceIn, ratio);
    let reference: bigint | 'MAX_IN_RATIO';
    try {
      reference = _computeOutGivenExactIn(balanceIn, weightIn, balanceOut, weightOut, amountIn);
    } catch {
      reference = 'MAX_IN_RATIO';
    }
    let ours: bigint | string;
    try {
      ours = weightedCalcOutGivenIn(balanceIn, weightIn, balanceOut, weightOut, amountIn);
    } catch (error) {
      ours = (error as BalancerError).reason;
    }
    assert.equal(ours, reference);
    if (reference === 'MAX_IN_RATIO') reverted++;
  }
  assert.ok(reverted > 300 && reverted < 1500, `${reverted} max-in reverts`);
});

test('swapExactIn equals the reference Vault + pool path on 5000 random pools and amounts (2..8 tokens, 2..18 decimals)', () => {
  const rng = createRandom(23);
  let executed = 0;
  for (let k = 0; k < 5000; k++) {
    const state = randomState(rng);
    const pool = new BalV2WeightedPool(state);
    const i = randInt(rng, 0, pool.tokenCount - 1);
    const o = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
    const amountIn = randomAmount(rng, state.balances[i]);
    const expected = referenceSwap(state, i, o, amountIn);
    const got = pool.swapExactIn(i, o, amountIn);
    assert.equal(got?.amountOut ?? null, expected, `case ${k}: ${i}->${o} ${amountIn} ${JSON.stringify(balV2WeightedCodec.encode(state).map(String))}`);
    if (expected !== null) executed++;
  }
  assert.ok(executed > 3000, `only ${executed} executable swaps`);
});

test('swapExactIn returns null for zero in, dust that rounds to zero out, the 30% max-in ratio and bad indices', () => {
  const pool = new BalV2WeightedPool({
    balances: [1000n * ONE, 5000n * 10n ** 6n],
    weights: [(ONE * 8n) / 10n, (ONE * 2n) / 10n],
    scalingFactors: [ONE, 10n ** 12n * ONE],
    swapFeePercentage: 3n * 10n ** 15n,
  });
  assert.equal(pool.swapExactIn(0, 1, 0n), null);
  // One wei pays one wei of fee (mulUp), so nothing reaches the curve.
  assert.equal(pool.swapExactIn(0, 1, 1n), null);
  assert.equal(pool.swapExactIn(1, 0, 1n), null);
  // 1e-12 of an 18-decimal token is worth less than one 6-decimal unit.
  assert.equal(pool.swapExactIn(0, 1, 10n ** 6n), null);
  assert.equal(pool.swapExactIn(1, 0, 2n)?.amountOut, referenceSwap(pool.state, 1, 0, 2n));
  const limit = (1000n * ONE * 3n) / 10n;
  // The limit applies to the amount net of the 0.3% fee.
  const grossLimit = (limit * 1000n) / 997n;
  assert.ok(pool.swapExactIn(0, 1, grossLimit - 10n ** 6n) !== null);
  assert.equal(pool.swapExactIn(0, 1, grossLimit + 10n ** 6n), null);
  assert.equal(pool.afterSwapExactIn(0, 1, grossLimit + 10n ** 6n), null);
  assert.equal(pool.estimateOut(0, 1, Number(grossLimit + 10n ** 6n)), 0);
  assert.equal(pool.swapExactIn(0, 0, ONE), null);
  assert.equal(pool.swapExactIn(0, 2, ONE), null);
  assert.equal(pool.swapExactIn(-1, 1, ONE), null);
  assert.equal(pool.swapExactIn(0, 1, -5n), null);
  // The Vault stores balances in 112 bits: an input that would overflow them reverts even within the 30% limit.
  const full = new BalV2WeightedPool({ ...pool.state, balances: [2n ** 112n - 10n ** 30n, 2n ** 100n] });
  assert.ok(full.swapExactIn(0, 1, 10n ** 30n - 1n) !== null);
  assert.equal(full.swapExactIn(0, 1, 10n ** 30n), null);
});

test('6- and 8-decimal tokens scale by 1e30 and 1e28 and match the reference', () => {
  const state: BalV2WeightedState = {
    balances: [1_234_567n * 10n ** 6n + 891_011n, 98_765n * 10n ** 8n + 43_210_987n],
    weights: [ONE / 2n, ONE / 2n],
    scalingFactors: [10n ** 12n * ONE, 10n ** 10n * ONE],
    swapFeePercentage: 10n ** 15n,
  };
  const pool = new BalV2WeightedPool(state);
  for (const amount of [1n, 7n, 999n, 10n ** 6n, 123_456_789n, 370_000n * 10n ** 6n]) {
    assert.equal(pool.swapExactIn(0, 1, amount)?.amountOut ?? null, referenceSwap(state, 0, 1, amount));
    assert.equal(pool.swapExactIn(1, 0, amount)?.amountOut ?? null, referenceSwap(state, 1, 0, amount));
  }
  // 1 token of 6 decimals at ~0.08 per token, less 0.1%: 0.0799... of the 8-decimal token.
  assert.equal(pool.swapExactIn(0, 1, 10n ** 6n)?.amountOut, 7_991_993n);
});

test('afterSwapExactIn books the full amount in and the amount out, and chained swaps match the reference applied in sequence', () => {
  const rng = createRandom(24);
  for (let k = 0; k < 500; k++) {
    const state = randomState(rng);
    let pool: BalV2WeightedPool | null = new BalV2WeightedPool(state);
    let balances = [...state.balances];
    for (let step = 0; step < 4 && pool; step++) {
      const i: number = randInt(rng, 0, pool.tokenCount - 1);
      const o: number = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
      const amountIn = fraction(rng, balances[i], logUniform(rng, 1e-9, 0.25));
      const expected = referenceSwap({ ...state, balances }, i, o, amountIn);
      const next: BalV2WeightedPool | null = pool.afterSwapExactIn(i, o, amountIn);
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
  const original = new BalV2WeightedPool(randomState(createRandom(25)));
  const before = [...original.state.balances];
  original.afterSwapExactIn(0, 1, before[0] / 100n);
  assert.deepEqual(original.state.balances, before);
});

test('estimateOut is within 1e-6 of the exact output on 3000 random swaps', () => {
  const rng = createRandom(26);
  let checked = 0;
  for (let k = 0; k < 3000; k++) {
    const state = randomState(rng);
    const pool = new BalV2WeightedPool(state);
    const i = randInt(rng, 0, pool.tokenCount - 1);
    const o = (i + randInt(rng, 1, pool.tokenCount - 1)) % pool.tokenCount;
    const amountIn = fraction(rng, state.balances[i], logUniform(rng, 1e-9, 0.35));
    const exact = pool.swapExactIn(i, o, amountIn)?.amountOut ?? 0n;
    const estimate = pool.estimateOut(i, o, Number(amountIn));
    // Below 1e6 wei out the last wei alone exceeds 1e-6.
    if (exact < 10n ** 6n || amountIn < 10n ** 4n) continue;
    const relative = Math.abs(estimate - Number(exact)) / Number(exact);
    assert.ok(relative < 1e-6, `case ${k}: estimate ${estimate} vs exact ${exact} (${relative})`);
    checked++;
  }
  assert.ok(checked > 1500, `only ${checked} estimates checked`);
});

test('the codec round-trips random states word for word', () => {
  const rng = createRandom(27);
  for (let k = 0; k < 200; k++) {
    const state = randomState(rng);
    const words = balV2WeightedCodec.encode(state);
    assert.equal(words.length, 3 * state.balances.length + 2);
    assert.deepEqual(balV2WeightedCodec.decode(words), state);
  }
  assert.throws(() => balV2WeightedCodec.decode([2n, 1n, 2n]), RangeError);
});
