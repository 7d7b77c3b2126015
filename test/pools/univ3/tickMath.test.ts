import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TickMath } from '@uniswap/v3-sdk';
import { UniV3RevertError } from '../../../src/pools/univ3/errors.ts';
import {
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
  contractTickAtSqrtRatio,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from '../../../src/pools/univ3/tickMath.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { fromJSBI, toJSBI } from './support.ts';

test('tick and sqrt ratio bounds equal the SDK constants', () => {
  assert.equal(MIN_TICK, TickMath.MIN_TICK);
  assert.equal(MAX_TICK, TickMath.MAX_TICK);
  assert.equal(MIN_SQRT_RATIO, fromJSBI(TickMath.MIN_SQRT_RATIO));
  assert.equal(MAX_SQRT_RATIO, fromJSBI(TickMath.MAX_SQRT_RATIO));
  assert.equal(getSqrtRatioAtTick(MIN_TICK), MIN_SQRT_RATIO);
  assert.equal(getSqrtRatioAtTick(MAX_TICK), MAX_SQRT_RATIO);
  assert.equal(getSqrtRatioAtTick(0), 1n << 96n);
});

test('getSqrtRatioAtTick matches @uniswap/v3-sdk on 6000 random ticks and every bit pattern', () => {
  const rng = createRandom(101);
  const ticks: number[] = [MIN_TICK, MAX_TICK, 0, 1, -1];
  // Each single bit, both signs, so every factor of the product is used alone.
  for (let bit = 0; bit < 20; bit++) {
    if (1 << bit <= MAX_TICK) ticks.push(1 << bit, -(1 << bit));
  }
  for (let i = 0; i < 3000; i++) ticks.push(Math.floor(rng() * (2 * MAX_TICK + 1)) + MIN_TICK);
  for (let i = 0; i < 3000; i++) ticks.push(Math.round((rng() - 0.5) * 2000));
  for (const tick of ticks) {
    assert.equal(getSqrtRatioAtTick(tick), fromJSBI(TickMath.getSqrtRatioAtTick(tick)), `tick ${tick}`);
  }
});

test('getTickAtSqrtRatio matches @uniswap/v3-sdk on 6000 random sqrt ratios, tick edges included', () => {
  const rng = createRandom(202);
  const ratios: bigint[] = [MIN_SQRT_RATIO, MIN_SQRT_RATIO + 1n, MAX_SQRT_RATIO - 1n, 1n << 96n];
  for (let i = 0; i < 2000; i++) {
    // Log-uniform over the whole range with random low bits.
    const bits = 32 + Math.floor(rng() * 129);
    let r = 1n << BigInt(bits - 1);
    r |= BigInt(Math.floor(rng() * 2 ** 52)) << BigInt(Math.max(0, bits - 53));
    r |= BigInt(Math.floor(rng() * 2 ** 30));
    if (r >= MIN_SQRT_RATIO && r < MAX_SQRT_RATIO) ratios.push(r);
  }
  for (let i = 0; i < 1300; i++) {
    // Exactly on a tick and one either side: where rounding of the log estimate matters.
    const tick = Math.floor(rng() * (2 * MAX_TICK)) + MIN_TICK + 1;
    const r = getSqrtRatioAtTick(tick);
    ratios.push(r - 1n, r, r + 1n);
  }
  assert.ok(ratios.length > 5500);
  for (const r of ratios) {
    assert.equal(getTickAtSqrtRatio(r), TickMath.getTickAtSqrtRatio(toJSBI(r)), `ratio ${r}`);
  }
});

test('getTickAtSqrtRatio from its float log equals the contract\'s tick at the edges of its margin and mid-tick', () => {
  const rng = createRandom(303);
  // Positions within a tick (in ticks): either side of the float path's margin (1e-4), and well inside it.
  const positions = [0.5e-4, 0.9e-4, 1.1e-4, 2e-4, 0.5, 1 - 2e-4, 1 - 1.1e-4, 1 - 0.9e-4, 1 - 0.5e-4];
  let checked = 0;
  for (let i = 0; i < 600; i++) {
    const tick = i < 4 ? [MIN_TICK, MIN_TICK + 1, -1, 0][i] : Math.floor(rng() * (2 * MAX_TICK - 1)) + MIN_TICK;
    const at = getSqrtRatioAtTick(tick);
    for (const position of positions) {
      // sqrt(1.0001)^position − 1, as parts per 1e18 of the tick's sqrt ratio.
      const r = at + (at * BigInt(Math.round(Math.expm1((position * Math.log1p(1e-4)) / 2) * 1e18))) / 10n ** 18n;
      if (r >= MAX_SQRT_RATIO) continue;
      const expected = contractTickAtSqrtRatio(r);
      assert.equal(getTickAtSqrtRatio(r), expected, `ratio ${r}`);
      assert.equal(expected, TickMath.getTickAtSqrtRatio(toJSBI(r)), `ratio ${r}`);
      checked++;
    }
  }
  assert.ok(checked > 5000);
});

test('getTickAtSqrtRatio equals the contract\'s tick on and either side of every 97th tick\'s ratio, the largest ticks included', () => {
  // Where the float estimate's own error is largest (it grows with |tick|) and a tick's ratio is one unit away.
  let checked = 0;
  for (let tick = MIN_TICK + 1; tick < MAX_TICK; tick += 97) {
    for (const t of [tick, -tick]) {
      const at = getSqrtRatioAtTick(t);
      for (const r of [at - 1n, at, at + 1n]) {
        assert.equal(getTickAtSqrtRatio(r), contractTickAtSqrtRatio(r), `ratio ${r} near tick ${t}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 100_000);
});

test('tick maths reverts outside the tick and ratio range', () => {
  for (const tick of [MIN_TICK - 1, MAX_TICK + 1, 0.5]) {
    assert.throws(() => getSqrtRatioAtTick(tick), UniV3RevertError);
  }
  for (const ratio of [0n, MIN_SQRT_RATIO - 1n, MAX_SQRT_RATIO, MAX_SQRT_RATIO + 1n]) {
    assert.throws(() => getTickAtSqrtRatio(ratio), UniV3RevertError);
  }
});
