// SqrtPriceMath from Uniswap V3 core: next sqrt price after an amount in/out, and token deltas between two prices.
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/SqrtPriceMath.sol
// Rounding always favours the pool: inputs round up, outputs round down, prices move the conservative way.
import { UniV3RevertError } from './errors.ts';
import { mulDiv, mulDivRoundingUp } from './fullMath.ts';
import { divRoundingUp } from './unsafeMath.ts';

const RESOLUTION = 96n;
const Q96 = 1n << RESOLUTION;
const Q96_MASK = Q96 - 1n;
const MAX_UINT160 = (1n << 160n) - 1n;
const MAX_UINT256 = (1n << 256n) - 1n;

function toUint160(x: bigint): bigint {
  if (x > MAX_UINT160) throw new UniV3RevertError('SafeCast');
  return x;
}

/**
 * Next sqrt price after adding (add) or removing token0, rounded up so the price moves less than exact.
 * Reproduces the contract's overflow fallback, whose rounding differs from the main formula.
 * @example getNextSqrtPriceFromAmount0RoundingUp(2n ** 96n, 10n ** 18n, 10n ** 18n, true) // 2n ** 95n
 */
export function getNextSqrtPriceFromAmount0RoundingUp(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (amount === 0n) return sqrtPX96;
  const numerator1 = liquidity << RESOLUTION;
  const product = amount * sqrtPX96;

  if (add) {
    // The contract detects a wrapped uint256 product / sum; bigint sees the true value.
    if (product <= MAX_UINT256) {
      const denominator = numerator1 + product;
      if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator);
    }
    const denominator = numerator1 / sqrtPX96 + amount;
    if (denominator > MAX_UINT256) throw new UniV3RevertError('LowGasSafeMath');
    return divRoundingUp(numerator1, denominator);
  }
  // Removing token0: the product must not overflow and the denominator must stay positive.
  if (product > MAX_UINT256 || numerator1 <= product) throw new UniV3RevertError('SqrtPriceMath');
  return toUint160(mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product));
}

/**
 * Next sqrt price after adding (add) or removing token1, rounded down so the price moves less than exact.
 * @example getNextSqrtPriceFromAmount1RoundingDown(2n ** 96n, 10n ** 18n, 10n ** 18n, true) // 2n ** 97n
 */
export function getNextSqrtPriceFromAmount1RoundingDown(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (add) {
    // Both of the contract's branches (shift or mulDiv) compute floor(amount * 2^96 / liquidity).
    const quotient = amount <= MAX_UINT160 ? (amount << RESOLUTION) / liquidity : mulDiv(amount, Q96, liquidity);
    return toUint160(sqrtPX96 + quotient);
  }
  const quotient =
    amount <= MAX_UINT160 ? divRoundingUp(amount << RESOLUTION, liquidity) : mulDivRoundingUp(amount, Q96, liquidity);
  if (sqrtPX96 <= quotient) throw new UniV3RevertError('SqrtPriceMath');
  return sqrtPX96 - quotient;
}

/**
 * Next sqrt price after `amountIn` of the input token (token0 when zeroForOne), never past the exact price.
 * @example getNextSqrtPriceFromInput(2n ** 96n, 10n ** 18n, 10n ** 18n, false) // 2n ** 97n
 */
export function getNextSqrtPriceFromInput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtPX96 <= 0n || liquidity <= 0n) throw new UniV3RevertError('SqrtPriceMath');
  return zeroForOne
    ? getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
    : getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true);
}

/**
 * Next sqrt price after `amountOut` of the output token (token1 when zeroForOne) leaves the pool.
 * @example getNextSqrtPriceFromOutput(2n ** 96n, 10n ** 18n, 5n * 10n ** 17n, true) // 2n ** 95n
 */
export function getNextSqrtPriceFromOutput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountOut: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtPX96 <= 0n || liquidity <= 0n) throw new UniV3RevertError('SqrtPriceMath');
  return zeroForOne
    ? getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountOut, false)
    : getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountOut, false);
}

/**
 * Token0 between two sqrt prices for `liquidity`: L * (sqrtB - sqrtA) / (sqrtA * sqrtB), rounded up or down.
 * @example getAmount0Delta(2n ** 95n, 2n ** 96n, 10n ** 18n, true) // 10n ** 18n
 */
export function getAmount0Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (sqrtRatioAX96 > sqrtRatioBX96) [sqrtRatioAX96, sqrtRatioBX96] = [sqrtRatioBX96, sqrtRatioAX96];
  const numerator1 = liquidity << RESOLUTION;
  const numerator2 = sqrtRatioBX96 - sqrtRatioAX96;
  if (sqrtRatioAX96 <= 0n) throw new UniV3RevertError('SqrtPriceMath');
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, sqrtRatioBX96), sqrtRatioAX96)
    : mulDiv(numerator1, numerator2, sqrtRatioBX96) / sqrtRatioAX96;
}

/**
 * Token1 between two sqrt prices for `liquidity`: L * (sqrtB - sqrtA) / 2^96, rounded up or down.
 * @example getAmount1Delta(2n ** 96n, 2n ** 97n, 10n ** 18n, false) // 10n ** 18n
 */
export function getAmount1Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (sqrtRatioAX96 > sqrtRatioBX96) [sqrtRatioAX96, sqrtRatioBX96] = [sqrtRatioBX96, sqrtRatioAX96];
  // mulDiv(Rounding Up)(liquidity, sqrtB - sqrtA, Q96) as a shift: same value, and a uint128 times a uint160
  // over 2^96 can never overflow uint256.
  const product = liquidity * (sqrtRatioBX96 - sqrtRatioAX96);
  const quotient = product >> RESOLUTION;
  return roundUp && (product & Q96_MASK) !== 0n ? quotient + 1n : quotient;
}
