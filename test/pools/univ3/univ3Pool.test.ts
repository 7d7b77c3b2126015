import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CurrencyAmount, Token } from '@uniswap/sdk-core';
import { Pool } from '@uniswap/v3-sdk';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { swapExactIn } from '../../../src/pools/univ3/univ3Math.ts';
import { UniV3Pool } from '../../../src/pools/univ3/univ3Pool.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeUniV3State } from '../../../src/snapshot/synthetic/univ3.ts';
import { fromJSBI, isNormalSwap, logUniform, pick, randomAmount, randomState, sdkSwapExactIn, sdkTickProvider } from './support.ts';

// Uniswap ordering: token0 has the lower address.
const TOKEN0 = new Token(1, '0x1000000000000000000000000000000000000000', 18);
const TOKEN1 = new Token(1, '0x2000000000000000000000000000000000000000', 18);
const SDK_TIERS = [
  [100, 1],
  [500, 10],
  [3000, 60],
  [10000, 200],
] as const;

function sdkPool(state: UniV3State): Pool {
  return new Pool(TOKEN0, TOKEN1, state.fee, state.sqrtPriceX96.toString(), state.liquidity.toString(), state.tick, sdkTickProvider(state));
}

function slot0(pool: UniV3Pool): [bigint, number, bigint] {
  return [pool.state.sqrtPriceX96, pool.state.tick, pool.state.liquidity];
}

test('matches the @uniswap/v3-sdk Pool class (amount and next pool) on 800 swaps in its own fee tiers', async () => {
  const rng = createRandom(909);
  let compared = 0;
  for (let i = 0; i < 800; i++) {
    const [fee, tickSpacing] = pick(rng, SDK_TIERS);
    const price = logUniform(rng, 1e-12, 1e12);
    const state = synthesizeUniV3State({ rng, fee, tickSpacing, price, liquidityScale: logUniform(rng, 1e8, 1e24) });
    const pool = new UniV3Pool(state);
    const zeroForOne = rng() < 0.5;
    const amountIn = randomAmount(rng, state, zeroForOne);
    const [tokenIn, tokenOut] = zeroForOne ? [0, 1] : [1, 0];
    const quote = pool.swapExactIn(tokenIn, tokenOut, amountIn);
    const after = pool.afterSwapExactIn(tokenIn, tokenOut, amountIn);
    if (quote === null) {
      assert.equal(after, null);
      continue;
    }
    const [out, next] = await sdkPool(state).getOutputAmount(
      CurrencyAmount.fromRawAmount(zeroForOne ? TOKEN0 : TOKEN1, amountIn.toString()),
    );
    const context = `case ${i}: fee ${fee}, zeroForOne ${zeroForOne}, amountIn ${amountIn}`;
    assert.equal(quote.amountOut, fromJSBI(out.quotient), context);
    assert.ok(after !== null);
    assert.deepEqual(slot0(after), [fromJSBI(next.sqrtRatioX96), next.tickCurrent, fromJSBI(next.liquidity)], context);
    compared++;
  }
  assert.ok(compared > 600, `compared ${compared}`);
});

test('afterSwapExactIn then a second swap equals the SDK applied sequentially on 600 random swap pairs', async () => {
  const rng = createRandom(1010);
  let secondCompared = 0;
  for (let i = 0; i < 600; i++) {
    const state = randomState(rng);
    const pool = new UniV3Pool(state);
    const provider = sdkTickProvider(state);
    const first = rng() < 0.5;
    const second = rng() < 0.5;
    const amount1 = randomAmount(rng, state, first);
    const amount2 = randomAmount(rng, state, second);
    const context = `case ${i}: ${first}/${amount1} then ${second}/${amount2}`;

    const after = pool.afterSwapExactIn(first ? 0 : 1, first ? 1 : 0, amount1);
    const ref1 = await sdkSwapExactIn(state, first, amount1, provider);
    if (after === null) continue;
    // The original pool is unchanged.
    assert.deepEqual(slot0(pool), [state.sqrtPriceX96, state.tick, state.liquidity]);
    assert.deepEqual(slot0(after), [ref1.sqrtPriceX96, ref1.tick, ref1.liquidity], context);

    const stateAfter = { ...state, sqrtPriceX96: ref1.sqrtPriceX96, tick: ref1.tick, liquidity: ref1.liquidity };
    const quote2 = after.swapExactIn(second ? 0 : 1, second ? 1 : 0, amount2);
    const ref2 = await sdkSwapExactIn(stateAfter, second, amount2, provider);
    const full = swapExactIn(stateAfter, second, amount2).amountInUsed === amount2;
    assert.equal(quote2?.amountOut ?? null, full && ref2.amountOut > 0n ? ref2.amountOut : null, context);
    if (quote2 !== null) secondCompared++;
  }
  assert.ok(secondCompared > 300, `second swaps compared ${secondCompared}`);
});

test('returns null for zero input, zero output, bad token indices and amounts beyond int256', () => {
  const state = randomState(createRandom(1111));
  const pool = new UniV3Pool(state);
  for (const [i, o] of [
    [0, 0],
    [1, 1],
    [0, 2],
    [2, 0],
    [-1, 1],
  ]) {
    assert.equal(pool.swapExactIn(i, o, 10n ** 6n), null);
    assert.equal(pool.afterSwapExactIn(i, o, 10n ** 6n), null);
    assert.equal(pool.estimateOut(i, o, 1e6), 0);
  }
  assert.equal(pool.swapExactIn(0, 1, 0n), null);
  assert.equal(pool.swapExactIn(0, 1, -5n), null);
  assert.equal(pool.swapExactIn(0, 1, 1n << 255n), null);
  assert.equal(pool.estimateOut(0, 1, 0), 0);
  assert.equal(pool.estimateOut(0, 1, Number.NaN), 0);
});

test('one-wei and few-wei inputs pay exactly what the SDK pays: nothing for one wei, so null', async () => {
  const rng = createRandom(1212);
  for (let i = 0; i < 200; i++) {
    const state = randomState(rng);
    const pool = new UniV3Pool(state);
    for (const zeroForOne of [true, false]) {
      const [tokenIn, tokenOut] = zeroForOne ? [0, 1] : [1, 0];
      // One wei less the fee rounds down to zero, so the pool keeps it as fee and pays nothing.
      assert.equal((await sdkSwapExactIn(state, zeroForOne, 1n)).amountOut, 0n);
      assert.equal(pool.swapExactIn(tokenIn, tokenOut, 1n), null);
      const few = BigInt(2 + Math.floor(rng() * 50));
      const ref = await sdkSwapExactIn(state, zeroForOne, few);
      // A thin pool can be exhausted even by a few wei; that is a partial fill, so null.
      const full = swapExactIn(state, zeroForOne, few).amountInUsed === few;
      const expected = full && ref.amountOut > 0n ? ref.amountOut : null;
      assert.equal(pool.swapExactIn(tokenIn, tokenOut, few)?.amountOut ?? null, expected);
    }
  }
});

test('an amount that exhausts every range is a partial fill: null, and 0 from estimateOut', () => {
  const rng = createRandom(1313);
  for (let i = 0; i < 200; i++) {
    const state = randomState(rng);
    const pool = new UniV3Pool(state);
    const zeroForOne = rng() < 0.5;
    const [tokenIn, tokenOut] = zeroForOne ? [0, 1] : [1, 0];
    // More than any pool can hold: a full-range position takes at most ~2^192 of either token.
    const amountIn = (1n << 200n) + randomAmount(rng, state, zeroForOne) * (1n << BigInt(Math.floor(rng() * 40)));
    const swap = swapExactIn(state, zeroForOne, amountIn);
    assert.ok(swap.amountInUsed < amountIn);
    assert.equal(pool.swapExactIn(tokenIn, tokenOut, amountIn), null);
    assert.equal(pool.afterSwapExactIn(tokenIn, tokenOut, amountIn), null);
    assert.equal(pool.estimateOut(tokenIn, tokenOut, Number(amountIn)), 0);
    // Exactly the amount the pool can take fills in full.
    assert.equal(pool.swapExactIn(tokenIn, tokenOut, swap.amountInUsed)?.amountOut ?? 0n, swap.amountOut);
  }
});

test('6- and 8-decimal token pairs at tiny and huge raw prices match the SDK exactly', async () => {
  const rng = createRandom(1414);
  // [raw token1 per raw token0, decimals0, decimals1]: e.g. USDC/WETH, WETH/USDC, WBTC/USDC, WBTC/WETH, WETH/WBTC.
  const pairs: [number, number, number][] = [
    [1e12 / 3000, 6, 18],
    [3000 / 1e12, 18, 6],
    [60000 * 1e6 / 1e8, 8, 6],
    [20 * 1e18 / 1e8, 8, 18],
    [1e8 / 20 / 1e18, 18, 8],
    [1, 6, 6],
  ];
  for (const [price, decimals0, decimals1] of pairs) {
    for (let i = 0; i < 60; i++) {
      const [fee, tickSpacing] = pick(rng, [
        [100, 1],
        [500, 10],
        [2500, 50],
        [3000, 60],
        [10000, 200],
        [20000, 400],
      ] as const);
      // ~$1M of each side: liquidity L = sqrt(x * y) in raw units.
      const x = 1e6 * 10 ** decimals0;
      const liquidityScale = Math.sqrt(x * x * price) * logUniform(rng, 0.01, 100) / 1e3;
      const state = synthesizeUniV3State({ rng, fee, tickSpacing, price, liquidityScale });
      const pool = new UniV3Pool(state);
      const zeroForOne = rng() < 0.5;
      // From one smallest unit's worth of a cent up to a large trade.
      const decimals = zeroForOne ? decimals0 : decimals1;
      const amountIn = BigInt(Math.floor(10 ** decimals * logUniform(rng, 1e-3, 1e5))) + 1n;
      const ref = await sdkSwapExactIn(state, zeroForOne, amountIn);
      const ours = swapExactIn(state, zeroForOne, amountIn);
      const context = `price ${price}, fee ${fee}, zeroForOne ${zeroForOne}, amountIn ${amountIn}`;
      assert.deepEqual(
        [ours.amountOut, ours.sqrtPriceX96, ours.tick, ours.liquidity],
        [ref.amountOut, ref.sqrtPriceX96, ref.tick, ref.liquidity],
        context,
      );
      const quote = pool.swapExactIn(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, amountIn);
      if (quote !== null && quote.amountOut > 10n ** 9n && amountIn > 10n ** 9n) {
        const estimate = pool.estimateOut(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, Number(amountIn));
        assert.ok(Math.abs(estimate / Number(quote.amountOut) - 1) < 1e-6, `estimate ${estimate}, ${context}`);
      }
    }
  }
});

/**
 * 1,500 random pools, each given four random exact swaps in a random direction: the shared scaffold of the float
 * estimates' tests below (which draw from `rng` in this order).
 */
function forRandomSwaps(rng: () => number, visit: (pool: UniV3Pool, zeroForOne: boolean, amountIn: bigint, swap: ReturnType<typeof swapExactIn>, label: string) => void): void {
  for (let i = 0; i < 1500; i++) {
    const pool = new UniV3Pool(randomState(rng));
    for (let j = 0; j < 4; j++) {
      const zeroForOne = rng() < 0.5;
      const amountIn = randomAmount(rng, pool.state, zeroForOne);
      visit(pool, zeroForOne, amountIn, swapExactIn(pool.state, zeroForOne, amountIn), `pool ${i}, swap ${j}: ${amountIn} ${zeroForOne ? '0→1' : '1→0'}`);
    }
  }
}

test('estimateOut is within 1e-6 relative of the exact output on 6000 random swaps (the normal ones among them)', () => {
  let compared = 0;
  let worst = 0;
  forRandomSwaps(createRandom(1515), (pool, zeroForOne, amountIn, swap) => {
    const estimate = pool.estimateOut(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, Number(amountIn));
    if (swap.amountInUsed < amountIn) {
      // Clearly partial fills estimate 0; right at the edge float rounding may go either way.
      if (swap.amountInUsed < (amountIn * 999n) / 1000n) assert.equal(estimate, 0);
      return;
    }
    if (!isNormalSwap(pool.state, amountIn, swap)) return;
    const error = Math.abs(estimate / Number(swap.amountOut) - 1);
    worst = Math.max(worst, error);
    compared++;
  });
  assert.ok(worst < 1e-6, `worst relative error ${worst}`);
  assert.ok(compared > 2000, `compared ${compared}`);
});

test('estimateTicksCrossed counts the initialized ticks the exact swap crosses, on 6000 random swaps (the normal ones)', () => {
  const rng = createRandom(1616);
  let compared = 0;
  let crossing = 0;
  forRandomSwaps(rng, (pool, zeroForOne, amountIn, swap, label) => {
    const estimate = pool.estimateTicksCrossed(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, Number(amountIn));
    // Normal swaps only, as for estimateOut: the exact swap takes its fee and rounds in whole units at every step,
    // so a dust input (one wei is all fee) stops where the float walk, taking a fraction of a unit, goes on. And
    // where the swap stops within float error of a tick, the float walk may stop on either side of it.
    if (!isNormalSwap(pool.state, amountIn, swap)) return;
    const end = Number(swap.sqrtPriceX96) / 2 ** 96;
    if (pool.state.ticks.some((t) => Math.abs(Math.pow(1.0001, t.index / 2) / end - 1) < 1e-9)) return;
    assert.equal(estimate, swap.ticksCrossed, label);
    compared++;
    if (swap.ticksCrossed > 0) crossing++;
  });
  assert.ok(compared > 2000 && crossing > 500, `compared ${compared}, ${crossing} crossing ticks`);
  assert.equal(new UniV3Pool(randomState(rng)).estimateTicksCrossed(0, 1, 0), 0);
});
