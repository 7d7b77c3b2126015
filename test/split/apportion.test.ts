// Integer apportionment of split shares and percents: exact totals, each share within one unit of its real value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apportion, floatWeights, percents } from '../../src/routing/split/apportion.ts';

test('apportions a total that the weights do not divide, leftover units to the largest remainders', () => {
  assert.deepEqual(apportion([1n, 1n, 1n], 100n), [34n, 33n, 33n]);
  assert.deepEqual(apportion([3n, 1n], 10n ** 18n + 7n), [750_000_000_000_000_005n, 250_000_000_000_000_002n]);
});

test('gives percents with two decimals that sum to 100', () => {
  assert.deepEqual(percents([1n, 1n, 1n]), [33.34, 33.33, 33.33]);
  assert.deepEqual(percents([1n, 2n]), [33.33, 66.67]);
  assert.deepEqual(percents([999_999n, 1n]), [100, 0]);
});

test('turns float shares into bigint weights with the largest at 2^53', () => {
  assert.deepEqual(floatWeights([0.5, 0.25, 0]), [2n ** 53n, 2n ** 52n, 0n]);
});

test('rejects weights that are all zero', () => {
  assert.throws(() => apportion([0n, 0n], 5n), RangeError);
});
