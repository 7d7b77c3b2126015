// UniV3 pool state (slot0 price and tick, in-range liquidity, initialized ticks) and its uint256-word codec.
import type { StateCodec } from '../poolBase.ts';
import { MAX_TICK, MIN_TICK } from './tickMath.ts';

/** One initialized tick: liquidityNet is added when the price crosses it upward, subtracted downward. */
export interface UniV3Tick {
  index: number;
  /** int128. */
  liquidityNet: bigint;
}

/**
 * State of a Uniswap V3 pool. Token 0 / token 1 follow Uniswap ordering (token0 < token1 by address),
 * and pool-local index 0 is token0.
 */
export interface UniV3State {
  /** Swap fee in hundredths of a bip, e.g. 2500 = 0.25%. */
  fee: number;
  tickSpacing: number;
  /** slot0.sqrtPriceX96: sqrt(token1/token0) as Q64.96. */
  sqrtPriceX96: bigint;
  /** slot0.tick; may be one below the tick of sqrtPriceX96 right after a downward swap ended on a tick. */
  tick: number;
  /** In-range liquidity (uint128). */
  liquidity: bigint;
  /**
   * Every initialized tick (liquidityGross > 0), sorted ascending, including ones whose liquidityNet is 0:
   * each one splits a swap step and so affects rounding.
   */
  ticks: readonly UniV3Tick[];
}

// Word layout, fields listed from the least significant bit:
//   word 0: fee (24 bits) | tickSpacing (24) | tick as int24 (24) | tick count (24) | liquidity (128)
//   word 1: sqrtPriceX96 (160)
//   word 2 + i: ticks[i].index as int24 (24) | ticks[i].liquidityNet as int128 (128)
// The count is stored so trailing words (e.g. padding in a fixed-size slot) are ignored on decode.
const MASK24 = (1n << 24n) - 1n;
const MASK128 = (1n << 128n) - 1n;
const INT128_MIN = -(1n << 127n);
const INT128_MAX = (1n << 127n) - 1n;
const MAX_TICKSPACING = 16383; // the factory requires 0 < tickSpacing < 16384
const MAX_TICK_COUNT = Number(MASK24);

function toInt24Word(x: number): bigint {
  return BigInt(x) & MASK24;
}

function fromInt24Word(w: bigint): number {
  const u = Number(w & MASK24);
  return u >= 0x800000 ? u - 0x1000000 : u;
}

function checkState(s: UniV3State): void {
  const fail = (what: string): never => {
    throw new RangeError(`univ3StateCodec: ${what} out of range`);
  };
  if (!Number.isInteger(s.fee) || s.fee < 0 || s.fee >= 1_000_000) fail('fee');
  if (!Number.isInteger(s.tickSpacing) || s.tickSpacing < 1 || s.tickSpacing > MAX_TICKSPACING) fail('tickSpacing');
  if (!Number.isInteger(s.tick) || s.tick < MIN_TICK - 1 || s.tick > MAX_TICK) fail('tick');
  if (s.liquidity < 0n || s.liquidity > MASK128) fail('liquidity');
  if (s.sqrtPriceX96 <= 0n || s.sqrtPriceX96 >= 1n << 160n) fail('sqrtPriceX96');
  if (s.ticks.length > MAX_TICK_COUNT) fail('tick count');
  for (const t of s.ticks) {
    if (!Number.isInteger(t.index) || t.index < MIN_TICK || t.index > MAX_TICK) fail('tick index');
    if (t.liquidityNet < INT128_MIN || t.liquidityNet > INT128_MAX) fail('liquidityNet');
  }
}

/** Encodes UniV3State to 2 + ticks.length uint256 words and back, exactly. Encode throws RangeError on bad state. */
export const univ3StateCodec: StateCodec<UniV3State> = {
  encode(s) {
    checkState(s);
    const words = new Array<bigint>(2 + s.ticks.length);
    words[0] =
      BigInt(s.fee) |
      (BigInt(s.tickSpacing) << 24n) |
      (toInt24Word(s.tick) << 48n) |
      (BigInt(s.ticks.length) << 72n) |
      (s.liquidity << 96n);
    words[1] = s.sqrtPriceX96;
    for (let i = 0; i < s.ticks.length; i++) {
      const t = s.ticks[i];
      words[2 + i] = toInt24Word(t.index) | ((t.liquidityNet & MASK128) << 24n);
    }
    return words;
  },
  decode(words) {
    const head = words[0];
    const count = Number((head >> 72n) & MASK24);
    const ticks = new Array<UniV3Tick>(count);
    for (let i = 0; i < count; i++) {
      const w = words[2 + i];
      const net = (w >> 24n) & MASK128;
      ticks[i] = { index: fromInt24Word(w), liquidityNet: net > INT128_MAX ? net - (1n << 128n) : net };
    }
    return {
      fee: Number(head & MASK24),
      tickSpacing: Number((head >> 24n) & MASK24),
      sqrtPriceX96: words[1],
      tick: fromInt24Word(head >> 48n),
      liquidity: (head >> 96n) & MASK128,
      ticks,
    };
  },
};
