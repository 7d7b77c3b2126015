// Packs a weighted pool's state into uint256 words for the shared-memory graph and back.
// Layout: [n, balances[0..n), weights[0..n), scalingFactors[0..n), swapFeePercentage].

import type { StateCodec } from '../../poolBase.ts';
import type { BalV2WeightedState } from './data.ts';

export const balV2WeightedCodec: StateCodec<BalV2WeightedState> = {
  encode(state: BalV2WeightedState): bigint[] {
    const n = state.balances.length;
    return [BigInt(n), ...state.balances, ...state.weights, ...state.scalingFactors, state.swapFeePercentage];
  },
  decode(words: readonly bigint[]): BalV2WeightedState {
    const n = Number(words[0]);
    if (!Number.isSafeInteger(n) || n < 0 || words.length !== 3 * n + 2) {
      throw new RangeError(`balv2Weighted state needs 3n + 2 words, got ${words.length} for n = ${words[0]}`);
    }
    return {
      balances: words.slice(1, 1 + n),
      weights: words.slice(1 + n, 1 + 2 * n),
      scalingFactors: words.slice(1 + 2 * n, 1 + 3 * n),
      swapFeePercentage: words[1 + 3 * n],
    };
  },
};
