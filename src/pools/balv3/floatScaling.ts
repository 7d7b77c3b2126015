// Float views of a loaded V3 pool for estimateOut, in scaled18 units (raw amount * decimal scaling * rate).
import { computeRateRoundUp } from './scalingHelpers.ts';
import type { VaultPoolData } from './vaultSwap.ts';

/** _MINIMUM_TRADE_AMOUNT as a float. */
export const MIN_TRADE_FLOAT = 1e6;
/** MAX_BALANCE (2^128 - 1) as a float: no live balance may grow past it. */
export const MAX_BALANCE_FLOAT = 2 ** 128;

export interface FloatScaling {
  /** Live balances (scaled18). */
  live: Float64Array;
  /** Raw amount in -> scaled18 (decimal scaling and rate). */
  toScaled: Float64Array;
  /** Scaled18 -> raw amount out (with the rate rounded up, as the Vault unscales amounts out). */
  fromScaled: Float64Array;
  swapFee: number;
}

export function floatScaling(data: VaultPoolData): FloatScaling {
  const n = data.balancesRaw.length;
  const scaling: FloatScaling = {
    live: new Float64Array(n),
    toScaled: new Float64Array(n),
    fromScaled: new Float64Array(n),
    swapFee: Number(data.swapFeePercentage) / 1e18,
  };
  for (let i = 0; i < n; i++) {
    const sf = data.decimalScalingFactors[i];
    scaling.live[i] = Number(data.balancesLiveScaled18[i]);
    scaling.toScaled[i] = Number(sf * data.tokenRates[i]) / 1e18;
    scaling.fromScaled[i] = 1e18 / Number(sf * computeRateRoundUp(data.tokenRates[i]));
  }
  return scaling;
}

/**
 * Scaled18 amount the pool sees for a raw amount in: rounded down, less the swap fee rounded up, as the Vault
 * does; the roundings matter only near the 1e6 minimum, where a wei is a millionth.
 */
export function amountInAfterFee(scaling: FloatScaling, tokenIn: number, amountIn: number): number {
  const scaled = Math.floor(amountIn * scaling.toScaled[tokenIn]);
  return scaled - Math.ceil(scaled * scaling.swapFee);
}
