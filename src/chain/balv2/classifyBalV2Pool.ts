// Decides from probe calls whether a registered Balancer V2 pool is one the engine models, and which kind.
import { type Address, getAddress } from 'viem';
import type { ReadResult } from '../multicall.ts';

/** The calls discovery makes on each registered pool, in this order. */
export const PROBES = [
  'getPoolTokens',
  'getNormalizedWeights',
  'getBptIndex',
  'getAmplificationParameter',
  'getActualSupply',
  'getSwapEnabled',
] as const;

export type ProbeResults = Record<(typeof PROBES)[number], ReadResult>;

export type BalV2PoolClass =
  | { kind: 'balv2Weighted'; tokens: Address[] }
  | { kind: 'balv2Stable'; tokens: Address[]; bptIndex: number };

/** WeightedPool and ComposableStablePool token limits (the BPT not counted). */
const MAX_WEIGHTED_TOKENS = 8;
const MAX_STABLE_TOKENS = 5;

/**
 * The kind of a pool from its probes, or null when the engine cannot model it:
 * - getActualSupply marks the pool generations from September 2022 on (weighted v2+, composable stable), whose
 *   FixedPoint/StableMath the engine ports; weighted v1, legacy and meta stable pools and StablePhantomPool lack it;
 * - getSwapEnabled marks LBPs and managed pools, whose weights move with time and whose swaps can be switched off;
 * - a weighted pool answers getNormalizedWeights and not getBptIndex; a composable stable pool answers getBptIndex
 *   and getAmplificationParameter and registers itself as one of its tokens.
 * @example classifyBalV2Pool(pool.address, probes) // { kind: 'balv2Weighted', tokens: [...] }
 */
export function classifyBalV2Pool(pool: Address, probes: ProbeResults): BalV2PoolClass | null {
  const { getPoolTokens, getNormalizedWeights, getBptIndex, getAmplificationParameter, getActualSupply, getSwapEnabled } =
    probes;
  if (getPoolTokens.status !== 'success' || getActualSupply.status !== 'success') return null;
  if (getSwapEnabled.status === 'success') return null;
  const registered = (getPoolTokens.result as readonly [readonly Address[], readonly bigint[], bigint])[0].map((t) =>
    getAddress(t),
  );

  if (getNormalizedWeights.status === 'success' && getBptIndex.status !== 'success') {
    const weights = getNormalizedWeights.result as readonly bigint[];
    if (weights.length !== registered.length || registered.length < 2 || registered.length > MAX_WEIGHTED_TOKENS) {
      return null;
    }
    return { kind: 'balv2Weighted', tokens: registered };
  }

  if (getBptIndex.status === 'success' && getAmplificationParameter.status === 'success') {
    const bptIndex = Number(getBptIndex.result as bigint);
    if (registered[bptIndex] !== getAddress(pool)) return null;
    const tokens = registered.filter((_, i) => i !== bptIndex);
    if (tokens.length < 2 || tokens.length > MAX_STABLE_TOKENS) return null;
    return { kind: 'balv2Stable', tokens, bptIndex };
  }
  return null;
}
