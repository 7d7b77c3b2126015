import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { UniV3RevertError } from '../../../src/pools/univ3/errors.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, getSqrtRatioAtTick } from '../../../src/pools/univ3/tickMath.ts';
import { swapExactIn } from '../../../src/pools/univ3/univ3Math.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { TIERS, randomAmount, randomState, sdkSwapExactIn, sdkTickProvider } from './support.ts';

function assertMatchesReference(
  ours: ReturnType<typeof swapExactIn>,
  ref: Awaited<ReturnType<typeof sdkSwapExactIn>>,
  context: string,
): void {
  assert.equal(ours.amountOut, ref.amountOut, `amountOut, ${context}`);
  assert.equal(ours.sqrtPriceX96, ref.sqrtPriceX96, `sqrtPriceX96, ${context}`);
  assert.equal(ours.tick, ref.tick, `tick, ${context}`);
  assert.equal(ours.liquidity, ref.liquidity, `liquidity, ${context}`);
}

test('swapExactIn matches @uniswap/v3-sdk v3Swap on 3000 random multi-tick swaps across all fee tiers', async () => {
  const rng = createRandom(606);
  const stats = { multiTick: 0, partial: 0, zeroOut: 0, zeroForOne: 0 };
  const perTier = new Map<number, number>();
  for (let i = 0; i < 600; i++) {
    const state = randomState(rng);
    const provider = sdkTickProvider(state);
    for (let j = 0; j < 5; j++) {
      const zeroForOne = rng() < 0.5;
      const amountIn = randomAmount(rng, state, zeroForOne);
      const context = `state ${i} swap ${j}: fee ${state.fee}, zeroForOne ${zeroForOne}, amountIn ${amountIn}`;
      const ours = swapExactIn(state, zeroForOne, amountIn);
      const ref = await sdkSwapExactIn(state, zeroForOne, amountIn, provider);
      assertMatchesReference(ours, ref, context);
      // Initialized ticks crossed are exactly those between the start tick and the final one.
      const crossed = state.ticks.filter((t) =>
        zeroForOne ? t.index <= state.tick && t.index > ours.tick : t.index > state.tick && t.index <= ours.tick,
      ).length;
      assert.equal(ours.ticksCrossed, crossed, `ticksCrossed, ${context}`);
      if (ours.amountInUsed < amountIn) {
        // A partial fill stops at the price limit. Swapping exactly the amount used fills in full, pays the
        // same and (ending where the liquidity ends rather than at the limit) matches the SDK on its own.
        stats.partial++;
        assert.equal(ours.sqrtPriceX96, zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n, context);
        const used = swapExactIn(state, zeroForOne, ours.amountInUsed);
        assert.equal(used.amountInUsed, ours.amountInUsed, context);
        assert.equal(used.amountOut, ours.amountOut, context);
        assertMatchesReference(used, await sdkSwapExactIn(state, zeroForOne, ours.amountInUsed, provider), context);
      }
      if (ours.ticksCrossed >= 2) stats.multiTick++;
      if (ours.amountOut === 0n) stats.zeroOut++;
      if (zeroForOne) stats.zeroForOne++;
      perTier.set(state.fee, (perTier.get(state.fee) ?? 0) + 1);
    }
  }
  // The random cases must reach the interesting regions, not just the current range.
  assert.ok(stats.multiTick > 900, `multi-tick swaps ${stats.multiTick}`);
  assert.ok(stats.partial > 60, `partial fills ${stats.partial}`);
  assert.ok(stats.zeroOut > 20, `zero outputs ${stats.zeroOut}`);
  assert.ok(stats.zeroForOne > 1200 && stats.zeroForOne < 1800);
  for (const [fee] of TIERS) assert.ok((perTier.get(fee) ?? 0) > 300, `tier ${fee}`);
});

test('word-boundary stops in wide ranges match @uniswap/v3-sdk on 400 swaps of tick spacing 1 and 10', async () => {
  // One wide position spanning many 256-spacing bitmap words: every step boundary inside is a word edge.
  const rng = createRandom(707);
  for (let i = 0; i < 400; i++) {
    const tickSpacing = i % 2 === 0 ? 1 : 10;
    const fee = tickSpacing === 1 ? 100 : 500;
    const liquidity = BigInt(Math.floor(10 ** (6 + rng() * 20)));
    const tick = Math.floor((rng() - 0.5) * 200000);
    const sqrtPriceX96 = getSqrtRatioAtTick(tick) + BigInt(Math.floor(rng() * 1e9));
    const lower = (Math.floor(tick / tickSpacing) - 3000) * tickSpacing;
    const upper = (Math.floor(tick / tickSpacing) + 3000) * tickSpacing;
    const state: UniV3State = {
      fee,
      tickSpacing,
      sqrtPriceX96,
      tick,
      liquidity,
      ticks: [
        { index: lower, liquidityNet: liquidity },
        { index: upper, liquidityNet: -liquidity },
      ],
    };
    const zeroForOne = rng() < 0.5;
    const sqrtP = Number(sqrtPriceX96) / 2 ** 96;
    const depth = zeroForOne ? Number(liquidity) / sqrtP : Number(liquidity) * sqrtP;
    const amountIn = BigInt(Math.floor(depth * 10 ** (-4 + rng() * 4))) + 1n;
    const ours = swapExactIn(state, zeroForOne, amountIn);
    const ref = await sdkSwapExactIn(state, zeroForOne, amountIn);
    assertMatchesReference(ours, ref, `case ${i}: amountIn ${amountIn}, zeroForOne ${zeroForOne}`);
  }
});

test('swapExactIn reverts like the pool for a zero amount and a price already at the limit', () => {
  const state = randomState(createRandom(808));
  assert.throws(() => swapExactIn(state, true, 0n), (e: unknown) => e instanceof UniV3RevertError && e.reason === 'AS');
  const atMin = { ...state, sqrtPriceX96: MIN_SQRT_RATIO + 1n, tick: -887272 };
  assert.throws(() => swapExactIn(atMin, true, 1n), (e: unknown) => e instanceof UniV3RevertError && e.reason === 'SPL');
  const atMax = { ...state, sqrtPriceX96: MAX_SQRT_RATIO - 1n, tick: 887271 };
  assert.throws(() => swapExactIn(atMax, false, 1n), (e: unknown) => e instanceof UniV3RevertError && e.reason === 'SPL');
});
