import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type UniV3State, univ3StateCodec } from '../../../src/pools/univ3/data.ts';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from '../../../src/pools/univ3/tickMath.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { randomState } from './support.ts';

const WORD_LIMIT = 1n << 256n;

function assertRoundTrip(state: UniV3State): void {
  const words = univ3StateCodec.encode(state);
  assert.equal(words.length, 2 + state.ticks.length);
  for (const w of words) assert.ok(typeof w === 'bigint' && w >= 0n && w < WORD_LIMIT, `word ${w}`);
  assert.deepEqual(univ3StateCodec.decode(words), { ...state, ticks: [...state.ticks] });
}

test('codec round-trips 2000 random states exactly into uint256 words', () => {
  const rng = createRandom(1616);
  for (let i = 0; i < 2000; i++) assertRoundTrip(randomState(rng));
});

test('codec round-trips the extremes of every field, signed ones in two\'s complement', () => {
  const int128Max = (1n << 127n) - 1n;
  assertRoundTrip({
    fee: 999_999,
    tickSpacing: 16383,
    sqrtPriceX96: MAX_SQRT_RATIO - 1n,
    tick: MAX_TICK - 1,
    liquidity: (1n << 128n) - 1n,
    ticks: [
      { index: MIN_TICK, liquidityNet: -int128Max - 1n },
      { index: -1, liquidityNet: -1n },
      { index: 0, liquidityNet: 0n },
      { index: MAX_TICK, liquidityNet: int128Max },
    ],
  });
  assertRoundTrip({ fee: 0, tickSpacing: 1, sqrtPriceX96: MIN_SQRT_RATIO, tick: MIN_TICK, liquidity: 0n, ticks: [] });
});

test('decode ignores trailing padding words after the stored tick count', () => {
  const state = randomState(createRandom(1717));
  const words = [...univ3StateCodec.encode(state), 0n, 0n, (1n << 256n) - 1n];
  assert.deepEqual(univ3StateCodec.decode(words), { ...state, ticks: [...state.ticks] });
});

test('encode rejects values that do not fit their fields with RangeError', () => {
  const state = randomState(createRandom(1818));
  for (const bad of [
    { fee: 1_000_000 },
    { tickSpacing: 0 },
    { tick: MAX_TICK + 1 },
    { liquidity: 1n << 128n },
    { liquidity: -1n },
    { sqrtPriceX96: 1n << 160n },
    { ticks: [{ index: 0, liquidityNet: 1n << 127n }] },
    { ticks: [{ index: MIN_TICK - 1, liquidityNet: 0n }] },
  ]) {
    assert.throws(() => univ3StateCodec.encode({ ...state, ...bad }), RangeError, JSON.stringify(bad, (_, v) => String(v)));
  }
});
