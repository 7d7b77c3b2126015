// UniV2Pool as the router sees it: exact swaps, refusals (zero output, uint112 overflow), the pool after a swap,
// the float estimate and the state codec.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { poolKind } from '../../../src/pools/registry.ts';
import { univ2StateCodec, type UniV2State } from '../../../src/pools/univ2/data.ts';
import { MAX_UINT112, getAmountOut } from '../../../src/pools/univ2/univ2Math.ts';
import { UniV2Pool } from '../../../src/pools/univ2/univ2Pool.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { logUniformBigint, pick, randomReserve } from './randomCases.ts';

const FEES: readonly [bigint, bigint][] = [
  [997n, 1000n],
  [9971n, 10000n],
  [9975n, 10000n],
  [9980n, 10000n],
];
const E18 = 10n ** 18n;

function v2(reserve0: bigint, reserve1: bigint, feeNumerator = 9971n, feeDenominator = 10000n): UniV2Pool {
  return new UniV2Pool({ reserve0, reserve1, feeNumerator, feeDenominator });
}

test('swapExactIn returns the exact getAmountOut in both directions with no ticks crossed', () => {
  const pool = v2(1_000n * E18, 30_000n * 10n ** 6n);
  assert.deepEqual(pool.swapExactIn(0, 1, E18), {
    amountOut: getAmountOut(E18, 1_000n * E18, 30_000n * 10n ** 6n, 9971n, 10000n),
    ticksCrossed: 0,
  });
  // 1 token0 into 1000:30000 at 0.29%: 30e9 * 0.9971e18 / (1000e18 + 0.9971e18), floored.
  assert.equal(pool.swapExactIn(0, 1, E18)!.amountOut, 29_883_203n);
  assert.deepEqual(pool.swapExactIn(1, 0, 30n * 10n ** 6n), {
    amountOut: getAmountOut(30n * 10n ** 6n, 30_000n * 10n ** 6n, 1_000n * E18, 9971n, 10000n),
    ticksCrossed: 0,
  });
});

test('swapExactIn returns null for a zero input, for a one-wei input that yields nothing, and for tokenIn equal to tokenOut', () => {
  const pool = v2(E18, E18);
  assert.equal(pool.swapExactIn(0, 1, 0n), null);
  assert.equal(pool.swapExactIn(1, 0, 0n), null);
  assert.equal(pool.swapExactIn(0, 1, 1n), null);
  assert.equal(pool.swapExactIn(0, 0, E18), null);
  assert.equal(pool.afterSwapExactIn(0, 1, 0n), null);
  assert.equal(pool.afterSwapExactIn(0, 1, 1n), null);
});

test('swapExactIn of one wei into a shallow input side returns the exact output', () => {
  // 1 wei against 1000:1e30 yields 1 * 9971 * 1e30 / (1000 * 10000 + 9971) wei.
  const pool = v2(1_000n, 10n ** 30n);
  const expected = (9971n * 10n ** 30n) / (1_000n * 10000n + 9971n);
  assert.equal(expected, 996106781927739850594971753n);
  assert.deepEqual(pool.swapExactIn(0, 1, 1n), { amountOut: expected, ticksCrossed: 0 });
});

test('swapExactIn returns null when the input would push the reserve past uint112, and accepts it exactly at the limit', () => {
  const reserveOut = MAX_UINT112 / 2n;
  const pool = v2(MAX_UINT112 - 1_000n, reserveOut);
  const atLimit = pool.swapExactIn(0, 1, 1_000n);
  assert.deepEqual(atLimit, {
    amountOut: getAmountOut(1_000n, MAX_UINT112 - 1_000n, reserveOut, 9971n, 10000n),
    ticksCrossed: 0,
  });
  assert.ok(atLimit!.amountOut > 0n);
  assert.equal(pool.swapExactIn(0, 1, 1_001n), null);
  assert.equal(pool.afterSwapExactIn(0, 1, 1_001n), null);
  // The other side overflows the same way.
  const reversed = v2(reserveOut, MAX_UINT112 - 1_000n);
  assert.ok(reversed.swapExactIn(1, 0, 1_000n) !== null);
  assert.equal(reversed.swapExactIn(1, 0, 1_001n), null);
  assert.equal(reversed.swapExactIn(1, 0, MAX_UINT112), null);
});

test('afterSwapExactIn moves the reserves by exactly the input and the output and keeps the fee', () => {
  const rng = createRandom(2101);
  for (let i = 0; i < 500; i++) {
    const [feeNumerator, feeDenominator] = pick(rng, FEES);
    const state: UniV2State = { reserve0: randomReserve(rng), reserve1: randomReserve(rng), feeNumerator, feeDenominator };
    const pool = new UniV2Pool(state);
    const tokenIn = rng() < 0.5 ? 0 : 1;
    const reserveIn = tokenIn === 0 ? state.reserve0 : state.reserve1;
    const amountIn = logUniformBigint(rng, 1n, reserveIn);
    const swap = pool.swapExactIn(tokenIn, 1 - tokenIn, amountIn);
    const after = pool.afterSwapExactIn(tokenIn, 1 - tokenIn, amountIn);
    if (!swap) {
      assert.equal(after, null, `case ${i}`);
      continue;
    }
    const expected: UniV2State =
      tokenIn === 0
        ? { reserve0: state.reserve0 + amountIn, reserve1: state.reserve1 - swap.amountOut, feeNumerator, feeDenominator }
        : { reserve0: state.reserve0 - swap.amountOut, reserve1: state.reserve1 + amountIn, feeNumerator, feeDenominator };
    assert.ok(after instanceof UniV2Pool);
    assert.deepEqual(after.state, expected, `case ${i}`);
    // The original pool is unchanged.
    assert.deepEqual(pool.state, state);
  }
});

test('a second swap on the pool after a swap prices against the moved reserves', () => {
  const pool = v2(1_000n * E18, 2_000n * E18);
  const first = pool.swapExactIn(0, 1, 10n * E18)!.amountOut;
  const after = pool.afterSwapExactIn(0, 1, 10n * E18)!;
  assert.equal(
    after.swapExactIn(0, 1, 10n * E18)!.amountOut,
    getAmountOut(10n * E18, 1_010n * E18, 2_000n * E18 - first, 9971n, 10000n),
  );
  // Selling the output back returns less than the input: the fee is paid twice.
  assert.ok(after.swapExactIn(1, 0, first)!.amountOut < 10n * E18);
});

test('estimateOut is within 1e-9 relative of the exact output for normal pool and trade sizes', () => {
  const rng = createRandom(2102);
  for (let i = 0; i < 2000; i++) {
    const [feeNumerator, feeDenominator] = pick(rng, FEES);
    const reserve0 = logUniformBigint(rng, 10n ** 15n, 10n ** 30n);
    const reserve1 = logUniformBigint(rng, 10n ** 15n, 10n ** 30n);
    const pool = new UniV2Pool({ reserve0, reserve1, feeNumerator, feeDenominator });
    const tokenIn = rng() < 0.5 ? 0 : 1;
    const reserveIn = tokenIn === 0 ? reserve0 : reserve1;
    // From a millionth of the input reserve to ten times it.
    const amountIn = logUniformBigint(rng, reserveIn / 1_000_000n, reserveIn * 10n);
    const exact = pool.swapExactIn(tokenIn, 1 - tokenIn, amountIn)!.amountOut;
    const estimate = pool.estimateOut(tokenIn, 1 - tokenIn, Number(amountIn));
    const relative = Math.abs(estimate - Number(exact)) / Number(exact);
    assert.ok(relative < 1e-9, `case ${i}: exact ${exact}, estimate ${estimate}, relative ${relative}`);
  }
});

test('the codec encodes reserves and fee as four words and decodes them back exactly', () => {
  const rng = createRandom(2103);
  const state: UniV2State = { reserve0: MAX_UINT112, reserve1: 1n, feeNumerator: 9975n, feeDenominator: 10000n };
  assert.deepEqual(univ2StateCodec.encode(state), [MAX_UINT112, 1n, 9975n, 10000n]);
  assert.deepEqual(univ2StateCodec.decode([MAX_UINT112, 1n, 9975n, 10000n]), state);
  for (let i = 0; i < 200; i++) {
    const [feeNumerator, feeDenominator] = pick(rng, FEES);
    const random: UniV2State = { reserve0: randomReserve(rng), reserve1: randomReserve(rng), feeNumerator, feeDenominator };
    assert.deepEqual(univ2StateCodec.decode(univ2StateCodec.encode(random)), random);
  }
});

test('the registry completes a snapshot pair with its platform fee and reports the nominal fee and depth', () => {
  const entry = poolKind('univ2');
  const platform = { kind: 'univ2' as const, swapFee: { numerator: 9975, denominator: 10000 } };
  const state = entry.fromSnapshot({ reserve0: 5n, reserve1: 7n }, platform);
  assert.deepEqual(state, { reserve0: 5n, reserve1: 7n, feeNumerator: 9975n, feeDenominator: 10000n });
  assert.deepEqual(entry.nominalFee(state), { fee: 25, feeDenominator: 10000 });
  assert.deepEqual(entry.depth(state), [5, 7]);
  const pool = entry.create(state);
  assert.ok(pool instanceof UniV2Pool);
  assert.equal(pool.kind, 'univ2');
  assert.equal(pool.tokenCount, 2);
  assert.throws(() => poolKind('univ9'), { message: 'Unknown pool kind: univ9' });
});
