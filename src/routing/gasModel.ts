// Gas model: the planning figure behind gasEstimate and net-of-gas ranking, per executor, split, hop kind, UniV3 step
// and wrapping step. The figures are calibrated against gasUsed measured on the devnet by bench/gasCalibration.ts
// (bench/results/gasCalibration.json), on pools that have traded before and for recipients that may or may not hold
// the output token already (a first balance costs 20,000 gas more; the figures sit between the two).
import type { GraphView } from '../graph/graphView.ts';
import type { PoolBase } from '../pools/poolBase.ts';
import type { Hop } from './types.ts';

/** Which contract executes a route. */
export type GasExecutor = 'aggregator' | 'platformRouter';

/**
 * Gas of one hop through our aggregator router, by pool kind: its calldata, the payment to the pool, the pool's swap
 * and the output transfer. A UniV3 swap's steps beyond its first are TICK_CROSS_GAS and WORD_STEP_GAS.
 */
export const HOP_GAS: Record<string, number> = {
  univ2: 52_300,
  univ3: 62_000,
  stable: 121_200,
  balv2Weighted: 80_500,
  balv2Stable: 133_800,
  balv3Weighted: 113_800,
  balv3Stable: 128_900,
};
/**
 * A hop through a pool an earlier hop of the same transaction already swapped through costs less: the pool's account
 * and storage are warm, its slots already written (and UniV2 price accumulators are written once a block).
 */
export const REPEATED_POOL_SAVING: Record<'univ2' | 'univ3' | 'other', number> = {
  univ2: 32_100,
  univ3: 29_100,
  other: 36_800,
};
/** Each initialized tick a UniV3 swap crosses (a tick crossed before: its fee-growth words already set). */
export const TICK_CROSS_GAS = 23_100;
/** Each tick-bitmap word a UniV3 swap walks past (a loop step that crosses no initialized tick). */
export const WORD_STEP_GAS = 8_500;
export const TX_BASE_GAS = 21_000;
/** Our router's entry: calldata head, deadline, pull of the input, delivery and the recipient balance checks. */
export const ROUTER_OVERHEAD_GAS = 57_900;
/** Each split beyond the first: its calldata and loop (its hops are counted by kind). */
export const SPLIT_GAS = 3_400;
/** Native coin in or out through our router, against an ERC-20 pulled from or sent to the user: about the same. */
export const WRAP_GAS = -2_000;
export const UNWRAP_GAS = -700;
/** A platform's UniswapV2Router02 swapExact* entry, each pair it swaps through, and its wrapping and unwrapping. */
export const PLATFORM_ROUTER_OVERHEAD_GAS = 24_100;
export const PLATFORM_ROUTER_HOP_GAS = 57_600;
export const PLATFORM_ROUTER_WRAP_GAS = 5_700;
export const PLATFORM_ROUTER_UNWRAP_GAS = 3_300;
/** A wrap or unwrap alone (deposit / withdraw on the wrapped token, no swap). */
export const WRAP_ONLY_GAS = 23_900;
export const UNWRAP_ONLY_GAS = 9_300;

export interface GasShape {
  /** Pool kinds of one path's hops, in order (empty: a wrap or unwrap alone). */
  hopKinds: string[];
  ticksCrossed: number;
  /** Tick-bitmap words UniV3 hops walk past; unknown (0) while searching, counted for the quoted route. */
  wordsCrossed?: number;
  /** Kinds of the hops through a pool an earlier hop already used; counted for the quoted route. */
  repeatedHopKinds?: string[];
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
  repeatedHopKinds?: string[];
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

/** Gas of one hop through a pool of this kind (HOP_GAS; a kind without a figure costs as UniV3). */
export function hopGas(kind: string): number {
  return HOP_GAS[kind] ?? HOP_GAS.univ3;
}

/**
 * Gas of a split transaction of our router before its paths, each of which then adds SPLIT_GAS and its hops (the
 * first split pays no SPLIT_GAS): ERC-20 in and out.
 */
export const SPLIT_TX_BASE_GAS = TX_BASE_GAS + ROUTER_OVERHEAD_GAS - SPLIT_GAS;

/**
 * Estimated gas of executing splits (one or more paths) in one call of our aggregator router.
 * @example estimateSplitGas({ splits: [['univ2'], ['univ3']], ticksCrossed: 0, wrapIn: true, unwrapOut: false })
 */
export function estimateSplitGas(shape: SplitGasShape): number {
  let gas = TX_BASE_GAS + ROUTER_OVERHEAD_GAS + Math.max(0, shape.splits.length - 1) * SPLIT_GAS;
  for (const kinds of shape.splits) for (const kind of kinds) gas += hopGas(kind);
  for (const kind of shape.repeatedHopKinds ?? []) gas -= REPEATED_POOL_SAVING[repeatGroup(kind)];
  gas += shape.ticksCrossed * TICK_CROSS_GAS + (shape.wordsCrossed ?? 0) * WORD_STEP_GAS;
  if (shape.wrapIn) gas += WRAP_GAS;
  if (shape.unwrapOut) gas += UNWRAP_GAS;
  return gas;
}

/** Adds paths to a transaction while its estimated gas stays within a cap. */
export interface GasMeter {
  /**
   * Adds the path (and `extraGas`: what the model cannot see in its hops, such as the UniV3 ticks its swaps will
   * cross) and returns true when the transaction with it stays within the cap; otherwise false (nothing added).
   */
  tryAdd(hops: readonly Hop[], extraGas?: number): boolean;
  /**
   * The least gas a transaction spends on a hop through this hop's pool (its first use), with a split's when the hop
   * starts a path: what keeping the pool in a routing costs at the least, whatever the paths through it.
   */
  leastGas(hop: Hop, startsPath: boolean): number;
  /** Gas of the transaction so far: its base, and the paths added. */
  spent(): number;
}

/**
 * A running estimateSplitGas of splits added one at a time, for searches that build a split path by path. It counts
 * UniV3 tick crossings only as its callers estimate them (extraGas): the exact count is known once the split is
 * executed.
 * @example const meter = splitGasMeter(graph, 15_000_000, { wrapIn: false, unwrapOut: false }); meter.tryAdd(path.hops)
 */
export function splitGasMeter(graph: GraphView, maxGasUnits: number, shape: { wrapIn: boolean; unwrapOut: boolean }): GasMeter {
  const used = new Set<number>();
  let gas = SPLIT_TX_BASE_GAS + (shape.wrapIn ? WRAP_GAS : 0) + (shape.unwrapOut ? UNWRAP_GAS : 0);
  return {
    tryAdd(hops, extraGas = 0) {
      let added = SPLIT_GAS + extraGas;
      const pools: number[] = [];
      for (const hop of hops) {
        const kind = graph.poolKind(hop.pool);
        added += hopGas(kind);
        if (used.has(hop.pool) || pools.includes(hop.pool)) added -= REPEATED_POOL_SAVING[repeatGroup(kind)];
        pools.push(hop.pool);
      }
      if (gas + added > maxGasUnits) return false;
      gas += added;
      for (const pool of pools) used.add(pool);
      return true;
    },
    leastGas(hop, startsPath) {
      return hopGas(graph.poolKind(hop.pool)) + (startsPath ? SPLIT_GAS : 0);
    },
    spent: () => gas,
  };
}

/** Gas of a hop through a pool of this kind that an earlier hop of the transaction already used. */
export function repeatedHopGas(kind: string): number {
  return hopGas(kind) - REPEATED_POOL_SAVING[repeatGroup(kind)];
}

/** The REPEATED_POOL_SAVING entry of a pool kind. */
export function repeatGroup(kind: string): 'univ2' | 'univ3' | 'other' {
  return kind === 'univ2' || kind === 'univ3' ? kind : 'other';
}

/**
 * Kinds of the hops through a pool an earlier hop of these paths already used (REPEATED_POOL_SAVING applies to them).
 * @example repeatedHopKinds(graph, [pathA, pathB]) // ['univ2'] when pathB's first pool is also pathA's
 */
export function repeatedHopKinds(graph: GraphView, paths: readonly (readonly Hop[])[]): string[] {
  const used = new Set<number>();
  const kinds: string[] = [];
  for (const hops of paths) {
    for (const hop of hops) {
      if (used.has(hop.pool)) kinds.push(graph.poolKind(hop.pool));
      used.add(hop.pool);
    }
  }
  return kinds;
}

/**
 * The gas each leg of a split adds to estimateSplitGas's figure, so what dropping it alone saves: its split, its hops
 * (through a pool another leg also swaps through, at the repeat's cost) and its UniV3 ticks and words. Exact for legs
 * that swap through a pool once each; a leg through one pool twice is counted one saving short.
 * @example legGas(graph, split.legs) // [108_000, 55_700] for a UniV2 two-hop leg and a one-hop leg through other pools
 */
export function legGas(graph: GraphView, legs: readonly ExecutedLeg[]): number[] {
  const uses = new Map<number, number>();
  for (const leg of legs) for (const hop of leg.hops) uses.set(hop.pool, (uses.get(hop.pool) ?? 0) + 1);
  return legs.map((leg) => {
    let gas = legs.length > 1 ? SPLIT_GAS : 0;
    for (const hop of leg.hops) {
      const kind = graph.poolKind(hop.pool);
      gas += hopGas(kind) - (uses.get(hop.pool)! > 1 ? REPEATED_POOL_SAVING[repeatGroup(kind)] : 0);
    }
    return gas + leg.ticksCrossed * TICK_CROSS_GAS + leg.wordsCrossed * WORD_STEP_GAS;
  });
}

/** One split of a route for routeGasShape: its exact input and hops. */
export interface GasLeg {
  amountIn: bigint;
  hops: readonly Hop[];
}

/**
 * The gas shape of a route, walked with its exact amounts (splits in order, each seeing the pools the splits before
 * it left): each split's hop kinds, the UniV3 initialized ticks crossed and tick-bitmap words walked past, and the
 * hops through a pool already used. Hops that do not execute add their kind only.
 * @example routeGasShape(graph, [{ amountIn, hops: path.hops }]) // { splits: [['univ3']], ticksCrossed: 2, wordsCrossed: 1, repeatedHopKinds: [] }
 */
export function routeGasShape(
  graph: GraphView,
  legs: readonly GasLeg[],
): { splits: string[][]; ticksCrossed: number; wordsCrossed: number; repeatedHopKinds: string[] } {
  const moved = new Map<number, PoolBase>();
  const used = new Set<number>();
  const repeatedHopKinds: string[] = [];
  let ticksCrossed = 0;
  let wordsCrossed = 0;
  const splits = legs.map((leg) => {
    let amount = leg.amountIn;
    return leg.hops.map((hop) => {
      const kind = graph.poolKind(hop.pool);
      if (used.has(hop.pool)) repeatedHopKinds.push(kind);
      used.add(hop.pool);
      const pool = moved.get(hop.pool) ?? graph.pool(hop.pool);
      const executed = amount > 0n ? pool.executeSwapExactIn(hop.localIn, hop.localOut, amount) : null;
      if (!executed) {
        amount = 0n;
        return kind;
      }
      const { swap, after } = executed;
      ticksCrossed += swap.ticksCrossed;
      wordsCrossed += swap.wordsCrossed ?? 0;
      moved.set(hop.pool, after);
      amount = swap.amountOut;
      return kind;
    });
  });
  return { splits, ticksCrossed, wordsCrossed, repeatedHopKinds };
}

/** A split of a route that executed exactly, with what its swaps walked (SplitLeg, PathQuote). */
export interface ExecutedLeg {
  hops: readonly Hop[];
  ticksCrossed: number;
  wordsCrossed: number;
}

/**
 * Estimated gas of a quoted route from its exact execution (the legs of the exact replay carry their UniV3 tick and
 * bitmap-word counts), priced by the executor that will run it: routeGasShape's figure without a second replay.
 * @example estimateExecutedGas(graph, split.legs, { wrapIn: false, unwrapOut: false, executor: 'aggregator' })
 */
export function estimateExecutedGas(
  graph: GraphView,
  legs: readonly ExecutedLeg[],
  options: { wrapIn: boolean; unwrapOut: boolean; executor: GasExecutor },
): number {
  return priceRoute(
    {
      splits: legs.map((leg) => leg.hops.map((hop) => graph.poolKind(hop.pool))),
      ticksCrossed: legs.reduce((sum, leg) => sum + leg.ticksCrossed, 0),
      wordsCrossed: legs.reduce((sum, leg) => sum + leg.wordsCrossed, 0),
      repeatedHopKinds: repeatedHopKinds(graph, legs.map((leg) => leg.hops)),
    },
    options,
  );
}

/**
 * Estimated gas of a route walked exactly here (routeGasShape), priced by the executor that will run it.
 * @example estimateRouteGas(graph, [{ amountIn, hops }], { wrapIn: false, unwrapOut: false, executor: 'aggregator' })
 */
export function estimateRouteGas(
  graph: GraphView,
  legs: readonly GasLeg[],
  options: { wrapIn: boolean; unwrapOut: boolean; executor: GasExecutor },
): number {
  return priceRoute(routeGasShape(graph, legs), options);
}

/** A route's gas from its shape: one path by its executor, several by our router. */
function priceRoute(
  shape: Omit<SplitGasShape, 'wrapIn' | 'unwrapOut'>,
  options: { wrapIn: boolean; unwrapOut: boolean; executor: GasExecutor },
): number {
  if (shape.splits.length === 1) return estimateGas({ ...shape, ...options, hopKinds: shape.splits[0] });
  return estimateSplitGas({ ...shape, ...options });
}
