// The two balv2 pool kinds by name: how to decode each one's words into a pool object.

import type { PoolBase, StateCodec } from '../poolBase.ts';
import { BalV2StablePool } from './composableStable/composableStablePool.ts';
import type { BalV2StableState } from './composableStable/data.ts';
import { balV2StableCodec } from './composableStable/stableCodec.ts';
import type { BalV2WeightedState } from './weighted/data.ts';
import { balV2WeightedCodec } from './weighted/weightedCodec.ts';
import { BalV2WeightedPool } from './weighted/weightedPool.ts';

export interface BalV2Kind<S> {
  codec: StateCodec<S>;
  create(state: S): PoolBase;
}

/** Codec and pool constructor per kind ("balv2Weighted", "balv2Stable"). */
export const BALV2_KINDS = {
  balv2Weighted: {
    codec: balV2WeightedCodec,
    create: (state: BalV2WeightedState) => new BalV2WeightedPool(state),
  } satisfies BalV2Kind<BalV2WeightedState>,
  balv2Stable: {
    codec: balV2StableCodec,
    create: (state: BalV2StableState) => new BalV2StablePool(state),
  } satisfies BalV2Kind<BalV2StableState>,
} as const;

export type BalV2KindName = keyof typeof BALV2_KINDS;

/**
 * Decodes a balv2 pool from its words; throws on a kind this folder does not own.
 * @example poolFromWords('balv2Weighted', balV2WeightedCodec.encode(state)).swapExactIn(0, 1, 10n ** 18n)
 */
export function poolFromWords(kind: string, words: readonly bigint[]): PoolBase {
  if (!Object.hasOwn(BALV2_KINDS, kind)) throw new RangeError(`unknown balv2 pool kind: ${kind}`);
  // Method parameters are bivariant, so each entry is usable through the state-agnostic view.
  const entry: BalV2Kind<unknown> = BALV2_KINDS[kind as BalV2KindName];
  return entry.create(entry.codec.decode(words));
}
