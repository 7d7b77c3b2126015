// Finds a Balancer V3 platform's pools: Vault registrations, minus pools with hooks, typed by probing the pool.
import { type Address, zeroAddress } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../network/types.ts';
import type { ContractRead, ReadResult } from '../multicall.ts';
import type { BlockRange, DiscoveredPool, ReadContext } from '../types.ts';
import { balV3StablePoolAbi, balV3WeightedPoolAbi } from './abis.ts';
import { fetchBalV3Registrations } from './fetchBalV3Registrations.ts';

/**
 * Pools registered with the platform's Vault within `range` that the engine can quote: no hooks contract (hooks
 * can change fees and amounts), and a pool that answers getNormalizedWeights and getMinTokenBalances (balv3Weighted;
 * a WeightedPool before 1.0.0 lacks the latter and prices without the minimum balances and the one wei the engine
 * models, so it is left out) or getAmplificationParameter (balv3Stable) at `range.toBlock`. `meta.factory` names the
 * pool's factory.
 * @example const pools = await discoverBalV3Pools(ctx, 'dexe_v3', preset, { fromBlock: 0n, toBlock: head })
 */
export async function discoverBalV3Pools(
  ctx: ReadContext,
  platformId: DexPlatformId,
  preset: PlatformPreset,
  range: BlockRange,
): Promise<DiscoveredPool[]> {
  if (!preset.vault) throw new Error(`${platformId}: a balv3 platform needs a vault address`);
  const registrations = await fetchBalV3Registrations(ctx.client, preset.vault as Address, range, {
    onPage: (done, total) =>
      ctx.onProgress?.({ platform: platformId, stage: 'discover', done: Number(done), total: Number(total) }),
  });
  const candidates = registrations.filter((r) => r.hooksContract === zeroAddress);

  const reads: ContractRead[] = candidates.flatMap((r) => [
    { address: r.pool, abi: balV3WeightedPoolAbi, functionName: 'getNormalizedWeights' },
    { address: r.pool, abi: balV3WeightedPoolAbi, functionName: 'getMinTokenBalances' },
    { address: r.pool, abi: balV3StablePoolAbi, functionName: 'getAmplificationParameter' },
  ]);
  const answers = await ctx.multicall.read(reads, range.toBlock);
  const perToken = (answer: ReadResult, tokens: number) =>
    answer.status === 'success' && (answer.result as readonly bigint[]).length === tokens;

  const pools: DiscoveredPool[] = [];
  candidates.forEach((r, i) => {
    const [weights, minimums, amp] = answers.slice(3 * i, 3 * i + 3);
    let kind: string;
    if (perToken(weights, r.tokens.length) && perToken(minimums, r.tokens.length)) {
      kind = 'balv3Weighted';
    } else if (amp.status === 'success') {
      kind = 'balv3Stable';
    } else {
      return; // another pool type (Gyro, reCLAMM, ...) the engine has no maths for
    }
    pools.push({ platform: platformId, kind, address: r.pool, tokens: r.tokens, meta: { factory: r.factory } });
  });
  return pools;
}
