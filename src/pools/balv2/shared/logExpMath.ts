// Balancer V2's LogExpMath (x^y, e^x, ln x on 18-decimal fixed point), step for step so results match to the wei.
// https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/solidity-utils/contracts/math/LogExpMath.sol
// All values are int256 in the contract; bigint `/` and `%` truncate toward zero exactly like Solidity's signed ops.

import { _require } from './balancerErrors.ts';

const ONE_18 = 10n ** 18n;
// Intermediate precision: 20 decimals in exp/_ln, 36 decimals in _ln_36.
const ONE_20 = 10n ** 20n;
const ONE_36 = 10n ** 36n;

// ln((2^255 - 1) / 1e20) ~ 130.7 and ln(1e-18) ~ -41.4, with a safety margin.
export const MAX_NATURAL_EXPONENT = 130n * ONE_18;
export const MIN_NATURAL_EXPONENT = -41n * ONE_18;

// ln(0.9) and ln(1.1) fit with 36 decimals, so arguments in this band take the precise _ln_36 path.
const LN_36_LOWER_BOUND = ONE_18 - 10n ** 17n;
const LN_36_UPPER_BOUND = ONE_18 + 10n ** 17n;

const MILD_EXPONENT_BOUND = 2n ** 254n / ONE_20;

// x_n = 2^(7-n) and a_n = e^(x_n). x0/x1 are 18-decimal with a0/a1 as plain integers (they would overflow as
// fixed point); x2..x11 and a2..a11 are 20-decimal.
const x0 = 128000000000000000000n;
const a0 = 38877084059945950922200000000000000000000000000000000000n;
const x1 = 64000000000000000000n;
const a1 = 6235149080811616882910000000n;
const X_20: readonly bigint[] = [
  3200000000000000000000n, // x2 = 2^5
  1600000000000000000000n, // x3 = 2^4
  800000000000000000000n, // x4 = 2^3
  400000000000000000000n, // x5 = 2^2
  200000000000000000000n, // x6 = 2^1
  100000000000000000000n, // x7 = 2^0
  50000000000000000000n, // x8 = 2^-1
  25000000000000000000n, // x9 = 2^-2
  12500000000000000000n, // x10 = 2^-3
  6250000000000000000n, // x11 = 2^-4
];
const A_20: readonly bigint[] = [
  7896296018268069516100000000000000n, // a2
  888611052050787263676000000n, // a3
  298095798704172827474000n, // a4
  5459815003314423907810n, // a5
  738905609893065022723n, // a6
  271828182845904523536n, // a7
  164872127070012814685n, // a8
  128402541668774148407n, // a9
  113314845306682631683n, // a10
  106449445891785942956n, // a11
];
// exp stops its decomposition at x9 (index 7 here); _ln goes on to x11.
const EXP_TERMS = 8;

/** x^y for unsigned 18-decimal x and y, computed as exp(y * ln x); reverts when y * ln x leaves [-41, 130]. */
export function pow(x: bigint, y: bigint): bigint {
  // 0^0 is defined as 1.
  if (y === 0n) return ONE_18;
  if (x === 0n) return 0n;

  _require(x >> 255n === 0n, 'X_OUT_OF_BOUNDS');
  _require(y < MILD_EXPONENT_BOUND, 'Y_OUT_OF_BOUNDS');

  let logxTimesY: bigint;
  if (LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND) {
    const ln36x = _ln_36(x);
    // ln36x has 36 decimals: multiply its integer-18 part and its low 18 decimals separately so nothing overflows.
    logxTimesY = (ln36x / ONE_18) * y + ((ln36x % ONE_18) * y) / ONE_18;
  } else {
    logxTimesY = _ln(x) * y;
  }
  logxTimesY /= ONE_18;

  _require(
    MIN_NATURAL_EXPONENT <= logxTimesY && logxTimesY <= MAX_NATURAL_EXPONENT,
    'PRODUCT_OUT_OF_BOUNDS',
  );
  return exp(logxTimesY);
}

/** e^x for signed 18-decimal x in [MIN_NATURAL_EXPONENT, MAX_NATURAL_EXPONENT]. */
export function exp(x: bigint): bigint {
  _require(x >= MIN_NATURAL_EXPONENT && x <= MAX_NATURAL_EXPONENT, 'INVALID_EXPONENT');

  // Only positive exponents are expanded: e^-x = 1 / e^x.
  if (x < 0n) return (ONE_18 * ONE_18) / exp(-x);

  // x0 + x1 exceeds MAX_NATURAL_EXPONENT, so at most one of them is in the decomposition.
  let firstAN: bigint;
  if (x >= x0) {
    x -= x0;
    firstAN = a0;
  } else if (x >= x1) {
    x -= x1;
    firstAN = a1;
  } else {
    firstAN = 1n;
  }

  // Switch to 20 decimals for the smaller terms.
  x *= 100n;
  let product = ONE_20;
  for (let i = 0; i < EXP_TERMS; i++) {
    if (x >= X_20[i]) {
      x -= X_20[i];
      product = (product * A_20[i]) / ONE_20;
    }
  }

  // Taylor series of e^x for the remainder (< x9); 12 terms give 18 decimals.
  let seriesSum = ONE_20;
  let term = x;
  seriesSum += term;
  for (let n = 2n; n <= 12n; n++) {
    term = (term * x) / ONE_20 / n;
    seriesSum += term;
  }

  return (((product * seriesSum) / ONE_20) * firstAN) / 100n;
}

/** Natural logarithm of a signed 18-decimal a > 0. */
export function ln(a: bigint): bigint {
  _require(a > 0n, 'OUT_OF_BOUNDS');
  if (LN_36_LOWER_BOUND < a && a < LN_36_UPPER_BOUND) return _ln_36(a) / ONE_18;
  return _ln(a);
}

function _ln(a: bigint): bigint {
  // ln(a) = -ln(1/a): the recursive call has a >= 1.
  if (a < ONE_18) return -_ln((ONE_18 * ONE_18) / a);

  // a0 and a1 are plain integers, hence the integer (not fixed-point) divisions.
  let sum = 0n;
  if (a >= a0 * ONE_18) {
    a /= a0;
    sum += x0;
  }
  if (a >= a1 * ONE_18) {
    a /= a1;
    sum += x1;
  }

  sum *= 100n;
  a *= 100n;
  for (let i = 0; i < X_20.length; i++) {
    if (a >= A_20[i]) {
      a = (a * ONE_20) / A_20[i];
      sum += X_20[i];
    }
  }

  // a < a11 (~1.06) now: ln(a) = 2 * (z + z^3/3 + z^5/5 + ...), z = (a - 1) / (a + 1), 6 terms.
  const z = ((a - ONE_20) * ONE_20) / (a + ONE_20);
  const zSquared = (z * z) / ONE_20;
  let num = z;
  let seriesSum = num;
  for (let d = 3n; d <= 11n; d += 2n) {
    num = (num * zSquared) / ONE_20;
    seriesSum += num / d;
  }
  seriesSum *= 2n;

  return (sum + seriesSum) / 100n;
}

/** ln(x) with 36 decimals for x in (0.9, 1.1); 8 series terms. */
function _ln_36(x: bigint): bigint {
  x *= ONE_18;
  const z = ((x - ONE_36) * ONE_36) / (x + ONE_36);
  const zSquared = (z * z) / ONE_36;
  let num = z;
  let seriesSum = num;
  for (let d = 3n; d <= 15n; d += 2n) {
    num = (num * zSquared) / ONE_36;
    seriesSum += num / d;
  }
  return seriesSum * 2n;
}
