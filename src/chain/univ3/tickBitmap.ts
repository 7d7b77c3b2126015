// Where a V3 pool's tick bitmap can have bits set, and which ticks a bitmap word marks as initialized
// (TickBitmap.position in v3-core: word = compressed tick >> 8, bit = compressed tick & 255).
const MIN_TICK = -887272;
const MAX_TICK = 887272;

/**
 * The first and last bitmap word position a pool with `tickSpacing` can use: usable ticks are the multiples of the
 * spacing within [MIN_TICK, MAX_TICK].
 * @example tickBitmapWordRange(50) // [-70, 69]
 */
export function tickBitmapWordRange(tickSpacing: number): [number, number] {
  const minCompressed = Math.ceil(MIN_TICK / tickSpacing);
  const maxCompressed = Math.floor(MAX_TICK / tickSpacing);
  // >> is an arithmetic shift, i.e. floor division by 256, as int24 >> 8 is in Solidity.
  return [minCompressed >> 8, maxCompressed >> 8];
}

/**
 * The ticks whose bits are set in bitmap word `wordPos`, ascending.
 * @example initializedTicksInWord(-1, 1n << 255n, 60) // [-60]
 */
export function initializedTicksInWord(wordPos: number, word: bigint, tickSpacing: number): number[] {
  const ticks: number[] = [];
  for (let bit = 0; word !== 0n; bit++, word >>= 1n) {
    if (word & 1n) ticks.push((wordPos * 256 + bit) * tickSpacing);
  }
  return ticks;
}
