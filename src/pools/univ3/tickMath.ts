// TickMath from Uniswap V3 core: tick <-> sqrt(1.0001^tick) as a Q64.96, bit for bit as the contract computes it.
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/TickMath.sol
import { UniV3RevertError } from './errors.ts';

/** The minimum tick: log base 1.0001 of 2**-128. */
export const MIN_TICK = -887272;
/** The maximum tick: log base 1.0001 of 2**128. */
export const MAX_TICK = -MIN_TICK;
/** getSqrtRatioAtTick(MIN_TICK). */
export const MIN_SQRT_RATIO = 4295128739n;
/** getSqrtRatioAtTick(MAX_TICK). */
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

const MAX_UINT256 = (1n << 256n) - 1n;

// 2**128 / sqrt(1.0001)**(2**i) for i = 1..19 as Q128.128; bit 0 picks the starting value below.
const RATIO_FACTORS: readonly bigint[] = [
  0xfff97272373d413259a46990580e213an,
  0xfff2e50f5f656932ef12357cf3c7fdccn,
  0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n,
  0xff973b41fa98c081472e6896dfb254c0n,
  0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n,
  0xfcbe86c7900a88aedcffc83b479aa3a4n,
  0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n,
  0xe7159475a2c29b7443b29c7fa6e889d9n,
  0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n,
  0x70d869a156d2a1b890bb3df62baf32f7n,
  0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n,
  0x5d6af8dedb81196699c329225ee604n,
  0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
];
const RATIO_ODD = 0xfffcb933bd6fad37aa2d162d1a594001n;
const Q128 = 1n << 128n;
const Q32_MASK = (1n << 32n) - 1n;

/**
 * sqrt(1.0001^tick) * 2^96, rounded up from the Q128.128 product as the contract does; reverts 'T' outside
 * [MIN_TICK, MAX_TICK].
 * @example getSqrtRatioAtTick(0) // 79228162514264337593543950336n (2n ** 96n)
 */
export function getSqrtRatioAtTick(tick: number): bigint {
  const absTick = tick < 0 ? -tick : tick;
  if (!(absTick <= MAX_TICK) || !Number.isInteger(tick)) throw new UniV3RevertError('T');

  let ratio = (absTick & 1) !== 0 ? RATIO_ODD : Q128;
  for (let bit = 1; bit < 20; bit++) {
    if ((absTick & (1 << bit)) !== 0) ratio = (ratio * RATIO_FACTORS[bit - 1]) >> 128n;
  }
  // The factors are for negative ticks; a positive tick is the reciprocal.
  if (tick > 0) ratio = MAX_UINT256 / ratio;

  // Q128.128 -> Q64.96, rounding up so getTickAtSqrtRatio of the result is consistent.
  return (ratio >> 32n) + ((ratio & Q32_MASK) === 0n ? 0n : 1n);
}

const MSB_SHIFTS = [128, 64, 32, 16, 8, 4, 2, 1].map((shift) => [shift, BigInt(shift)] as const);

// Most significant bit by halving, as the contract's assembly does (x > 0).
function mostSignificantBit(x: bigint): number {
  let msb = 0;
  for (const [shift, shiftN] of MSB_SHIFTS) {
    if (x >> shiftN !== 0n) {
      x >>= shiftN;
      msb += shift;
    }
  }
  return msb;
}

/**
 * ln(2^96), and ln(sqrt(1.0001)): a tick's width in ln of the sqrt ratio (log1p: the double nearest 1.0001 is off by
 * 1e-13 of ln(1.0001), which at the largest ticks would put the estimate 1e-7 ticks off).
 */
const LN_Q96 = 96 * Math.LN2;
const LN_SQRT_10001 = Math.log1p(1e-4) / 2;
/**
 * How far (in ticks) the float estimate must lie from a tick for its floor to be the contract's answer. The estimate
 * is within 1e-9 ticks of the exact log: the double's ln of a ratio below 2^160 (under 111) is off by under 3e-14,
 * a tick is 5e-5 wide in ln, and LN_SQRT_10001's own error adds about 1e-10 at the largest ticks. getSqrtRatioAtTick
 * is within 5e-6 ticks of the exact sqrt ratio (its rounding up to a whole Q96 unit is under 2.4e-10 of
 * MIN_SQRT_RATIO, its Q128 factors far finer).
 */
const FLOAT_MARGIN = 1e-4;

/**
 * The greatest tick whose sqrt ratio is <= sqrtPriceX96 (the contract's answer); reverts 'R' outside
 * [MIN_SQRT_RATIO, MAX_SQRT_RATIO). From a float log when that lies more than FLOAT_MARGIN from a tick (the same
 * tick, at a twentieth of the cost: the last step of nearly every UniV3 swap stops inside a range and needs it);
 * otherwise as the contract computes it.
 * @example getTickAtSqrtRatio(2n ** 96n) // 0
 */
export function getTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) throw new UniV3RevertError('R');
  const estimate = (Math.log(Number(sqrtPriceX96)) - LN_Q96) / LN_SQRT_10001;
  const tick = Math.floor(estimate);
  const within = estimate - tick;
  if (within > FLOAT_MARGIN && within < 1 - FLOAT_MARGIN) return tick;
  return contractTickAtSqrtRatio(sqrtPriceX96);
}

/**
 * getTickAtSqrtRatio bit for bit as the contract computes it: log2 by repeated squaring, then the two candidate
 * ticks its error bounds leave, resolved by getSqrtRatioAtTick. For sqrt ratios in range.
 * @example contractTickAtSqrtRatio(2n ** 96n) // 0
 */
export function contractTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  const ratio = sqrtPriceX96 << 32n;

  const msb = mostSignificantBit(ratio);
  let r = msb >= 128 ? ratio >> BigInt(msb - 127) : ratio << BigInt(127 - msb);

  // log2 as signed Q64.64: integer part from msb, then 14 fraction bits by repeated squaring.
  let log2 = BigInt(msb - 128) << 64n;
  for (let bit = 63n; bit >= 50n; bit--) {
    r = (r * r) >> 127n;
    const f = r >> 128n;
    log2 |= f << bit;
    r >>= f;
  }

  // log base sqrt(1.0001) as Q128.128; the error bounds give a candidate pair, resolved exactly below.
  const logSqrt10001 = log2 * 255738958999603826347141n;
  const tickLow = Number((logSqrt10001 - 3402992956809132418596140100660247210n) >> 128n);
  const tickHigh = Number((logSqrt10001 + 291339464771989622907027621153398088495n) >> 128n);

  if (tickLow === tickHigh) return tickLow;
  return getSqrtRatioAtTick(tickHigh) <= sqrtPriceX96 ? tickHigh : tickLow;
}
