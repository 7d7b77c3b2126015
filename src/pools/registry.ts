// Lookup table from pool kind to its state codec and pool class; throws on an unknown kind.
import type { PlatformPreset } from '../network/types.ts';
import type { PoolBase, StateCodec } from './poolBase.ts';
import { UniV2Pool, univ2StateCodec, type UniV2State } from './univ2/index.ts';

export interface PoolKindEntry {
  codec: StateCodec<any>;
  /** Completes snapshot state with platform-wide facts (e.g. the UniV2 fee) before encoding. */
  fromSnapshot(state: Record<string, unknown>, platform: PlatformPreset): unknown;
  create(state: any): PoolBase;
  /** The pool's nominal fee as the client library reads it: fee / feeDenominator of the input. */
  nominalFee(state: any): { fee: number; feeDenominator: number };
  /** Float reserves per tradable token (virtual reserves for concentrated liquidity), to rank pools by depth. */
  depth(state: any): number[];
}

const univ2: PoolKindEntry = {
  codec: univ2StateCodec,
  fromSnapshot: (state, platform) => ({
    reserve0: state.reserve0,
    reserve1: state.reserve1,
    feeNumerator: BigInt(platform.swapFee!.numerator),
    feeDenominator: BigInt(platform.swapFee!.denominator),
  }),
  create: (state: UniV2State) => new UniV2Pool(state),
  nominalFee: (s: UniV2State) => ({
    fee: Number(s.feeDenominator - s.feeNumerator),
    feeDenominator: Number(s.feeDenominator),
  }),
  depth: (s: UniV2State) => [Number(s.reserve0), Number(s.reserve1)],
};

const KINDS: Record<string, PoolKindEntry> = { univ2 };

/** Pool kinds in a fixed order: the graph stores a kind as its index here. */
export const POOL_KIND_CODES: readonly string[] = Object.keys(KINDS);

/** Returns the registry entry of a pool kind. */
export function poolKind(kind: string): PoolKindEntry {
  const entry = KINDS[kind];
  if (!entry) throw new Error(`Unknown pool kind: ${kind}`);
  return entry;
}
