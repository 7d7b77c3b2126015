// Gas model: the planning figure behind gasEstimate and net-of-gas ranking, per hop kind and wrapping step.

/** Gas of one hop by pool kind (a router-executed swap: transfer in, pool swap, transfer out). */
export const HOP_GAS: Record<string, number> = {
  univ2: 62_000,
  univ3: 95_000,
  stable: 90_000,
  balv2Weighted: 95_000,
  balv2Stable: 105_000,
  balv3Weighted: 115_000,
  balv3Stable: 125_000,
};
/** Each initialized tick a UniV3 swap crosses. */
export const TICK_CROSS_GAS = 22_000;
export const TX_BASE_GAS = 21_000;
/** Router entry: calldata, deadline and balance checks. */
export const ROUTER_OVERHEAD_GAS = 30_000;
export const WRAP_GAS = 27_000;
export const UNWRAP_GAS = 20_000;

export interface GasShape {
  hopKinds: string[];
  ticksCrossed: number;
  wrapIn: boolean;
  unwrapOut: boolean;
}

/**
 * Estimated gas of executing a route.
 * @example estimateGas({ hopKinds: ['univ2'], ticksCrossed: 0, wrapIn: false, unwrapOut: false }) // 113000
 */
export function estimateGas(shape: GasShape): number {
  let gas = TX_BASE_GAS;
  if (shape.hopKinds.length > 0) gas += ROUTER_OVERHEAD_GAS;
  for (const kind of shape.hopKinds) gas += HOP_GAS[kind] ?? HOP_GAS.univ3;
  gas += shape.ticksCrossed * TICK_CROSS_GAS;
  if (shape.wrapIn) gas += WRAP_GAS;
  if (shape.unwrapOut) gas += UNWRAP_GAS;
  return gas;
}
