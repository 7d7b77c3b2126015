// UniV2 pair state: reserves and the platform's fee, as the pair and its router library see them.
import type { StateCodec } from '../poolBase.ts';

export interface UniV2State {
  reserve0: bigint;
  reserve1: bigint;
  /** Share of the input that reaches the curve: numerator/denominator, e.g. 9971/10000 for a 0.29% fee. */
  feeNumerator: bigint;
  feeDenominator: bigint;
}

export const univ2StateCodec: StateCodec<UniV2State> = {
  encode: (s) => [s.reserve0, s.reserve1, s.feeNumerator, s.feeDenominator],
  decode: (w) => ({ reserve0: w[0], reserve1: w[1], feeNumerator: w[2], feeDenominator: w[3] }),
};
