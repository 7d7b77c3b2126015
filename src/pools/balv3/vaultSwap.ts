// The V3 Vault's ExactIn swap around a pool's onSwap: scaling, static swap fee, minimum trade amounts, aggregate
// fee and the balance update the Vault stores. Original: Vault.swap / Vault._swap in
// https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/vault/contracts/Vault.sol
// (no hooks, no recovery mode: the aggregate fee is always charged).
import { BalV3RevertError } from './errors.ts';
import { mulDown, mulUp } from './fixedPoint.ts';
import type { BalV3BaseState } from './data.ts';
import {
  computeRateRoundUp,
  decimalScalingFactor,
  toRawUndoRateRoundDown,
  toScaled18ApplyRateRoundDown,
} from './scalingHelpers.ts';
import { add, sub } from './uint256.ts';

/** Smallest scaled18 amount in (after fee) or out the Vault accepts; `_MINIMUM_TRADE_AMOUNT` of the deployment. */
export const _MINIMUM_TRADE_AMOUNT = 1_000_000n;
/** PackedTokenBalance stores raw and live balances in 128 bits each. */
export const MAX_BALANCE = (1n << 128n) - 1n;

/** What the Vault knows of a pool for a swap; live balances are the raw balances scaled18, rounded down. */
export interface VaultPoolData {
  balancesRaw: readonly bigint[];
  balancesLiveScaled18: readonly bigint[];
  decimalScalingFactors: readonly bigint[];
  tokenRates: readonly bigint[];
  swapFeePercentage: bigint;
  aggregateSwapFeePercentage: bigint;
}

/** A pool's onSwap for ExactIn: amount out scaled18 for an amount in (fee already taken) on live balances. */
export type OnSwapExactIn = (
  amountGivenScaled18: bigint,
  balancesLiveScaled18: readonly bigint[],
  indexIn: number,
  indexOut: number,
) => bigint;

export interface VaultSwapResult {
  amountOutRaw: bigint;
  /** Raw balances the Vault stores after the swap (amount in minus the aggregate fee in, amount out out). */
  balancesRaw: bigint[];
  /** Live balances stored with them (raw scaled18, rounded down). */
  balancesLiveScaled18: bigint[];
}

/** Live balances as the Vault loads them: each raw balance scaled18 with its rate, rounded down. */
export function computeBalancesLiveScaled18(
  balancesRaw: readonly bigint[],
  decimalScalingFactors: readonly bigint[],
  tokenRates: readonly bigint[],
): bigint[] {
  return balancesRaw.map((b, i) => toScaled18ApplyRateRoundDown(b, decimalScalingFactors[i], tokenRates[i]));
}

/**
 * The pool as the Vault loads it for a swap (PoolDataLib.load; yield fees are expected to be applied already),
 * or null for a state the Vault could never hold: mismatched lengths, more than 18 decimals, a balance above
 * 128 bits, a zero rate.
 */
export function loadPoolData(state: BalV3BaseState): VaultPoolData | null {
  const { balancesRaw, decimals, tokenRates } = state;
  const n = balancesRaw.length;
  if (n < 2 || decimals.length !== n || tokenRates.length !== n) return null;
  if (!decimals.every((d) => Number.isInteger(d) && d >= 0 && d <= 18)) return null;
  if (!balancesRaw.every((b) => b >= 0n && b <= MAX_BALANCE) || !tokenRates.every((r) => r > 0n)) return null;
  const decimalScalingFactors = decimals.map(decimalScalingFactor);
  try {
    return {
      balancesRaw,
      balancesLiveScaled18: computeBalancesLiveScaled18(balancesRaw, decimalScalingFactors, tokenRates),
      decimalScalingFactors,
      tokenRates,
      swapFeePercentage: state.swapFee,
      aggregateSwapFeePercentage: state.aggregateSwapFee,
    };
  } catch (error) {
    if (error instanceof BalV3RevertError) return null;
    throw error;
  }
}

/**
 * The Vault's ExactIn swap of `amountGivenRaw` of token `indexIn` for token `indexOut`; throws BalV3RevertError
 * wherever the Vault or the pool reverts.
 */
export function swapExactIn(
  pool: VaultPoolData,
  indexIn: number,
  indexOut: number,
  amountGivenRaw: bigint,
  onSwap: OnSwapExactIn,
): VaultSwapResult {
  if (amountGivenRaw === 0n) throw new BalV3RevertError('AmountGivenZero');
  const { balancesRaw, balancesLiveScaled18, decimalScalingFactors, tokenRates } = pool;
  if (!isTokenIndex(indexIn, balancesRaw.length) || !isTokenIndex(indexOut, balancesRaw.length)) {
    throw new BalV3RevertError('TokenNotRegistered');
  }
  if (indexIn === indexOut) throw new BalV3RevertError('CannotSwapSameToken');

  // Rounding the amount in down lowers the apparent input, favouring the pool.
  const amountGivenScaled18 = toScaled18ApplyRateRoundDown(
    amountGivenRaw,
    decimalScalingFactors[indexIn],
    tokenRates[indexIn],
  );
  // The fee is rounded up and taken from the amount in before the pool sees it.
  const totalSwapFeeAmountScaled18 = mulUp(amountGivenScaled18, pool.swapFeePercentage);
  const amountInScaled18 = sub(amountGivenScaled18, totalSwapFeeAmountScaled18);
  _ensureValidSwapAmount(amountInScaled18);

  const amountCalculatedScaled18 = onSwap(amountInScaled18, balancesLiveScaled18, indexIn, indexOut);
  _ensureValidSwapAmount(amountCalculatedScaled18);

  // Leaving the Vault: round down, dividing by the rate rounded up.
  const amountOutRaw = toRawUndoRateRoundDown(
    amountCalculatedScaled18,
    decimalScalingFactors[indexOut],
    computeRateRoundUp(tokenRates[indexOut]),
  );

  // _computeAndChargeAggregateSwapFees: the raw fee rounds down, the aggregate share of it down again, so the
  // fee split favours the LPs; the aggregate share is moved out of the pool's balance.
  let aggregateSwapFeeAmountRaw = 0n;
  if (totalSwapFeeAmountScaled18 > 0n) {
    const totalSwapFeeAmountRaw = toRawUndoRateRoundDown(
      totalSwapFeeAmountScaled18,
      decimalScalingFactors[indexIn],
      tokenRates[indexIn],
    );
    aggregateSwapFeeAmountRaw = mulDown(totalSwapFeeAmountRaw, pool.aggregateSwapFeePercentage);
    if (aggregateSwapFeeAmountRaw > totalSwapFeeAmountRaw) {
      throw new BalV3RevertError('ProtocolFeesExceedTotalCollected');
    }
  }

  const newBalancesRaw = balancesRaw.slice();
  const newBalancesLive = balancesLiveScaled18.slice();
  newBalancesRaw[indexIn] = sub(add(balancesRaw[indexIn], amountGivenRaw), aggregateSwapFeeAmountRaw);
  newBalancesRaw[indexOut] = sub(balancesRaw[indexOut], amountOutRaw);
  for (const i of [indexIn, indexOut]) {
    newBalancesLive[i] = toScaled18ApplyRateRoundDown(newBalancesRaw[i], decimalScalingFactors[i], tokenRates[i]);
    if (newBalancesRaw[i] > MAX_BALANCE || newBalancesLive[i] > MAX_BALANCE) {
      throw new BalV3RevertError('BalanceOverflow');
    }
  }
  return { amountOutRaw, balancesRaw: newBalancesRaw, balancesLiveScaled18: newBalancesLive };
}

function isTokenIndex(index: number, tokenCount: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < tokenCount;
}

/** Two distinct token indices of the pool: what the Vault requires before it looks at amounts. */
export function isTokenPair(indexIn: number, indexOut: number, tokenCount: number): boolean {
  return isTokenIndex(indexIn, tokenCount) && isTokenIndex(indexOut, tokenCount) && indexIn !== indexOut;
}

/** The Vault rejects tiny scaled18 amounts in or out, which could be used to exploit rounding. */
function _ensureValidSwapAmount(tradeAmount: bigint): void {
  if (tradeAmount < _MINIMUM_TRADE_AMOUNT) throw new BalV3RevertError('TradeAmountTooSmall');
}
