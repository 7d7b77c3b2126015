// State of Balancer V3 weighted and stable pools as the Vault holds it, and their uint256-word codecs.
import type { StateCodec } from '../poolBase.ts';

/**
 * Fields every V3 pool's swap reads from the Vault. Amounts are raw token units; percentages and rates 1e18 = 100%.
 * `balancesRaw` must be the balances after any pending yield fee, i.e. what the Vault's load step leaves
 * (for pools whose rate tokens pay yield fees the stored raw balance shrinks when the rate grows).
 */
export interface BalV3BaseState {
  balancesRaw: bigint[];
  /** Token decimals (at most 18); the Vault scales by 10^(18 - decimals). */
  decimals: number[];
  /** Rate-provider rates, 1e18 for tokens without one. */
  tokenRates: bigint[];
  /** Static swap fee percentage (pools with a dynamic-fee hook are not modelled). */
  swapFee: bigint;
  /** Protocol + pool creator share of the swap fee; it leaves the pool's balance. */
  aggregateSwapFee: bigint;
}

export interface BalV3WeightedState extends BalV3BaseState {
  /** Normalized weights, 1e18 in total. */
  weights: bigint[];
  /**
   * Per-token minimum live (scaled18) balance WeightedPool 1.0.0 keeps on swaps (`getMinTokenBalances()`; the
   * factory sets max(1e6, 10^(18 - decimals)), see computeMinTokenBalances).
   */
  minTokenBalances: bigint[];
}

export interface BalV3StableState extends BalV3BaseState {
  /** Amplification parameter with AMP_PRECISION 1000 (A = 100 is 100000n), at the quote's timestamp. */
  amp: bigint;
}

// Word layout: [tokenCount, swapFee, aggregateSwapFee, kind header..., balancesRaw..., decimals..., tokenRates...,
// kind per-token arrays...]; weighted has no header and two per-token arrays (weights, minTokenBalances), stable a
// header (amp) and none.

function encodeBase(s: BalV3BaseState, header: bigint[], perToken: bigint[][]): bigint[] {
  const decimals = s.decimals.map((d) => BigInt(d));
  const n = BigInt(s.balancesRaw.length);
  const perTokenWords = [...s.balancesRaw, ...decimals, ...s.tokenRates, ...perToken.flat()];
  return [n, s.swapFee, s.aggregateSwapFee, ...header, ...perTokenWords];
}

function decodeBase(
  w: readonly bigint[],
  headerWords: number,
  perTokenArrays: number,
): { base: BalV3BaseState; header: bigint[]; perToken: bigint[][] } {
  const n = Number(w[0]);
  const start = 3 + headerWords;
  if (!(n >= 2) || w.length !== start + (3 + perTokenArrays) * n) {
    throw new Error(`balv3 state: ${w.length} words do not match ${n} tokens`);
  }
  const array = (k: number) => w.slice(start + k * n, start + (k + 1) * n);
  return {
    base: {
      balancesRaw: array(0),
      decimals: array(1).map(Number),
      tokenRates: array(2),
      swapFee: w[1],
      aggregateSwapFee: w[2],
    },
    header: w.slice(3, start),
    perToken: Array.from({ length: perTokenArrays }, (_, k) => array(3 + k)),
  };
}

export const balV3WeightedStateCodec: StateCodec<BalV3WeightedState> = {
  encode: (s) => encodeBase(s, [], [s.weights, s.minTokenBalances]),
  decode: (w) => {
    const { base, perToken } = decodeBase(w, 0, 2);
    return { ...base, weights: perToken[0], minTokenBalances: perToken[1] };
  },
};

export const balV3StableStateCodec: StateCodec<BalV3StableState> = {
  encode: (s) => encodeBase(s, [s.amp], []),
  decode: (w) => {
    const { base, header } = decodeBase(w, 1, 0);
    return { ...base, amp: header[0] };
  },
};
