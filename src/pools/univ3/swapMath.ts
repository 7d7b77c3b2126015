// SwapMath.computeSwapStep from Uniswap V3 core: one step of a swap within a single liquidity range.
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/SwapMath.sol
import { mulDiv, mulDivRoundingUp } from './fullMath.ts';
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from './sqrtPriceMath.ts';

/** Fee denominator: fees are in hundredths of a bip (1e6 = 100%). */
const ONE_MILLION = 1_000_000n;

export interface SwapStep {
  /** Price after the step: the target, or short of it when the amount runs out. */
  sqrtRatioNextX96: bigint;
  /** Input consumed by the curve, excluding the fee (rounded up). */
  amountIn: bigint;
  /** Output of the step (rounded down). */
  amountOut: bigint;
  /** Fee charged on the input. */
  feeAmount: bigint;
}

/**
 * Swaps `amountRemaining` (positive: exact input; negative: exact output) from the current price toward the
 * target; direction follows from the two prices. `feePips` is the pool fee in hundredths of a bip (uint24).
 * @example computeSwapStep(2n ** 96n, 2n ** 95n, 10n ** 18n, 1000n, 3000n) // { amountIn: 997n, amountOut: 996n, feeAmount: 3n, ... }
 */
export function computeSwapStep(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: bigint,
): SwapStep {
  const zeroForOne = sqrtRatioCurrentX96 >= sqrtRatioTargetX96;
  const exactIn = amountRemaining >= 0n;
  let sqrtRatioNextX96: bigint;
  let amountIn = 0n;
  let amountOut = 0n;

  if (exactIn) {
    const amountRemainingLessFee = mulDiv(amountRemaining, ONE_MILLION - feePips, ONE_MILLION);
    amountIn = zeroForOne
      ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
      : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true);
    sqrtRatioNextX96 =
      amountRemainingLessFee >= amountIn
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne);
  } else {
    amountOut = zeroForOne
      ? getAmount1Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, false)
      : getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, false);
    sqrtRatioNextX96 =
      -amountRemaining >= amountOut
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromOutput(sqrtRatioCurrentX96, liquidity, -amountRemaining, zeroForOne);
  }

  // Reaching the target keeps the amount computed above; otherwise recompute from the price reached.
  const max = sqrtRatioTargetX96 === sqrtRatioNextX96;
  if (zeroForOne) {
    if (!(max && exactIn)) amountIn = getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true);
    if (!(max && !exactIn)) amountOut = getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false);
  } else {
    if (!(max && exactIn)) amountIn = getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true);
    if (!(max && !exactIn)) amountOut = getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, false);
  }

  // Exact output never pays out more than asked.
  if (!exactIn && amountOut > -amountRemaining) amountOut = -amountRemaining;

  // Short of the target the whole remaining input is spent, so the rest of it is the fee.
  const feeAmount =
    exactIn && sqrtRatioNextX96 !== sqrtRatioTargetX96
      ? amountRemaining - amountIn
      : mulDivRoundingUp(amountIn, feePips, ONE_MILLION - feePips);

  return { sqrtRatioNextX96, amountIn, amountOut, feeAmount };
}
