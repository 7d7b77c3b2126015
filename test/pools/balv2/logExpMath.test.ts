// LogExpMath and FixedPoint against @balancer-labs/sor's BigInt port of the same Solidity.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MathSol } from '@balancer-labs/sor/dist/esm/utils/basicOperations.js';
import { BalancerError } from '../../../src/pools/balv2/shared/balancerErrors.ts';
import * as fp from '../../../src/pools/balv2/shared/fixedPoint.ts';
import { exp, ln, pow } from '../../../src/pools/balv2/shared/logExpMath.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { logUniform, pick, randDigits, randInt, randLog, randRange } from './randomCases.ts';

const ONE = 10n ** 18n;

/** The sor does not export LogExpMath, but powUpFixed = raw + mulUp(raw, 1e4) + 1 is strictly increasing in raw. */
function padUp(raw: bigint): bigint {
  // Unchecked like the sor's bigint mulUpFixed, so huge raw powers compare instead of overflowing.
  const product = raw * fp.MAX_POW_RELATIVE_ERROR;
  return raw + (product === 0n ? 0n : (product - 1n) / ONE + 1n) + 1n;
}

function outcome(f: () => bigint): bigint | string {
  try {
    return f();
  } catch (error) {
    if (error instanceof BalancerError) return error.reason;
    if (error instanceof Error) return error.message.replace(/^Errors\./, '');
    throw error;
  }
}

function randomBase(rng: () => number): bigint {
  switch (randInt(rng, 0, 4)) {
    case 0: // the _ln_36 band (0.9, 1.1), and its edges
      return randRange(rng, ONE - 10n ** 17n - 2n, ONE + 10n ** 17n + 2n);
    case 1: // pool-swap bases: bI / (bI + aI) in [1/1.3, 1]
      return randRange(rng, (ONE * 10n) / 13n, ONE);
    case 2: // tiny to huge, across every a_n branch of _ln
      return randLog(rng, 0, 76);
    case 3: // close to 1 within a few wei
      return ONE + randRange(rng, -1000n, 1000n);
    default:
      return randLog(rng, 15, 22);
  }
}

function randomExponent(rng: () => number): bigint {
  switch (randInt(rng, 0, 3)) {
    case 0:
      return randLog(rng, 0, 21); // up to 1000
    case 1: // weight ratios of weighted pools (1/99 .. 99)
      return BigInt(Math.floor(logUniform(rng, 0.0101, 99) * 1e18)) + randRange(rng, 0n, 999n);
    case 2:
      return pick(rng, [0n, 1n, ONE, 2n * ONE, 4n * ONE, ONE / 2n, ONE / 4n]);
    default:
      return randLog(rng, 30, 60); // triggers PRODUCT/Y_OUT_OF_BOUNDS
  }
}

test('LogExpMath.pow matches the sor to the wei on 6000 random bases and exponents, reverts included', () => {
  const rng = createRandom(11);
  let compared = 0;
  for (let i = 0; i < 6000; i++) {
    const x = randomBase(rng);
    const y = randomExponent(rng);
    const ours = outcome(() => padUp(pow(x, y)));
    const reference = outcome(() => MathSol.powUpFixed(x, y));
    assert.equal(ours, reference, `pow(${x}, ${y})`);
    if (typeof ours === 'bigint') compared++;
  }
  assert.ok(compared > 4000, `only ${compared} successful comparisons`);
});

test('LogExpMath.exp and ln agree with Math.exp and Math.log to 1e-13 relative and revert outside their domain', () => {
  const rng = createRandom(12);
  for (let i = 0; i < 3000; i++) {
    const x = BigInt(Math.floor((rng() * 171 - 41) * 1e15)) * 1000n + randRange(rng, 0n, 999n);
    const expected = Math.exp(Number(x) / 1e18);
    const got = Number(exp(x)) / 1e18;
    // The tolerance covers the float reference (x itself loses ~1e-16 relative as a double), not LogExpMath.
    assert.ok(Math.abs(got - expected) <= 1e-13 * expected + 2e-18, `exp(${x}) = ${got}, want ${expected}`);

    const a = randLog(rng, 0, 60);
    const wantLn = Math.log(Number(a) / 1e18);
    const gotLn = Number(ln(a)) / 1e18;
    assert.ok(Math.abs(gotLn - wantLn) <= 1e-13 * Math.max(1, Math.abs(wantLn)), `ln(${a}) = ${gotLn}, want ${wantLn}`);
  }
  assert.equal(exp(0n), ONE);
  assert.equal(ln(ONE), 0n);
  assert.throws(() => exp(130n * ONE + 1n), BalancerError);
  assert.throws(() => exp(-41n * ONE - 1n), BalancerError);
  assert.throws(() => ln(0n), BalancerError);
  assert.throws(() => pow(1n << 255n, ONE), BalancerError);
});

test('FixedPoint mul/div/complement match the sor on 5000 random operands', () => {
  const rng = createRandom(13);
  for (let i = 0; i < 5000; i++) {
    // Up to 38 digits each, so products stay inside uint256.
    const a = randLog(rng, 0, 38);
    const b = i % 10 === 0 ? 0n : randLog(rng, 0, 38);
    assert.equal(fp.mulDown(a, b), MathSol.mulDownFixed(a, b));
    assert.equal(fp.mulUp(a, b), MathSol.mulUpFixed(a, b));
    if (b !== 0n) {
      assert.equal(fp.divDown(a, b), MathSol.divDownFixed(a, b));
      assert.equal(fp.divUp(a, b), MathSol.divUpFixed(a, b));
    }
    const c = randRange(rng, 0n, 2n * ONE);
    assert.equal(fp.complement(c), MathSol.complementFixed(c));
  }
  assert.throws(() => fp.mulDown(1n << 200n, 1n << 60n), BalancerError);
  assert.throws(() => fp.divUp(1n, 0n), BalancerError);
  assert.throws(() => fp.divDown(1n << 250n, 1n), BalancerError);
  assert.throws(() => fp.sub(1n, 2n), BalancerError);
});

test('powUp/powDown pad LogExpMath like the sor, and take the exact shortcut for exponents 1, 2 and 4', () => {
  const rng = createRandom(14);
  for (let i = 0; i < 3000; i++) {
    // [0.7, 1.3]^[0.01, 99] stays inside LogExpMath's [-41, 130] exponent range.
    const x = randRange(rng, (ONE * 7n) / 10n, (ONE * 13n) / 10n) + randDigits(rng, 3);
    const y = BigInt(Math.floor(logUniform(rng, 0.01, 99) * 1e18)) + 1n;
    assert.equal(fp.powUp(x, y), MathSol.powUpFixed(x, y));
    assert.equal(fp.powDown(x, y), MathSol.powDown(x, y));
    // FixedPoint since balancer-v2-monorepo#1003: no LogExpMath (and no padding) for these exponents.
    assert.equal(fp.powUp(x, ONE), x);
    assert.equal(fp.powDown(x, ONE), x);
    assert.equal(fp.powUp(x, 2n * ONE), fp.mulUp(x, x));
    assert.equal(fp.powDown(x, 2n * ONE), fp.mulDown(x, x));
    assert.equal(fp.powUp(x, 4n * ONE), fp.mulUp(fp.mulUp(x, x), fp.mulUp(x, x)));
    assert.equal(fp.powDown(x, 4n * ONE), fp.mulDown(fp.mulDown(x, x), fp.mulDown(x, x)));
  }
});
