import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FullMath, LiquidityMath, SqrtPriceMath, SwapMath } from '@uniswap/v3-sdk';
import { UniV3RevertError } from '../../../src/pools/univ3/errors.ts';
import { mulDiv, mulDivRoundingUp } from '../../../src/pools/univ3/fullMath.ts';
import { addDelta } from '../../../src/pools/univ3/liquidityMath.ts';
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromAmount0RoundingUp,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from '../../../src/pools/univ3/sqrtPriceMath.ts';
import { computeSwapStep } from '../../../src/pools/univ3/swapMath.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../../../src/pools/univ3/tickMath.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { type Rng, fromJSBI, logUniform, pick, toJSBI } from './support.ts';

/** Random bigint with `bits` significant bits (bits >= 1). */
function randBits(rng: Rng, bits: number): bigint {
  let x = 1n;
  for (let i = 1; i < bits; i += 30) {
    const take = Math.min(30, bits - i);
    x = (x << BigInt(take)) | BigInt(Math.floor(rng() * 2 ** take));
  }
  return x;
}

function randSqrtPrice(rng: Rng): bigint {
  const r = randBits(rng, 33 + Math.floor(rng() * 127));
  return r < MIN_SQRT_RATIO ? MIN_SQRT_RATIO : r >= MAX_SQRT_RATIO ? MAX_SQRT_RATIO - 1n : r;
}

/** Our result and the SDK's, or 'revert' when it throws: ours must throw UniV3RevertError, never anything else. */
function outcome<T>(f: () => T): T | 'revert' {
  try {
    return f();
  } catch (error) {
    if (error instanceof UniV3RevertError || (error as Error).message?.startsWith('Invariant failed')) return 'revert';
    throw error;
  }
}

test('computeSwapStep matches @uniswap/v3-sdk SwapMath on 20000 random exact-in and exact-out steps', () => {
  const rng = createRandom(303);
  const fees = [0, 1, 100, 500, 2500, 3000, 10000, 20000, 999999];
  let partialSteps = 0;
  for (let i = 0; i < 20000; i++) {
    const current = randSqrtPrice(rng);
    // Mostly a nearby target (a tick range away), sometimes anywhere.
    let target: bigint;
    if (rng() < 0.8) {
      const move = BigInt(Math.floor(logUniform(rng, 1e-9, 0.5) * 2 ** 40));
      target = rng() < 0.5 ? current - ((current * move) >> 40n) : current + ((current * move) >> 40n);
      if (target < MIN_SQRT_RATIO) target = MIN_SQRT_RATIO;
      if (target >= MAX_SQRT_RATIO) target = MAX_SQRT_RATIO - 1n;
    } else {
      target = randSqrtPrice(rng);
    }
    const liquidity = randBits(rng, 1 + Math.floor(rng() * 128));
    const magnitude = randBits(rng, 1 + Math.floor(rng() * 200));
    const amountRemaining = rng() < 0.6 ? magnitude : -magnitude;
    const fee = pick(rng, fees);

    const ours = outcome(() => computeSwapStep(current, target, liquidity, amountRemaining, BigInt(fee)));
    const theirs = outcome(() =>
      SwapMath.computeSwapStep(toJSBI(current), toJSBI(target), toJSBI(liquidity), toJSBI(amountRemaining), fee),
    );
    const context = `case ${i}: ${current} -> ${target}, L ${liquidity}, amount ${amountRemaining}, fee ${fee}`;
    if (ours === 'revert' || theirs === 'revert') {
      assert.equal(ours, theirs, context);
      continue;
    }
    const [next, amountIn, amountOut, feeAmount] = theirs.map(fromJSBI);
    assert.deepEqual(ours, { sqrtRatioNextX96: next, amountIn, amountOut, feeAmount }, context);
    if (ours.sqrtRatioNextX96 !== target) partialSteps++;
  }
  // Both branches (target reached, stopped short) must be well represented.
  assert.ok(partialSteps > 3000 && partialSteps < 17000, `partial steps ${partialSteps}`);
});

test('sqrtPriceMath matches @uniswap/v3-sdk on 8000 random prices, including the uint256 overflow fallback', () => {
  const rng = createRandom(404);
  let fallbacks = 0;
  for (let i = 0; i < 8000; i++) {
    const sqrtP = randSqrtPrice(rng);
    const other = randSqrtPrice(rng);
    const liquidity = randBits(rng, 1 + Math.floor(rng() * 128));
    const amount = randBits(rng, 1 + Math.floor(rng() * 255));
    const zeroForOne = rng() < 0.5;
    const roundUp = rng() < 0.5;
    const context = `case ${i}: P ${sqrtP}, L ${liquidity}, amount ${amount}`;

    const ln = toJSBI(liquidity);
    assert.equal(
      getAmount0Delta(sqrtP, other, liquidity, roundUp),
      fromJSBI(SqrtPriceMath.getAmount0Delta(toJSBI(sqrtP), toJSBI(other), ln, roundUp)),
      context,
    );
    assert.equal(
      getAmount1Delta(sqrtP, other, liquidity, roundUp),
      fromJSBI(SqrtPriceMath.getAmount1Delta(toJSBI(sqrtP), toJSBI(other), ln, roundUp)),
      context,
    );
    if (zeroForOne && amount * sqrtP >= 1n << 256n) fallbacks++;
    // The SDK does not check the uint160 result of adding token1; compare only where the contract succeeds.
    const input = outcome(() => getNextSqrtPriceFromInput(sqrtP, liquidity, amount, zeroForOne));
    if (input !== 'revert') {
      assert.equal(
        input,
        fromJSBI(SqrtPriceMath.getNextSqrtPriceFromInput(toJSBI(sqrtP), ln, toJSBI(amount), zeroForOne)),
        context,
      );
    } else {
      assert.ok(!zeroForOne, `only the token1 overflow may revert on input: ${context}`);
    }
    const output = outcome(() => getNextSqrtPriceFromOutput(sqrtP, liquidity, amount, zeroForOne));
    const sdkOutput = outcome(() =>
      fromJSBI(SqrtPriceMath.getNextSqrtPriceFromOutput(toJSBI(sqrtP), ln, toJSBI(amount), zeroForOne)),
    );
    assert.equal(output, sdkOutput, context);
  }
  assert.ok(fallbacks > 300, `overflow fallbacks ${fallbacks}`);
});

test('getNextSqrtPriceFromAmount0RoundingUp takes the contract fallback when amount * price overflows', () => {
  const sqrtP = 1n << 100n;
  const amount = 1n << 200n; // product 2^300 overflows uint256
  const liquidity = 10n ** 30n;
  // The SDK keeps this one private; getNextSqrtPriceFromInput(zeroForOne) is its public entry.
  const expected = fromJSBI(
    SqrtPriceMath.getNextSqrtPriceFromInput(toJSBI(sqrtP), toJSBI(liquidity), toJSBI(amount), true),
  );
  assert.ok(amount * sqrtP >= 1n << 256n);
  assert.equal(getNextSqrtPriceFromAmount0RoundingUp(sqrtP, liquidity, amount, true), expected);
});

test('fullMath and liquidityMath match the SDK and revert where the contract does', () => {
  const rng = createRandom(505);
  for (let i = 0; i < 5000; i++) {
    const a = randBits(rng, 1 + Math.floor(rng() * 200));
    const b = randBits(rng, 1 + Math.floor(rng() * 200));
    const d = randBits(rng, 1 + Math.floor(rng() * 200));
    if ((a * b) / d >= (1n << 256n) - 1n) continue;
    assert.equal(mulDivRoundingUp(a, b, d), fromJSBI(FullMath.mulDivRoundingUp(toJSBI(a), toJSBI(b), toJSBI(d))));
    assert.equal(mulDiv(a, b, d), (a * b) / d);
  }
  assert.throws(() => mulDiv(1n, 1n, 0n), UniV3RevertError);
  assert.throws(() => mulDiv(1n << 200n, 1n << 200n, 1n << 100n), UniV3RevertError);
  assert.throws(() => mulDivRoundingUp((1n << 256n) - 1n, 3n, 2n), UniV3RevertError);

  assert.equal(addDelta(10n, -3n), fromJSBI(LiquidityMath.addDelta(toJSBI(10n), toJSBI(-3n))));
  assert.equal(addDelta(10n, 3n), 13n);
  assert.throws(() => addDelta(3n, -4n), (e: unknown) => e instanceof UniV3RevertError && e.reason === 'LS');
  assert.throws(() => addDelta((1n << 128n) - 1n, 1n), (e: unknown) => e instanceof UniV3RevertError && e.reason === 'LA');
});
