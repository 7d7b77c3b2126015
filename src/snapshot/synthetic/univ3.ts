// Generates realistic Uniswap V3 pool states: overlapping LP positions around a price, for synthetic snapshots.
import type { UniV3State, UniV3Tick } from '../../pools/univ3/data.ts';
import { MAX_TICK, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from '../../pools/univ3/tickMath.ts';

export interface SynthesizeUniV3Options {
  rng: () => number;
  /** Fee in hundredths of a bip, e.g. 3000. */
  fee: number;
  tickSpacing: number;
  /** Raw token1 units per raw token0 unit. */
  price: number;
  /** Approximate in-range (virtual) liquidity L at the current price. */
  liquidityScale: number;
  /** Number of LP positions; random 3..16 when omitted. */
  positions?: number;
}

interface Position {
  lower: number;
  upper: number;
  liquidity: bigint;
}

/**
 * A pool state built from LP positions aligned to tickSpacing: mostly in range (some narrow, some wide, the
 * odd full-range one) plus a few just above or below the price, so swaps cross several initialized ticks.
 * liquidityNet sums to zero and `liquidity` is exactly the sum over positions with lower <= tick < upper.
 * @example synthesizeUniV3State({ rng: createRandom(1), fee: 3000, tickSpacing: 60, price: 1, liquidityScale: 1e21 })
 */
export function synthesizeUniV3State(opts: SynthesizeUniV3Options): UniV3State {
  const { rng, fee, tickSpacing } = opts;
  const minUsable = Math.ceil(MIN_TICK / tickSpacing) * tickSpacing;
  const maxUsable = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;

  // Keep one spacing of room either side so a range can always contain the price.
  const rawTick = Math.floor(Math.log(opts.price) / Math.log(1.0001));
  const startTick = Math.min(Math.max(rawTick, minUsable + tickSpacing), maxUsable - tickSpacing - 1);
  const lo = getSqrtRatioAtTick(startTick);
  const hi = getSqrtRatioAtTick(startTick + 1);
  const sqrtPriceX96 = lo + (((hi - lo) * BigInt(Math.floor(rng() * 2 ** 32))) >> 32n);
  const tick = getTickAtSqrtRatio(sqrtPriceX96);

  const count = Math.max(1, opts.positions ?? 3 + Math.floor(rng() * 14));
  const numTicks = (maxUsable - minUsable) / tickSpacing + 1;
  // Tick.tickSpacingToMaxLiquidityPerTick: mint reverts above this gross liquidity on one tick.
  const maxPerPosition = ((1n << 128n) - 1n) / BigInt(numTicks) / BigInt(count);
  const toLiquidity = (x: number): bigint => {
    const l = BigInt(Math.max(1, Math.round(x)));
    return l > maxPerPosition ? maxPerPosition : l;
  };

  const base = Math.floor(tick / tickSpacing);
  const shapes: { lower: number; upper: number; inRange: boolean; weight: number }[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng();
    const width =
      kind < 0.35
        ? 1 + Math.floor(rng() * 8) // narrow: a few spacings around the price
        : kind < 0.75
          ? 8 + Math.floor(rng() * 120)
          : 128 + Math.floor(rng() * 2000);
    const fullRange = kind > 0.93;
    const inRange = i === 0 || fullRange || rng() < 0.7;
    let lower: number;
    if (inRange) lower = base - Math.floor(rng() * width);
    else if (rng() < 0.5) lower = base + 1 + Math.floor(rng() * (width + 20));
    else lower = base - width - Math.floor(rng() * (width + 20));
    let lowerTick = fullRange ? minUsable : Math.max(lower * tickSpacing, minUsable);
    let upperTick = fullRange ? maxUsable : Math.min((lower + width) * tickSpacing, maxUsable);
    if (lowerTick >= upperTick) [lowerTick, upperTick] = [base * tickSpacing, maxUsable];
    // Concentrated positions carry more of the in-range liquidity, as on real pools.
    const weight = (0.2 + rng()) * (width <= 8 ? 3 : 1) * (fullRange ? 0.3 : 1);
    shapes.push({ lower: lowerTick, upper: upperTick, inRange: lowerTick <= tick && tick < upperTick, weight });
  }

  const inRangeWeight = shapes.reduce((sum, p) => sum + (p.inRange ? p.weight : 0), 0);
  const positions: Position[] = shapes.map((p) => ({
    lower: p.lower,
    upper: p.upper,
    liquidity: toLiquidity(
      p.inRange ? (opts.liquidityScale * p.weight) / inRangeWeight : opts.liquidityScale * (0.05 + 0.6 * rng()),
    ),
  }));

  const nets = new Map<number, bigint>();
  let liquidity = 0n;
  for (const p of positions) {
    nets.set(p.lower, (nets.get(p.lower) ?? 0n) + p.liquidity);
    nets.set(p.upper, (nets.get(p.upper) ?? 0n) - p.liquidity);
    if (p.lower <= tick && tick < p.upper) liquidity += p.liquidity;
  }
  // Ticks whose nets cancel stay initialized (liquidityGross > 0), as on chain.
  const ticks: UniV3Tick[] = [...nets.entries()]
    .map(([index, liquidityNet]) => ({ index, liquidityNet }))
    .sort((a, b) => a.index - b.index);

  return { fee, tickSpacing, sqrtPriceX96, tick, liquidity, ticks };
}
