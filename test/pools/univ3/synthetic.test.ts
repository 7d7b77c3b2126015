import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getSqrtRatioAtTick, getTickAtSqrtRatio } from '../../../src/pools/univ3/tickMath.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeUniV3State } from '../../../src/snapshot/synthetic/univ3.ts';
import { TIERS, logUniform, pick } from './support.ts';

test('synthesized states are consistent pools: aligned sorted ticks, zero net, liquidity from the positions', () => {
  const rng = createRandom(1919);
  const sizes: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const [fee, tickSpacing] = pick(rng, TIERS);
    const price = logUniform(rng, 1e-20, 1e20);
    const liquidityScale = logUniform(rng, 1e4, 1e26);
    const s = synthesizeUniV3State({ rng, fee, tickSpacing, price, liquidityScale });
    const context = `case ${i}: fee ${fee}, price ${price}`;

    assert.equal(s.fee, fee);
    assert.equal(s.tickSpacing, tickSpacing);
    assert.equal(getTickAtSqrtRatio(s.sqrtPriceX96), s.tick, context);
    // The requested price, to within one tick.
    const sqrtPrice = Number(s.sqrtPriceX96) / 2 ** 96;
    assert.ok(Math.abs((sqrtPrice * sqrtPrice) / price - 1) < 2.1e-4, context);
    for (let k = 0; k < s.ticks.length; k++) {
      assert.ok(s.ticks[k].index % tickSpacing === 0, context);
      if (k > 0) assert.ok(s.ticks[k - 1].index < s.ticks[k].index, context);
    }
    assert.equal(s.ticks.reduce((sum, t) => sum + t.liquidityNet, 0n), 0n, context);
    // In-range liquidity is the running sum of nets up to the current tick, and close to the requested scale.
    const running = s.ticks.filter((t) => t.index <= s.tick).reduce((sum, t) => sum + t.liquidityNet, 0n);
    assert.equal(s.liquidity, running, context);
    assert.ok(s.liquidity > 0n, context);
    // Each position's liquidity is rounded to an integer, so allow one unit per position.
    assert.ok(Math.abs(Number(s.liquidity) - liquidityScale) <= 16 + liquidityScale * 1e-9, context);
    // Liquidity never goes negative between ticks.
    let acc = 0n;
    for (const t of s.ticks) assert.ok((acc += t.liquidityNet) >= 0n, context);
    sizes.push(s.ticks.length);
    assert.ok(getSqrtRatioAtTick(s.tick) <= s.sqrtPriceX96);
  }
  sizes.sort((a, b) => a - b);
  assert.ok(sizes[Math.floor(sizes.length * 0.05)] >= 5 && sizes[sizes.length - 1] <= 40, `tick counts ${sizes}`);
  assert.ok(sizes[Math.floor(sizes.length / 2)] >= 10, `median tick count ${sizes[sizes.length >> 1]}`);
});

test('the same seed gives the same state, and positions sets the count', () => {
  const opts = { fee: 3000, tickSpacing: 60, price: 2500e-12, liquidityScale: 1e18 };
  const a = synthesizeUniV3State({ ...opts, rng: createRandom(7) });
  const b = synthesizeUniV3State({ ...opts, rng: createRandom(7) });
  assert.deepEqual(a, b);
  const wide = synthesizeUniV3State({ ...opts, rng: createRandom(8), positions: 20 });
  assert.ok(wide.ticks.length > 20 && wide.ticks.length <= 40);
});
