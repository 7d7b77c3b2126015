// Turns a snapshot's initialized ticks into V3 positions with the same liquidity profile, and back into the ticks
// those positions initialize.
import type { UniV3Tick } from '../../../src/pools/univ3/data.ts';

export interface UniV3Position {
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
}

/**
 * One position per range [tick_i, tick_i+1) between consecutive initialized ticks, holding the running liquidity
 * there (the sum of liquidityNet up to tick_i); empty ranges get none. With `flipped` (the devnet orders the two
 * tokens the other way round, so price p becomes 1/p) each range [a, b) becomes [-b, -a).
 * @example positionsForProfile([{ index: -60, liquidityNet: 5n }, { index: 60, liquidityNet: -5n }], false)
 * // [{ tickLower: -60, tickUpper: 60, liquidity: 5n }]
 */
export function positionsForProfile(ticks: readonly UniV3Tick[], flipped: boolean): UniV3Position[] {
  const positions: UniV3Position[] = [];
  let running = 0n;
  for (let i = 0; i + 1 < ticks.length; i++) {
    running += ticks[i].liquidityNet;
    if (running < 0n) throw new RangeError(`liquidity below zero above tick ${ticks[i].index}`);
    if (running === 0n) continue;
    const [lower, upper] = [ticks[i].index, ticks[i + 1].index];
    const [tickLower, tickUpper] = flipped ? [-upper, -lower] : [lower, upper];
    positions.push({ tickLower, tickUpper, liquidity: running });
  }
  if (running + (ticks.at(-1)?.liquidityNet ?? 0n) !== 0n) throw new RangeError('liquidityNet does not sum to zero');
  return positions;
}

/**
 * The ticks `positions` initialize, ascending, with their liquidityNet (0 where a position ends and another of the
 * same liquidity starts: the tick is still initialized, as the pool counts liquidityGross).
 * @example ticksOfPositions([{ tickLower: -60, tickUpper: 60, liquidity: 5n }])
 * // [{ index: -60, liquidityNet: 5n }, { index: 60, liquidityNet: -5n }]
 */
export function ticksOfPositions(positions: readonly UniV3Position[]): UniV3Tick[] {
  const net = new Map<number, bigint>();
  for (const { tickLower, tickUpper, liquidity } of positions) {
    net.set(tickLower, (net.get(tickLower) ?? 0n) + liquidity);
    net.set(tickUpper, (net.get(tickUpper) ?? 0n) - liquidity);
  }
  return [...net.entries()].sort((a, b) => a[0] - b[0]).map(([index, liquidityNet]) => ({ index, liquidityNet }));
}
