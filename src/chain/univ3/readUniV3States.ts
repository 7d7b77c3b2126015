// Reads UniV3 pool state at one block through the multicall batcher: slot0 and liquidity, the whole tick bitmap,
// then liquidityNet of every tick the bitmap marks.
import type { PlatformPreset } from '../../network/types.ts';
import type { UniV3State, UniV3Tick } from '../../pools/univ3/data.ts';
import type { ContractRead, ReadResult } from '../multicall.ts';
import type { DiscoveredPool, ReadContext } from '../types.ts';
import { univ3PoolAbi } from './abis.ts';
import { initializedTicksInWord, tickBitmapWordRange } from './tickBitmap.ts';

interface BitmapLayout {
  /** Index of the pool's slot0 read; liquidity follows, then one read per bitmap word. */
  start: number;
  firstWord: number;
  words: number;
}

/**
 * Each pool's UniV3State at `blockNumber`, or null for a pool that is not initialized, has no initialized tick (so
 * no liquidity anywhere) or whose reads fail. Every read is made at `blockNumber`, so the state is one block's.
 * @example const [state] = await readUniV3States(ctx, preset.platforms.dexb_v3, [pool], blockNumber)
 */
export async function readUniV3States(
  ctx: ReadContext,
  _preset: PlatformPreset,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<(UniV3State | null)[]> {
  const reads: ContractRead[] = [];
  const layouts: BitmapLayout[] = pools.map((pool) => {
    const [firstWord, lastWord] = tickBitmapWordRange(Number(pool.meta.tickSpacing));
    const start = reads.length;
    const address = pool.address;
    reads.push({ address, abi: univ3PoolAbi, functionName: 'slot0' });
    reads.push({ address, abi: univ3PoolAbi, functionName: 'liquidity' });
    for (let word = firstWord; word <= lastWord; word++) {
      reads.push({ address, abi: univ3PoolAbi, functionName: 'tickBitmap', args: [word] });
    }
    return { start, firstWord, words: lastWord - firstWord + 1 };
  });
  const heads = await ctx.multicall.read(reads, blockNumber);
  progress(ctx, pools, pools.length / 2);

  // Second round: liquidityNet of each initialized tick, pool by pool in ascending tick order.
  const tickIndices: (number[] | null)[] = pools.map((pool, p) => {
    const { start, firstWord, words } = layouts[p];
    const spacing = Number(pool.meta.tickSpacing);
    const found: number[] = [];
    for (let w = 0; w < words; w++) {
      const word = heads[start + 2 + w];
      if (word.status !== 'success') return null;
      found.push(...initializedTicksInWord(firstWord + w, word.result as bigint, spacing));
    }
    return found;
  });
  const tickReads: ContractRead[] = [];
  pools.forEach((pool, p) => {
    for (const tick of tickIndices[p] ?? []) {
      tickReads.push({ address: pool.address, abi: univ3PoolAbi, functionName: 'ticks', args: [tick] });
    }
  });
  const tickResults = await ctx.multicall.read(tickReads, blockNumber);
  progress(ctx, pools, pools.length);

  let next = 0;
  return pools.map((pool, p) => {
    const indices = tickIndices[p];
    const results = tickResults.slice(next, next + (indices?.length ?? 0));
    next += results.length;
    const slot0 = heads[layouts[p].start];
    const liquidity = heads[layouts[p].start + 1];
    if (indices === null || slot0.status !== 'success' || liquidity.status !== 'success') return null;
    const ticks = readTicks(indices, results);
    const [sqrtPriceX96, tick] = slot0.result as readonly [bigint, number];
    if (ticks === null || ticks.length === 0 || sqrtPriceX96 === 0n) return null;
    return {
      fee: Number(pool.meta.fee),
      tickSpacing: Number(pool.meta.tickSpacing),
      sqrtPriceX96,
      tick,
      liquidity: liquidity.result as bigint,
      ticks,
    };
  });
}

function readTicks(indices: readonly number[], results: readonly ReadResult[]): UniV3Tick[] | null {
  const ticks: UniV3Tick[] = [];
  for (const [i, index] of indices.entries()) {
    const result = results[i];
    if (result.status !== 'success') return null;
    const [, liquidityNet] = result.result as readonly [bigint, bigint];
    ticks.push({ index, liquidityNet });
  }
  return ticks;
}

function progress(ctx: ReadContext, pools: readonly DiscoveredPool[], done: number): void {
  if (pools.length > 0) {
    ctx.onProgress?.({ platform: pools[0].platform, stage: 'state', done: Math.floor(done), total: pools.length });
  }
}
