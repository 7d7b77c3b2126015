// Balancer V3 LogExpMath: x^y = exp(y * ln(x)) on 18-decimal fixed point, as the Solidity computes it digit for digit.
// Original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/solidity-utils/contracts/math/LogExpMath.sol
// The Solidity body is `unchecked`; the bounds checked in pow/exp keep every intermediate inside int256, so plain
// bigint operators give the same digits (bigint `/` and `%` truncate toward zero like Solidity's signed ops).
import { BalV3RevertError } from './errors.ts';

const ONE_18 = 10n ** 18n;
const ONE_20 = 10n ** 20n;
const ONE_36 = 10n ** 36n;

// exp is computed with 20 decimals, so its result fits up to e^130; e^-41 is the smallest 18-decimal result.
const MAX_NATURAL_EXPONENT = 130n * ONE_18;
const MIN_NATURAL_EXPONENT = -41n * ONE_18;

// ln(x) is computed with 36 decimals for x in (0.9, 1.1), where precision matters most.
const LN_36_LOWER_BOUND = ONE_18 - 10n ** 17n;
const LN_36_UPPER_BOUND = ONE_18 + 10n ** 17n;

// Keeps y * ln(x) inside int256.
const MILD_EXPONENT_BOUND = 2n ** 254n / ONE_20;

// x_n = 2^(7-n) and a_n = e^(x_n); x0, x1 and a0, a1 have 18 decimals / no decimals, the rest 20 decimals.
const x0 = 128000000000000000000n;
const a0 = 38877084059945950922200000000000000000000000000000000000n;
const x1 = 64000000000000000000n;
const a1 = 6235149080811616882910000000n;
const x2 = 3200000000000000000000n;
const a2 = 7896296018268069516100000000000000n;
const x3 = 1600000000000000000000n;
const a3 = 888611052050787263676000000n;
const x4 = 800000000000000000000n;
const a4 = 298095798704172827474000n;
const x5 = 400000000000000000000n;
const a5 = 5459815003314423907810n;
const x6 = 200000000000000000000n;
const a6 = 738905609893065022723n;
const x7 = 100000000000000000000n;
const a7 = 271828182845904523536n;
const x8 = 50000000000000000000n;
const a8 = 164872127070012814685n;
const x9 = 25000000000000000000n;
const a9 = 128402541668774148407n;
const x10 = 12500000000000000000n;
const a10 = 113314845306682631683n;
const x11 = 6250000000000000000n;
const a11 = 106449445891785942956n;

// Pairs (x_n, a_n) for n = 2..9, applied in order by exp, and n = 2..11 by _ln.
const EXP_STEPS: readonly (readonly [bigint, bigint])[] = [
  [x2, a2], [x3, a3], [x4, a4], [x5, a5], [x6, a6], [x7, a7], [x8, a8], [x9, a9],
];
const LN_STEPS: readonly (readonly [bigint, bigint])[] = [...EXP_STEPS, [x10, a10], [x11, a11]];

/** x^y for unsigned 18-decimal x and y; reverts when ln(x) * y leaves [-41, 130]. */
export function pow(x: bigint, y: bigint): bigint {
  if (y === 0n) return ONE_18;
  if (x === 0n) return 0n;
  if (x >> 255n !== 0n) throw new BalV3RevertError('BaseOutOfBounds');
  if (y >= MILD_EXPONENT_BOUND) throw new BalV3RevertError('ExponentOutOfBounds');

  let logxTimesY: bigint;
  if (LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND) {
    const ln36x = _ln_36(x);
    // ln36x has 36 decimals: split it so the product with y keeps 18 decimals without overflowing.
    logxTimesY = (ln36x / ONE_18) * y + ((ln36x % ONE_18) * y) / ONE_18;
  } else {
    logxTimesY = _ln(x) * y;
  }
  logxTimesY /= ONE_18;

  if (!(MIN_NATURAL_EXPONENT <= logxTimesY && logxTimesY <= MAX_NATURAL_EXPONENT)) {
    throw new BalV3RevertError('ProductOutOfBounds');
  }
  return exp(logxTimesY);
}

/** e^x for signed 18-decimal x in [-41, 130]; negative x is computed as 1 / e^-x. */
export function exp(xIn: bigint): bigint {
  if (!(xIn >= MIN_NATURAL_EXPONENT && xIn <= MAX_NATURAL_EXPONENT)) {
    throw new BalV3RevertError('InvalidExponent');
  }
  const negativeExponent = xIn < 0n;
  let x = negativeExponent ? -xIn : xIn;

  // Take out the largest power-of-two multiple first (no decimals), then switch to 20 decimals.
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
  x *= 100n;

  let product = ONE_20;
  for (const [xn, an] of EXP_STEPS) {
    if (x >= xn) {
      x -= xn;
      product = (product * an) / ONE_20;
    }
  }

  // Taylor series for the remainder (x < 2^-2): 12 terms reach 20-decimal precision.
  let seriesSum = ONE_20;
  let term = x;
  seriesSum += term;
  for (let n = 2n; n <= 12n; n++) {
    term = (term * x) / ONE_20 / n;
    seriesSum += term;
  }

  const result = (((product * seriesSum) / ONE_20) * firstAN) / 100n;
  return negativeExponent ? (ONE_18 * ONE_18) / result : result;
}

/** ln(a) for signed 18-decimal a > 0; a < 1 is computed as -ln(1/a). */
function _ln(aIn: bigint): bigint {
  const negativeExponent = aIn < ONE_18;
  let a = negativeExponent ? (ONE_18 * ONE_18) / aIn : aIn;

  let sum = 0n;
  if (a >= a0 * ONE_18) {
    a /= a0; // integer, not fixed point, division
    sum += x0;
  }
  if (a >= a1 * ONE_18) {
    a /= a1;
    sum += x1;
  }

  // Switch to 20 decimals for the remaining factors.
  sum *= 100n;
  a *= 100n;
  for (const [xn, an] of LN_STEPS) {
    if (a >= an) {
      a = (a * ONE_20) / an;
      sum += xn;
    }
  }

  // ln(a) = 2 * artanh(z), z = (a - 1) / (a + 1); a < e^(2^-4) here, so 6 odd terms suffice.
  const z = ((a - ONE_20) * ONE_20) / (a + ONE_20);
  const zSquared = (z * z) / ONE_20;
  let num = z;
  let seriesSum = num;
  for (let d = 3n; d <= 11n; d += 2n) {
    num = (num * zSquared) / ONE_20;
    seriesSum += num / d;
  }
  seriesSum *= 2n;

  const result = (sum + seriesSum) / 100n;
  return negativeExponent ? -result : result;
}

/** ln(x) with 36 decimals for x in (0.9, 1.1): the same artanh series at higher precision, 8 odd terms. */
function _ln_36(xIn: bigint): bigint {
  const x = xIn * ONE_18;
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
