// Gas model: the planning figure behind gasEstimate and net-of-gas ranking, per executor, split, hop kind and
// wrapping step. The figures are calibrated against gasUsed measured on the devnet (bench/gasCalibration.ts,
// bench/results/gasCalibration.json).

/** Which contract executes a route. */
export type GasExecutor = 'aggregator' | 'platformRouter';

/**
 * Gas of one hop through our aggregator router, by pool kind: its calldata, the payment to the pool, the pool's swap
 * and the output transfer. Stable and UniV3 figures exclude what the pool's own loops add (see TICK_CROSS_GAS).
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
/** A wrap or unwrap alone (deposit / withdraw on the wrapped token, no swap). */
export const WRAP_ONLY_GAS = 27_000;
export const UNWRAP_ONLY_GAS = 20_000;

export interface GasShape {
  /** Pool kinds of one path's hops, in order (empty: a wrap or unwrap alone). */
  hopKinds: string[];
  ticksCrossed: number;
  wrapIn: boolean;
  unwrapOut: boolean;
  /** Default 'aggregator'; 'platformRouter' is a UniV2 path on one platform through that platform's own router. */
  executor?: GasExecutor;
}

export interface SplitGasShape {
  /** Pool kinds of each split's hops, splits in execution order. */
  splits: string[][];
  ticksCrossed: number;
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
      (shape.wrapIn ? WRAP_GAS : 0) +
      (shape.unwrapOut ? UNWRAP_GAS : 0)
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
  gas += shape.ticksCrossed * TICK_CROSS_GAS;
  if (shape.wrapIn) gas += WRAP_GAS;
  if (shape.unwrapOut) gas += UNWRAP_GAS;
  return gas;
}
