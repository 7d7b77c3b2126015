// Curve StableSwap pool state (PancakeSwap/DexA Solidity port of Curve's 3pool) and its word codec.
import type { StateCodec } from '../poolBase.ts';

/** Curve's PRECISION: xp = balance * rate / PRECISION is an 18-decimal amount. */
export const PRECISION = 10n ** 18n;
/** Curve's FEE_DENOMINATOR: fee and admin fee are fractions of 1e10. */
export const FEE_DENOMINATOR = 10n ** 10n;
/** The pool contracts this ports exist for 2 (TwoPool) to 4 coins (Curve's 4-coin pools). */
export const MIN_COINS = 2;
export const MAX_COINS = 4;

export interface StableState {
  /** balances(i): the pool's accounted raw token amounts (admin fees already taken out), 2..4 coins. */
  balances: bigint[];
  /** RATES(i) = PRECISION * PRECISION_MUL[i] = 10^(36 - decimals), so balance * rate / 1e18 has 18 decimals. */
  rates: bigint[];
  /**
   * A as `A()` returns it: the plain amplification coefficient (e.g. 1000), no A_PRECISION factor and not
   * A * n^(n-1). The Pancake port, like Curve's 3pool, computes `Ann = amp * N_COINS` from it.
   */
  amp: bigint;
  /** fee(): swap fee as a fraction of FEE_DENOMINATOR (4_000_000 = 0.04%), charged on the output. */
  fee: bigint;
  /** admin_fee(): share of the swap fee (of FEE_DENOMINATOR) that leaves `balances` for the admin. */
  adminFee: bigint;
}

/**
 * The RATES entry of a coin with `decimals` (at most 18), as the Pancake constructor sets it.
 * @example rateFromDecimals(6) // 10n ** 30n
 */
export function rateFromDecimals(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
    throw new RangeError(`StableSwap coin decimals must be 0..18, got ${decimals}`);
  }
  return PRECISION * 10n ** BigInt(18 - decimals);
}

/** Words: [coins, amp, fee, adminFee, balances..., rates...]. */
export const stableStateCodec: StateCodec<StableState> = {
  encode: (s) => [BigInt(s.balances.length), s.amp, s.fee, s.adminFee, ...s.balances, ...s.rates],
  decode: (w) => {
    const n = Number(w[0]);
    if (!(n >= MIN_COINS && n <= MAX_COINS) || w.length < 4 + 2 * n) {
      throw new RangeError(`Malformed stable pool words: ${w.length} words for ${w[0]} coins`);
    }
    return {
      amp: w[1],
      fee: w[2],
      adminFee: w[3],
      balances: w.slice(4, 4 + n),
      rates: w.slice(4 + n, 4 + 2 * n),
    };
  },
};
