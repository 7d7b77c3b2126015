// Gas model: the planning figure behind gasEstimate and net-of-gas ranking, per executor, split, hop kind, UniV3 step
// and wrapping step. The figures are calibrated against gasUsed measured on the devnet by bench/gasCalibration.ts
// (bench/results/gasCalibration.json), on pools that have traded before and for recipients that may or may not hold
// the output token already (a first balance costs 20,000 gas more; the figures sit between the two).
import type { GraphView } from '../graph/graphView.ts';
import type { PoolBase } from '../pools/poolBase.ts';
import type { UniV3Pool } from '../pools/univ3/univ3Pool.ts';
import type { Hop } from './types.ts';

/** Which contract executes a route. */
export type GasExecutor = 'aggregator' | 'platformRouter';

/**
 * Gas of one hop through our aggregator router, by pool kind: its calldata, the payment to the pool, the pool's swap
 * and the output transfer. A UniV3 swap's steps beyond its first are TICK_CROSS_GAS and WORD_STEP_GAS.
 */
export const HOP_GAS: Record<string, number> = {
  univ2: 62_000,
  univ3: 95_000,
  stable: 90_000,
  balv2Weighted: 95_000,
  balv2Stable: 105_000,
  balv3Weighted: 115_000,
  balv3Stable: 125_000,
};
/** A UniV2 hop that follows a non-stable hop of its split is paid by that hop directly: one transfer fewer. */
export const UNIV2_PAID_BY_PREVIOUS_HOP_SAVING = 0;
/** Each initialized tick a UniV3 swap crosses. */
export const TICK_CROSS_GAS = 22_000;
/** Each tick-bitmap word a UniV3 swap walks past (a loop step that crosses no initialized tick). */
export const WORD_STEP_GAS = 0;
export const TX_BASE_GAS = 21_000;
/** Our router's entry: calldata head, deadline, pull of the input, delivery and the recipient balance checks. */
export const ROUTER_OVERHEAD_GAS = 30_000;
/** Each split beyond the first: its calldata and loop. */
export const SPLIT_GAS = 0;
export const WRAP_GAS = 27_000;
export const UNWRAP_GAS = 20_000;
/** A platform's UniswapV2Router02 swapExact* entry, and each pair it swaps through. */
export const PLATFORM_ROUTER_OVERHEAD_GAS = 30_000;
export const PLATFORM_ROUTER_HOP_GAS = 62_000;
export const PLATFORM_ROUTER_WRAP_GAS = 27_000;
export const PLATFORM_ROUTER_UNWRAP_GAS = 20_000;
/** A wrap or unwrap alone (deposit / withdraw on the wrapped token, no swap). */
export const WRAP_ONLY_GAS = 27_000;
export const UNWRAP_ONLY_GAS = 20_000;

export interface GasShape {
  /** Pool kinds of one path's hops, in order (empty: a wrap or unwrap alone). */
  hopKinds: string[];
  ticksCrossed: number;
  /** Tick-bitmap words UniV3 hops walk past; unknown (0) while searching, counted for the quoted route. */
  wordsCrossed?: number;
  wrapIn: boolean;
  unwrapOut: boolean;
  /** Default 'aggregator'; 'platformRouter' is a UniV2 path on one platform through that platform's own router. */
  executor?: GasExecutor;
}

export interface SplitGasShape {
  /** Pool kinds of each split's hops, splits in execution order. */
  splits: string[][];
  ticksCrossed: number;
  wordsCrossed?: number;
  wrapIn: boolean;
  unwrapOut: boolean;
}

/**
 * Estimated gas of executing one path (or a wrap or unwrap alone when it has no hops).
 * @example estimateGas({ hopKinds: ['univ2'], ticksCrossed: 0, wrapIn: false, unwrapOut: false })
 */
export function estimateGas(shape: GasShape): number {
  if (shape.hopKinds.length === 0) {
    return TX_BASE_GAS + (shape.wrapIn ? WRAP_ONLY_GAS : 0) + (shape.unwrapOut ? UNWRAP_ONLY_GAS : 0);
  }
  if (shape.executor === 'platformRouter') {
    return (
      TX_BASE_GAS +
      PLATFORM_ROUTER_OVERHEAD_GAS +
      shape.hopKinds.length * PLATFORM_ROUTER_HOP_GAS +
      (shape.wrapIn ? PLATFORM_ROUTER_WRAP_GAS : 0) +
      (shape.unwrapOut ? PLATFORM_ROUTER_UNWRAP_GAS : 0)
    );
  }
  return estimateSplitGas({ ...shape, splits: [shape.hopKinds] });
}

/**
 * Estimated gas of executing splits (one or more paths) in one call of our aggregator router.
 * @example estimateSplitGas({ splits: [['univ2'], ['univ3']], ticksCrossed: 0, wrapIn: true, unwrapOut: false })
 */
export function estimateSplitGas(shape: SplitGasShape): number {
  let gas = TX_BASE_GAS + ROUTER_OVERHEAD_GAS + Math.max(0, shape.splits.length - 1) * SPLIT_GAS;
  for (const kinds of shape.splits) {
    for (let i = 0; i < kinds.length; i++) {
      gas += HOP_GAS[kinds[i]] ?? HOP_GAS.univ3;
      if (kinds[i] === 'univ2' && i > 0 && kinds[i - 1] !== 'stable') gas -= UNIV2_PAID_BY_PREVIOUS_HOP_SAVING;
    }
  }
  gas += shape.ticksCrossed * TICK_CROSS_GAS + (shape.wordsCrossed ?? 0) * WORD_STEP_GAS;
  if (shape.wrapIn) gas += WRAP_GAS;
  if (shape.unwrapOut) gas += UNWRAP_GAS;
  return gas;
}

/** One split of a route for routeGasShape: its exact input and hops. */
export interface GasLeg {
  amountIn: bigint;
  hops: readonly Hop[];
}

/**
 * The gas shape of a route, walked with its exact amounts (splits in order, each seeing the pools the splits before
 * it left): each split's hop kinds, the UniV3 initialized ticks crossed and tick-bitmap words walked past. Hops that
 * do not execute add their kind only.
 * @example routeGasShape(graph, [{ amountIn, hops: path.hops }]) // { splits: [['univ3']], ticksCrossed: 2, wordsCrossed: 1 }
 */
export function routeGasShape(
  graph: GraphView,
  legs: readonly GasLeg[],
): { splits: string[][]; ticksCrossed: number; wordsCrossed: number } {
  const moved = new Map<number, PoolBase>();
  let ticksCrossed = 0;
  let wordsCrossed = 0;
  const splits = legs.map((leg) => {
    let amount = leg.amountIn;
    return leg.hops.map((hop) => {
      const kind = graph.poolKind(hop.pool);
      const pool = moved.get(hop.pool) ?? graph.pool(hop.pool);
      const swap = amount > 0n ? pool.swapExactIn(hop.localIn, hop.localOut, amount) : null;
      const after = swap && pool.afterSwapExactIn(hop.localIn, hop.localOut, amount);
      if (!swap || !after) {
        amount = 0n;
        return kind;
      }
      if (kind === 'univ3') {
        ticksCrossed += swap.ticksCrossed;
        wordsCrossed += bitmapWordsWalked((pool as UniV3Pool).state, (after as UniV3Pool).state);
      }
      moved.set(hop.pool, after);
      amount = swap.amountOut;
      return kind;
    });
  });
  return { splits, ticksCrossed, wordsCrossed };
}

/**
 * Tick-bitmap words between two UniV3 states' ticks: the pool's swap loop stops at every word edge
 * (TickBitmap.nextInitializedTickWithinOneWord searches one 256-bit word of compressed ticks at a time).
 */
function bitmapWordsWalked(before: { tick: number; tickSpacing: number }, after: { tick: number }): number {
  const word = (tick: number) => Math.floor(Math.floor(tick / before.tickSpacing) / 256);
  return Math.abs(word(after.tick) - word(before.tick));
}

/**
 * Estimated gas of a quoted route: routeGasShape's exact walk, priced by the executor that will run it.
 * @example estimateRouteGas(graph, [{ amountIn, hops }], { wrapIn: false, unwrapOut: false, executor: 'aggregator' })
 */
export function estimateRouteGas(
  graph: GraphView,
  legs: readonly GasLeg[],
  options: { wrapIn: boolean; unwrapOut: boolean; executor: GasExecutor },
): number {
  const shape = routeGasShape(graph, legs);
  if (shape.splits.length === 1) return estimateGas({ ...shape, ...options, hopKinds: shape.splits[0] });
  return estimateSplitGas({ ...shape, ...options });
}
