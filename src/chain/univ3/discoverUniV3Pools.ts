// Finds a UniV3 factory's pools from its PoolCreated logs (the factory keeps no list of its pools).
import { type Address, getAddress } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../network/types.ts';
import type { BlockRange, DiscoveredPool, ReadContext } from '../types.ts';
import { univ3FactoryAbi } from './abis.ts';
import { getLogsPaged } from '../getLogsPaged.ts';

/**
 * The pools created by `preset.factory` within `range`, in creation order, with their fee and tick spacing as meta.
 * @example const pools = await discoverUniV3Pools(ctx, 'dexb_v3', preset.platforms.dexb_v3, { fromBlock: 0n, toBlock })
 */
export async function discoverUniV3Pools(
  ctx: ReadContext,
  platformId: DexPlatformId,
  preset: PlatformPreset,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  if (!preset.factory) throw new Error(`${platformId}: a univ3 platform needs a factory address`);
  const factory = getAddress(preset.factory);
  const logs = await getLogsPaged(
    (fromBlock, toBlock) =>
      ctx.client.getLogs({ address: factory, event: univ3FactoryAbi[0], fromBlock, toBlock, strict: true }),
    range,
    {
      onPage: (done, total) =>
        ctx.onProgress?.({ platform: platformId, stage: 'discover', done: Number(done), total: Number(total) }),
    },
  );
  return logs.map((log) => ({
    platform: platformId,
    kind: 'univ3',
    address: getAddress(log.args.pool) as Address,
    tokens: [getAddress(log.args.token0), getAddress(log.args.token1)],
    meta: { fee: Number(log.args.fee), tickSpacing: Number(log.args.tickSpacing) },
  }));
}
