// The UniV3 reader's pure helpers: the tick bitmap's word range and bit decoding, and paged eth_getLogs that halves
// its span when the node refuses a page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getLogsPaged } from '../../../src/chain/getLogsPaged.ts';
import { initializedTicksInWord, tickBitmapWordRange } from '../../../src/chain/univ3/tickBitmap.ts';

describe('tick bitmap helpers', () => {
  it('spans the words of the usable ticks for each preset tick spacing', () => {
    assert.deepStrictEqual(tickBitmapWordRange(1), [-3466, 3465]);
    assert.deepStrictEqual(tickBitmapWordRange(10), [-347, 346]);
    assert.deepStrictEqual(tickBitmapWordRange(50), [-70, 69]);
    assert.deepStrictEqual(tickBitmapWordRange(200), [-18, 17]);
    assert.deepStrictEqual(tickBitmapWordRange(400), [-9, 8]);
  });

  it('decodes set bits to ticks, negative words counting up from their lowest tick', () => {
    assert.deepStrictEqual(initializedTicksInWord(-1, 1n << 255n, 60), [-60]);
    assert.deepStrictEqual(initializedTicksInWord(-1, 1n, 60), [-256 * 60]);
    assert.deepStrictEqual(initializedTicksInWord(0, 1n | (1n << 3n), 10), [0, 30]);
    assert.deepStrictEqual(initializedTicksInWord(2, 0n, 1), []);
    assert.deepStrictEqual(initializedTicksInWord(-3466, 1n << 120n, 1), [-887176]);
  });
});

describe('getLogsPaged', () => {
  it('covers the range exactly once, in order, halving the span while the node refuses it', async () => {
    const asked: [bigint, bigint][] = [];
    const logs = await getLogsPaged(
      async (from, to) => {
        asked.push([from, to]);
        if (to - from + 1n > 1000n) throw new Error('range too large');
        const blocks: bigint[] = [];
        for (let b = from; b <= to; b += 700n) blocks.push(b);
        return blocks;
      },
      { fromBlock: 5n, toBlock: 10_004n },
      { initialSpan: 4000n },
    );
    const served = asked.filter(([from, to]) => to - from + 1n <= 1000n);
    assert.equal(served[0][0], 5n);
    assert.equal(served.at(-1)![1], 10_004n);
    for (let i = 1; i < served.length; i++) assert.equal(served[i][0], served[i - 1][1] + 1n);
    assert.deepStrictEqual(logs, served.flatMap(([from, to]) => {
      const blocks: bigint[] = [];
      for (let b = from; b <= to; b += 700n) blocks.push(b);
      return blocks;
    }));
    // After the refusals it stays at the largest span not refused: no further failed requests.
    assert.deepStrictEqual(asked.slice(0, 4), [[5n, 4004n], [5n, 2004n], [5n, 1004n], [1005n, 2004n]]);
    assert.equal(asked.length, 2 + 10);
  });

  it('rethrows when even a single block fails', async () => {
    await assert.rejects(
      getLogsPaged(async () => {
        throw new Error('node down');
      }, { fromBlock: 0n, toBlock: 3n }),
      /node down/,
    );
  });
});
