// UniV2 maths against @uniswap/v2-sdk at 0.3%, the closed formula at the chain's other fees, and the pair's K check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CurrencyAmount, Token } from '@uniswap/sdk-core';
import { InsufficientInputAmountError, InsufficientReservesError, Pair } from '@uniswap/v2-sdk';
import { MAX_UINT112, getAmountIn, getAmountOut } from '../../../src/pools/univ2/univ2Math.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { logUniformBigint, pick, randomAmountIn, randomReserve } from './randomCases.ts';

const DECIMALS = [6, 8, 18] as const;
/** Fee fractions of the chain's UniV2 platforms (9971, 9975) and of other forks (9980), as numerator/denominator. */
const OTHER_FEES: readonly [bigint, bigint][] = [
  [9971n, 10000n],
  [9975n, 10000n],
  [9980n, 10000n],
];
const ALL_FEES: readonly [bigint, bigint][] = [[997n, 1000n], ...OTHER_FEES];

// Token A sorts before token B, so in the SDK pair A is token0.
const tokenA = (decimals: number) => new Token(1, '0x1000000000000000000000000000000000000001', decimals, 'A');
const tokenB = (decimals: number) => new Token(1, '0x2000000000000000000000000000000000000002', decimals, 'B');

/** The SDK's exact output at 0.3%, or 0n when it refuses (zero output); fee-on-transfer maths off. */
function sdkAmountOut(reserveIn: bigint, reserveOut: bigint, amountIn: bigint, inIsToken0: boolean, decimals: number[]) {
  const [a, b] = [tokenA(decimals[0]), tokenB(decimals[1])];
  const [tokenIn, tokenOut] = inIsToken0 ? [a, b] : [b, a];
  const pair = new Pair(
    CurrencyAmount.fromRawAmount(tokenIn, reserveIn.toString()),
    CurrencyAmount.fromRawAmount(tokenOut, reserveOut.toString()),
  );
  try {
    const [out] = pair.getOutputAmount(CurrencyAmount.fromRawAmount(tokenIn, amountIn.toString()), false);
    assert.ok(out.currency.equals(tokenOut));
    return BigInt(out.quotient.toString());
  } catch (error) {
    if (error instanceof InsufficientInputAmountError) return 0n;
    throw error;
  }
}

/** The UniswapV2Pair swap's K check with fee f/D: balances after the swap, the input charged (D - f)/D. */
function pairAccepts(reserveIn: bigint, reserveOut: bigint, amountIn: bigint, amountOut: bigint, f: bigint, d: bigint) {
  if (amountOut >= reserveOut) return false; // UniswapV2: INSUFFICIENT_LIQUIDITY
  const balanceInAdjusted = (reserveIn + amountIn) * d - amountIn * (d - f);
  const balanceOutAdjusted = (reserveOut - amountOut) * d;
  return balanceInAdjusted * balanceOutAdjusted >= reserveIn * reserveOut * d * d;
}

test('getAmountOut equals @uniswap/v2-sdk Pair.getOutputAmount at 997/1000 on 3000 random pairs', () => {
  const rng = createRandom(2001);
  let nonZero = 0;
  for (let i = 0; i < 3000; i++) {
    const reserveIn = randomReserve(rng);
    const reserveOut = randomReserve(rng);
    const amountIn = randomAmountIn(rng, reserveIn);
    const decimals = [pick(rng, DECIMALS), pick(rng, DECIMALS)];
    const inIsToken0 = rng() < 0.5;
    const expected = sdkAmountOut(reserveIn, reserveOut, amountIn, inIsToken0, decimals);
    const context = `case ${i}: reserves ${reserveIn}/${reserveOut}, amountIn ${amountIn}`;
    assert.equal(getAmountOut(amountIn, reserveIn, reserveOut, 997n, 1000n), expected, context);
    if (expected > 0n) nonZero++;
  }
  // Most cases must exercise a real output, not the zero-output refusal.
  assert.ok(nonZero > 2000, `non-zero outputs: ${nonZero}`);
});

test('getAmountIn equals @uniswap/v2-sdk Pair.getInputAmount at 997/1000 on 1000 random pairs', () => {
  const rng = createRandom(2002);
  for (let i = 0; i < 1000; i++) {
    const reserveIn = randomReserve(rng);
    const reserveOut = randomReserve(rng);
    const amountOut = logUniformBigint(rng, 1n, reserveOut);
    const pair = new Pair(
      CurrencyAmount.fromRawAmount(tokenA(18), reserveIn.toString()),
      CurrencyAmount.fromRawAmount(tokenB(6), reserveOut.toString()),
    );
    let expected: bigint | null;
    try {
      const [amountIn] = pair.getInputAmount(CurrencyAmount.fromRawAmount(tokenB(6), amountOut.toString()), false);
      expected = BigInt(amountIn.quotient.toString());
    } catch (error) {
      assert.ok(error instanceof InsufficientReservesError);
      expected = null;
    }
    assert.equal(getAmountIn(amountOut, reserveIn, reserveOut, 997n, 1000n), expected, `case ${i}`);
  }
});

test('getAmountOut equals floor(a*f*Rout / (Rin*D + a*f)) at 9971, 9975 and 9980 per 10000 on 3000 random pairs', () => {
  const rng = createRandom(2003);
  for (let i = 0; i < 3000; i++) {
    const [f, d] = pick(rng, OTHER_FEES);
    const reserveIn = randomReserve(rng);
    const reserveOut = randomReserve(rng);
    const amountIn = randomAmountIn(rng, reserveIn);
    const expected = (amountIn * f * reserveOut) / (reserveIn * d + amountIn * f);
    assert.equal(getAmountOut(amountIn, reserveIn, reserveOut, f, d), expected, `case ${i}: fee ${f}/${d}`);
  }
});

test('getAmountOut is the largest output the pair K check accepts, on 1000 random swaps at every fee', () => {
  const rng = createRandom(2004);
  for (let i = 0; i < 1000; i++) {
    const [f, d] = pick(rng, ALL_FEES);
    const reserveIn = randomReserve(rng);
    const reserveOut = randomReserve(rng);
    const amountIn = randomAmountIn(rng, reserveIn);
    const out = getAmountOut(amountIn, reserveIn, reserveOut, f, d);
    const context = `case ${i}: fee ${f}/${d}, reserves ${reserveIn}/${reserveOut}, amountIn ${amountIn}, out ${out}`;
    assert.equal(pairAccepts(reserveIn, reserveOut, amountIn, out, f, d), true, context);
    assert.equal(pairAccepts(reserveIn, reserveOut, amountIn, out + 1n, f, d), false, context);
  }
});

test('getAmountOut(getAmountIn(x)) is at least x, and two wei less input falls short, on 2000 random swaps', () => {
  const rng = createRandom(2005);
  for (let i = 0; i < 2000; i++) {
    const [f, d] = pick(rng, ALL_FEES);
    const reserveIn = randomReserve(rng);
    const reserveOut = randomReserve(rng);
    const wanted = logUniformBigint(rng, 1n, reserveOut - 1n);
    const amountIn = getAmountIn(wanted, reserveIn, reserveOut, f, d);
    const context = `case ${i}: fee ${f}/${d}, reserves ${reserveIn}/${reserveOut}, wanted ${wanted}`;
    assert.ok(amountIn !== null, context);
    assert.ok(getAmountOut(amountIn, reserveIn, reserveOut, f, d) >= wanted, context);
    // The router adds 1 after rounding down, so the input is at most one wei above the least that suffices.
    if (amountIn >= 2n) assert.ok(getAmountOut(amountIn - 2n, reserveIn, reserveOut, f, d) < wanted, context);
  }
});

test('getAmountOut returns 0n for a zero amount or an empty reserve', () => {
  assert.equal(getAmountOut(0n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), 0n);
  assert.equal(getAmountOut(-5n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), 0n);
  assert.equal(getAmountOut(10n ** 18n, 0n, 10n ** 18n, 9971n, 10000n), 0n);
  assert.equal(getAmountOut(10n ** 18n, 10n ** 18n, 0n, 9971n, 10000n), 0n);
});

test('getAmountOut matches its documented examples and handles reserves at the uint112 maximum exactly', () => {
  assert.equal(getAmountOut(1000n, 10n ** 6n, 10n ** 6n, 9971n, 10000n), 996n);
  assert.equal(getAmountIn(996n, 10n ** 6n, 10n ** 6n, 9971n, 10000n), 1000n);
  // 0.9971e18 * MAX / (MAX + 0.9971e18) = 0.9971e18 - 0.9971e18^2 / (MAX + 0.9971e18) = 0.9971e18 - 191.5..., floored.
  const out = getAmountOut(10n ** 18n, MAX_UINT112, MAX_UINT112, 9971n, 10000n);
  assert.equal(out, 997099999999999808n);
});

test('getAmountIn returns null for a zero amount, an empty input reserve or an output the reserve cannot pay', () => {
  assert.equal(getAmountIn(0n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), null);
  assert.equal(getAmountIn(1n, 0n, 10n ** 18n, 9971n, 10000n), null);
  assert.equal(getAmountIn(10n ** 18n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), null);
  assert.equal(getAmountIn(10n ** 18n + 1n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), null);
  assert.notEqual(getAmountIn(10n ** 18n - 1n, 10n ** 18n, 10n ** 18n, 9971n, 10000n), null);
});
