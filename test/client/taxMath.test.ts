// The client's transfer-tax maths on exact bigints: amount - floor(amount * taxBps / 10000), and which taxes it takes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountAfterTax, parseTaxBps } from '../../src/client/taxMath.ts';

const MAX_UINT256 = (1n << 256n) - 1n;

test('rounds the tax down, so the amount left rounds up', () => {
  // 2.5% of 1000000000000000000001 is 25000000000000000000.025.
  assert.equal(amountAfterTax(1_000_000_000_000_000_001n, 250n), 975_000_000_000_000_001n);
  // 3% of 30313 is 909.39.
  assert.equal(amountAfterTax(30_313n, 300n), 29_404n);
  // 0.01% of 9999 is 0.9999: no tax at all.
  assert.equal(amountAfterTax(9_999n, 1n), 9_999n);
  assert.equal(amountAfterTax(10_000n, 1n), 9_999n);
  // 99.99% of 1 wei is 0.9999 wei: the wei survives.
  assert.equal(amountAfterTax(1n, 9_999n), 1n);
  assert.equal(amountAfterTax(123_456_789n, 100n), 122_222_222n);
});

test('a tax of 0 leaves the amount whole and a tax of 10000 leaves nothing', () => {
  assert.equal(amountAfterTax(123_456_789n, 0n), 123_456_789n);
  assert.equal(amountAfterTax(123_456_789n, 10_000n), 0n);
});

test('stays exact at 2^256 - 1, where a float would not', () => {
  assert.equal(
    amountAfterTax(MAX_UINT256, 1n),
    115780510028392463804028627910187039062484657667173999983053638249512338326972n,
  );
});

test('takes taxes that are integers from 0 to 10000 and counts an absent tax as 0', () => {
  assert.equal(parseTaxBps(undefined), 0n);
  assert.equal(parseTaxBps(0), 0n);
  assert.equal(parseTaxBps(250), 250n);
  assert.equal(parseTaxBps(10_000), 10_000n);
});

test('refuses negative, fractional, too large and non-number taxes', () => {
  for (const value of [-1, 10_001, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '250', null, 250n]) {
    assert.equal(parseTaxBps(value), undefined, String(value));
  }
});
