// Packs a composable stable pool's state into uint256 words for the shared-memory graph and back.
// Layout: [n, amp, swapFeePercentage, balances[0..n), scalingFactors[0..n)].

import type { StateCodec } from '../../poolBase.ts';
import type { BalV2StableState } from './data.ts';

export const balV2StableCodec: StateCodec<BalV2StableState> = {
  encode(state: BalV2StableState): bigint[] {
    const n = state.balances.length;
    return [BigInt(n), state.amp, state.swapFeePercentage, ...state.balances, ...state.scalingFactors];
  },
  decode(words: readonly bigint[]): BalV2StableState {
    const n = Number(words[0]);
    if (!Number.isSafeInteger(n) || n < 0 || words.length !== 2 * n + 3) {
      throw new RangeError(`balv2Stable state needs 2n + 3 words, got ${words.length} for n = ${words[0]}`);
    }
    return {
      amp: words[1],
      swapFeePercentage: words[2],
      balances: words.slice(3, 3 + n),
      scalingFactors: words.slice(3 + n, 3 + 2 * n),
    };
  },
};
