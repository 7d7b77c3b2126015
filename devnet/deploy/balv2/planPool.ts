// Turns a snapshot pool into what the devnet can build: tokens in Balancer's sorted order, parameters clamped to what
// the contracts accept, and the engine state those contracts will then hold.
import type { Address } from 'viem';
import type { BalV2StableState } from '../../../src/pools/balv2/composableStable/data.ts';
import type { BalV2WeightedState } from '../../../src/pools/balv2/weighted/data.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import type { DevnetTokens } from '../types.ts';
import { compareAddresses } from './compareAddresses.ts';

const ONE = 10n ** 18n;
/** BasePool's swap fee bounds (0.0001% .. 10%). */
const MIN_SWAP_FEE = 10n ** 12n;
const MAX_SWAP_FEE = 10n ** 17n;
/** WeightedPool's smallest normalised weight (1%). */
const MIN_WEIGHT = 10n ** 16n;
const AMP_PRECISION = 1000n;
const MIN_AMP = 1n;
const MAX_AMP = 5000n;
/** The Vault packs balances into 112 bits. */
const MAX_BALANCE = (1n << 112n) - 1n;

interface PlanBase {
  /** Indices into DevnetTokens.list in pool order (sorted by devnet address). */
  tokenIndices: number[];
  tokens: Address[];
  /** INIT amounts, in pool order. */
  balances: bigint[];
  swapFeePercentage: bigint;
}

export interface WeightedPoolPlan extends PlanBase {
  kind: 'balv2Weighted';
  weights: bigint[];
  state: BalV2WeightedState;
}

export interface StablePoolPlan extends PlanBase {
  kind: 'balv2Stable';
  /** A without AMP_PRECISION, as the factory takes it. */
  amplificationParameter: bigint;
  state: BalV2StableState;
}

export type BalancerV2PoolPlan = WeightedPoolPlan | StablePoolPlan;

/**
 * The devnet version of a snapshot balv2 pool. Differences from the snapshot, all forced by the contracts: tokens are
 * re-sorted by their devnet addresses (weights and balances follow them); the swap fee is clamped to [1e12, 1e17];
 * weights are raised to 1% and made to sum to exactly 1e18 (the largest absorbs the difference); A is rounded to a
 * whole number in 1..5000; balances are clamped to [1, 2^112); scaling factors come from decimals alone because no
 * rate providers are deployed (a snapshot rate other than 1 is not reproduced).
 * @example const plan = planBalancerV2Pool(seed.pools[0], seed.tokens)
 */
export function planBalancerV2Pool(pool: SnapshotPool, tokens: DevnetTokens): BalancerV2PoolPlan {
  const state = pool.state;
  const order = pool.tokens
    .map((token, position) => ({ token, position, address: tokens.list[token].address as Address }))
    .sort((a, b) => compareAddresses(a.address, b.address));
  const inPoolOrder = <T>(values: readonly T[]): T[] => order.map((o) => values[o.position]);
  const decimals = order.map((o) => tokens.list[o.token].decimals);
  const base = {
    tokenIndices: order.map((o) => o.token),
    tokens: order.map((o) => o.address),
    balances: inPoolOrder(asBigints(state.balances)).map((b) => clamp(b, 1n, MAX_BALANCE)),
    swapFeePercentage: clamp(BigInt(state.swapFeePercentage as bigint), MIN_SWAP_FEE, MAX_SWAP_FEE),
  };
  const scalingFactors = decimals.map((d) => 10n ** BigInt(18 - d) * ONE);

  if (pool.kind === 'balv2Weighted') {
    const weights = normaliseWeights(inPoolOrder(asBigints(state.weights)));
    return {
      ...base,
      kind: 'balv2Weighted',
      weights,
      state: { balances: base.balances, weights, scalingFactors, swapFeePercentage: base.swapFeePercentage },
    };
  }
  if (pool.kind === 'balv2Stable') {
    const amp = BigInt(state.amp as bigint);
    const amplificationParameter = clamp((amp + AMP_PRECISION / 2n) / AMP_PRECISION, MIN_AMP, MAX_AMP);
    return {
      ...base,
      kind: 'balv2Stable',
      amplificationParameter,
      state: {
        balances: base.balances,
        scalingFactors,
        amp: amplificationParameter * AMP_PRECISION,
        swapFeePercentage: base.swapFeePercentage,
      },
    };
  }
  throw new RangeError(`not a Balancer V2 pool kind: ${pool.kind}`);
}

/** Weights of at least 1% summing to exactly ONE, as WeightedPool's constructor demands. */
function normaliseWeights(weights: bigint[]): bigint[] {
  const raised = weights.map((w) => (w < MIN_WEIGHT ? MIN_WEIGHT : w));
  const largest = raised.indexOf(raised.reduce((m, w) => (w > m ? w : m), 0n));
  raised[largest] += ONE - raised.reduce((s, w) => s + w, 0n);
  return raised;
}

/** Snapshot state holds bigints (decimal strings in the file are revived on read). */
function asBigints(values: unknown): bigint[] {
  return (values as (bigint | string)[]).map((v) => BigInt(v));
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}
