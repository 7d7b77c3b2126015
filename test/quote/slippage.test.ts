// The minimum output written into a quote's transaction: slippage percent to parts per million, rounded down output.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minAmountOut, slippageToPpm } from '../../src/tx/slippage.ts';

test('slippageToPpm reads a percent to one part per million, rounding to the nearest', () => {
  assert.equal(slippageToPpm(0), 0n);
  assert.equal(slippageToPpm(0.5), 5_000n);
  assert.equal(slippageToPpm(3), 30_000n);
  assert.equal(slippageToPpm(100), 1_000_000n);
  assert.equal(slippageToPpm(0.0001), 1n);
  assert.equal(slippageToPpm(0.00004), 0n);
  assert.equal(slippageToPpm(12.34567), 123_457n);
});

test('minAmountOut takes the slippage off the output and rounds down', () => {
  assert.equal(minAmountOut(1_000n, 5_000n), 995n);
  // 999 * 0.995 = 994.005
  assert.equal(minAmountOut(999n, 5_000n), 994n);
  assert.equal(minAmountOut(10n ** 30n, 1n), 10n ** 30n - 10n ** 24n);
  assert.equal(minAmountOut(123_456_789n, 0n), 123_456_789n);
  assert.equal(minAmountOut(123_456_789n, 1_000_000n), 0n);
  assert.equal(minAmountOut(1n, 1n), 0n);
});
