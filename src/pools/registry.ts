// Lookup table from pool kind to its state codec and pool class; throws on an unknown kind.
import type { PlatformPreset } from '../network/types.ts';
import {
  BalV2StablePool,
  type BalV2StableState,
  BalV2WeightedPool,
  type BalV2WeightedState,
  balV2StableCodec,
  balV2WeightedCodec,
} from './balv2/index.ts';
import {
  BalV3StablePool,
  type BalV3StableState,
  BalV3WeightedPool,
  type BalV3WeightedState,
  balV3StableStateCodec,
  balV3WeightedStateCodec,
} from './balv3/index.ts';
import type { PoolBase, StateCodec } from './poolBase.ts';
import { StablePool, type StableState, FEE_DENOMINATOR as STABLE_FEE_DENOMINATOR, stableStateCodec } from './stable/index.ts';
import { UniV2Pool, univ2StateCodec, type UniV2State } from './univ2/index.ts';
import { UniV3Pool, univ3StateCodec, type UniV3State } from './univ3/index.ts';

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

const Q96 = 2 ** 96;
const BALANCER_FEE_DENOMINATOR = 1e18;
const UNIV3_FEE_DENOMINATOR = 1_000_000;

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

const univ3: PoolKindEntry = {
  codec: univ3StateCodec,
  fromSnapshot: (state) => state,
  create: (state: UniV3State) => new UniV3Pool(state),
  nominalFee: (s: UniV3State) => ({ fee: s.fee, feeDenominator: UNIV3_FEE_DENOMINATOR }),
  // Virtual reserves at the current price: L / sqrtP of token0, L * sqrtP of token1.
  depth: (s: UniV3State) => {
    const sqrtPrice = Number(s.sqrtPriceX96) / Q96;
    const liquidity = Number(s.liquidity);
    return [liquidity / sqrtPrice, liquidity * sqrtPrice];
  },
};

const stable: PoolKindEntry = {
  codec: stableStateCodec,
  fromSnapshot: (state) => state,
  create: (state: StableState) => new StablePool(state),
  nominalFee: (s: StableState) => ({ fee: Number(s.fee), feeDenominator: Number(STABLE_FEE_DENOMINATOR) }),
  depth: (s: StableState) => s.balances.map(Number),
};

const balv2Weighted: PoolKindEntry = {
  codec: balV2WeightedCodec,
  fromSnapshot: (state) => state,
  create: (state: BalV2WeightedState) => new BalV2WeightedPool(state),
  nominalFee: (s: BalV2WeightedState) => ({ fee: Number(s.swapFeePercentage), feeDenominator: BALANCER_FEE_DENOMINATOR }),
  depth: (s: BalV2WeightedState) => s.balances.map(Number),
};

const balv2Stable: PoolKindEntry = {
  codec: balV2StableCodec,
  fromSnapshot: (state) => state,
  create: (state: BalV2StableState) => new BalV2StablePool(state),
  nominalFee: (s: BalV2StableState) => ({ fee: Number(s.swapFeePercentage), feeDenominator: BALANCER_FEE_DENOMINATOR }),
  depth: (s: BalV2StableState) => s.balances.map(Number),
};

const balv3Weighted: PoolKindEntry = {
  codec: balV3WeightedStateCodec,
  fromSnapshot: (state) => state,
  create: (state: BalV3WeightedState) => new BalV3WeightedPool(state),
  nominalFee: (s: BalV3WeightedState) => ({ fee: Number(s.swapFee), feeDenominator: BALANCER_FEE_DENOMINATOR }),
  depth: (s: BalV3WeightedState) => s.balancesRaw.map(Number),
};

const balv3Stable: PoolKindEntry = {
  codec: balV3StableStateCodec,
  fromSnapshot: (state) => state,
  create: (state: BalV3StableState) => new BalV3StablePool(state),
  nominalFee: (s: BalV3StableState) => ({ fee: Number(s.swapFee), feeDenominator: BALANCER_FEE_DENOMINATOR }),
  depth: (s: BalV3StableState) => s.balancesRaw.map(Number),
};

const KINDS: Record<string, PoolKindEntry> = {
  univ2,
  univ3,
  stable,
  balv2Weighted,
  balv2Stable,
  balv3Weighted,
  balv3Stable,
};

/** Pool kinds in a fixed order: the graph stores a kind as its index here. */
export const POOL_KIND_CODES: readonly string[] = Object.keys(KINDS);

/** Returns the registry entry of a pool kind. */
export function poolKind(kind: string): PoolKindEntry {
  const entry = KINDS[kind];
  if (!entry) throw new Error(`Unknown pool kind: ${kind}`);
  return entry;
}
