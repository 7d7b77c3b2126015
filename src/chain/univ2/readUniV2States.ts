// Reads UniV2 pair reserves at one block through multicall, as the engine's UniV2State with the platform's fee.
import type { PlatformPreset } from '../../network/types.ts';
import type { UniV2State } from '../../pools/univ2/data.ts';
import type { DiscoveredPool, ReadContext } from '../types.ts';
import { univ2PairAbi } from './abis.ts';

/**
 * Each pair's state at `blockNumber`: getReserves() and the preset's swapFee; null for a pair whose read fails or
 * that has an empty side (nothing can be quoted through it).
 * @example const states = await readUniV2States(ctx, preset.platforms.dexa_v2, pools, head)
 */
export async function readUniV2States(
  ctx: ReadContext,
  preset: PlatformPreset,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<(UniV2State | null)[]> {
  if (!preset.swapFee) throw new Error('A UniV2 platform preset needs a swapFee');
  const feeNumerator = BigInt(preset.swapFee.numerator);
  const feeDenominator = BigInt(preset.swapFee.denominator);
  const results = await ctx.multicall.read(
    pools.map((pool) => ({ address: pool.address, abi: univ2PairAbi, functionName: 'getReserves' })),
    blockNumber,
  );
  if (pools.length > 0) {
    ctx.onProgress?.({ platform: pools[0].platform, stage: 'state', done: pools.length, total: pools.length });
  }
  return results.map((result) => {
    if (result.status !== 'success') return null;
    const [reserve0, reserve1] = result.result as readonly [bigint, bigint, number];
    if (reserve0 === 0n || reserve1 === 0n) return null;
    return { reserve0, reserve1, feeNumerator, feeDenominator };
  });
}
