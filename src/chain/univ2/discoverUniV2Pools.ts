// Finds a UniV2 platform's pairs: all of them from the factory's allPairs array, or those created in a block range
// from its PairCreated logs.
import { type Address, getAddress } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../network/types.ts';
import type { ContractRead } from '../multicall.ts';
import type { BlockRange, DiscoveredPool, ReadContext } from '../types.ts';
import { PAIR_CREATED_EVENT, univ2FactoryAbi, univ2PairAbi } from './abis.ts';
import { getLogsPaged } from '../getLogsPaged.ts';

/** Pairs per progress step of a full discovery (each step is a few batched eth_calls). */
const PAIRS_PER_STEP = 5_000;

/**
 * The platform's pairs created within `range`, in creation order; with `fromBlock` 0 every pair that exists at
 * `toBlock`, read from `allPairs` through multicall (tens of thousands of pairs in a few dozen eth_calls).
 * @example const pools = await discoverUniV2Pools(ctx, 'dexa_v2', platforms.dexa_v2, { fromBlock: 0n, toBlock: head })
 */
export async function discoverUniV2Pools(
  ctx: ReadContext,
  platformId: DexPlatformId,
  preset: PlatformPreset,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  if (!preset.factory) throw new Error(`${platformId}: a UniV2 platform needs a factory address`);
  const factory = getAddress(preset.factory);
  return range.fromBlock === 0n
    ? allPairs(ctx, platformId, factory, range.toBlock)
    : createdPairs(ctx, platformId, factory, range);
}

async function allPairs(
  ctx: ReadContext,
  platform: DexPlatformId,
  factory: Address,
  blockNumber: bigint,
): Promise<DiscoveredPool[]> {
  const [length] = await ctx.multicall.read(
    [{ address: factory, abi: univ2FactoryAbi, functionName: 'allPairsLength' }],
    blockNumber,
  );
  if (length.status !== 'success') {
    throw new Error(`${platform}: allPairsLength() failed on ${factory}: ${length.error.message}`);
  }
  const total = Number(length.result as bigint);
  const pools: DiscoveredPool[] = [];
  for (let start = 0; start < total; start += PAIRS_PER_STEP) {
    const end = Math.min(start + PAIRS_PER_STEP, total);
    const indexReads: ContractRead[] = [];
    for (let i = start; i < end; i++) {
      indexReads.push({ address: factory, abi: univ2FactoryAbi, functionName: 'allPairs', args: [BigInt(i)] });
    }
    const pairs = (await ctx.multicall.read(indexReads, blockNumber)).map((r) =>
      r.status === 'success' ? (r.result as Address) : null,
    );
    const tokenReads = pairs.flatMap((pair): ContractRead[] =>
      pair
        ? [
            { address: pair, abi: univ2PairAbi, functionName: 'token0' },
            { address: pair, abi: univ2PairAbi, functionName: 'token1' },
          ]
        : [],
    );
    const tokens = await ctx.multicall.read(tokenReads, blockNumber);
    let next = 0;
    for (const pair of pairs) {
      if (!pair) continue;
      const [token0, token1] = [tokens[next++], tokens[next++]];
      // A pair whose tokens cannot be read is no Uniswap V2 pair the engine could model.
      if (token0.status !== 'success' || token1.status !== 'success') continue;
      pools.push(discovered(platform, pair, token0.result as Address, token1.result as Address));
    }
    ctx.onProgress?.({ platform, stage: 'discover', done: end, total });
  }
  return pools;
}

async function createdPairs(
  ctx: ReadContext,
  platform: DexPlatformId,
  factory: Address,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  const logs = await getLogsPaged(
    (fromBlock, toBlock) => ctx.client.getLogs({ address: factory, event: PAIR_CREATED_EVENT, fromBlock, toBlock, strict: true }),
    range,
  );
  return logs.map((log) => discovered(platform, log.args.pair, log.args.token0, log.args.token1));
}

function discovered(platform: DexPlatformId, pair: Address, token0: Address, token1: Address): DiscoveredPool {
  const tokens = [getAddress(token0), getAddress(token1)];
  return { platform, kind: 'univ2', address: getAddress(pair), tokens, meta: {} };
}
