// Exact USD/raw-amount conversions: float prices as 18-decimal fixed point, gas cost in output units, USD strings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gasCostInOutput, priceToFixed, usdValue } from '../../src/quote/pricing.ts';

test('priceToFixed turns a float price into its 18-decimal expansion', () => {
  assert.equal(priceToFixed(1), 1_000_000_000_000_000_000n);
  assert.equal(priceToFixed(1.5), 1_500_000_000_000_000_000n);
  assert.equal(priceToFixed(0.00003), 30_000_000_000_000n);
  assert.equal(priceToFixed(3000), 3_000n * 10n ** 18n);
  // The float nearest 123.456 is 123.45600000000000306954..., rounded at the 18th decimal.
  assert.equal(priceToFixed(123.456), 123_456_000_000_000_003_070n);
  // Below 1e-18 nothing survives.
  assert.equal(priceToFixed(1e-19), 0n);
  assert.equal(priceToFixed(1e-18), 1n);
});

test('priceToFixed keeps prices of 1e21 and above, where toFixed switches to exponent form', () => {
  assert.equal(priceToFixed(1e21), 10n ** 39n);
  // The float nearest 2.5e22 is 24,999,999,999,999,997,902,848.
  assert.equal(priceToFixed(2.5e22), 24_999_999_999_999_997_902_848n * 10n ** 18n);
  // Just under 1e21 the decimal expansion path gives the same whole-number float.
  assert.equal(priceToFixed(999_999_999_999_999_900_000), 999_999_999_999_999_868_928n * 10n ** 18n);
});

test('priceToFixed is 0n for zero, negative, NaN and infinite prices', () => {
  assert.equal(priceToFixed(0), 0n);
  assert.equal(priceToFixed(-1), 0n);
  assert.equal(priceToFixed(Number.NaN), 0n);
  assert.equal(priceToFixed(Number.POSITIVE_INFINITY), 0n);
});

test('gasCostInOutput converts gas to output units exactly and rounds up', () => {
  // 100,000 gas at 1e15 wei = 100 PLS; at $0.00003 that is $0.003 = 3,000 units of a 6-decimal $1 token.
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0.00003, 1, 6), 3_000n);
  // One more gas unit costs 3,000.03 units: rounded up.
  assert.equal(gasCostInOutput(100_001, 10n ** 15n, 0.00003, 1, 6), 3_001n);
  // $0.003 of a $7 token: 428.57... units.
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0.00003, 7, 6), 429n);
  // 21,000 gas at 2e15 wei = 42 PLS = $0.00126 = 1.26e15 units of an 18-decimal $1 token.
  assert.equal(gasCostInOutput(21_000, 2n * 10n ** 15n, 0.00003, 1, 18), 1_260_000_000_000_000n);
  // $0.003 of an 8-decimal $0.005 token: 0.6 tokens.
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0.00003, 0.005, 8), 60_000_000n);
});

test('gasCostInOutput is 0n when the output price or the gas is worth nothing', () => {
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0.00003, 0, 6), 0n);
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0.00003, Number.NaN, 6), 0n);
  assert.equal(gasCostInOutput(100_000, 10n ** 15n, 0, 1, 6), 0n);
  assert.equal(gasCostInOutput(100_000, 0n, 0.00003, 1, 6), 0n);
  assert.equal(gasCostInOutput(0, 10n ** 15n, 0.00003, 1, 6), 0n);
});

test('usdValue writes the USD value with up to 6 decimals, rounded down, trailing zeros trimmed', () => {
  assert.equal(usdValue(2_500_000n, 6, 1), '2.5');
  assert.equal(usdValue(3_000_000n, 6, 1), '3');
  assert.equal(usdValue(123_456_789n, 6, 2), '246.913578');
  assert.equal(usdValue(10n ** 18n, 18, 0.00003), '0.00003');
  // 1,234.56789999 HEX at $0.005 is $6.17283949995.
  assert.equal(usdValue(123_456_789_999n, 8, 0.005), '6.172839');
  // 1e12 WETH-like tokens at $3000.
  assert.equal(usdValue(10n ** 30n, 18, 3000), '3000000000000000');
  assert.equal(usdValue(999_999n, 18, 1), '0');
  assert.equal(usdValue(1n, 0, 0.0000015), '0.000001');
  assert.equal(usdValue(0n, 6, 1), '0');
  assert.equal(usdValue(10n ** 6n, 6, 0), '0');
});
