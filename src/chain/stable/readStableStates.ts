// Reads StableSwap pool state at one block through multicall, as the engine's StableState.
import type { PlatformPreset } from '../../network/types.ts';
import { type StableState, rateFromDecimals } from '../../pools/stable/data.ts';
import type { ContractRead, ReadResult } from '../multicall.ts';
import type { DiscoveredPool, ReadContext } from '../types.ts';
import { erc20DecimalsAbi, stableSwapAbi } from './abis.ts';

const POOL_GETTERS = ['A', 'fee', 'admin_fee'] as const;

/**
 * Each pool's balances(i), A(), fee() and admin_fee() at `blockNumber`, with RATES from its coins' decimals (as the
 * pool's constructor derives them); null where a read fails, a coin has more than 18 decimals, or a balance is zero
 * (get_D divides by every balance, so nothing can be quoted).
 * @example const states = await readStableStates(ctx, preset.platforms.dexa_stable, pools, head)
 */
export async function readStableStates(
  ctx: ReadContext,
  _preset: PlatformPreset,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<(StableState | null)[]> {
  const reads: ContractRead[] = [];
  for (const pool of pools) {
    const address = pool.address;
    for (const functionName of POOL_GETTERS) reads.push({ address, abi: stableSwapAbi, functionName });
    pool.tokens.forEach((coin, i) => {
      reads.push({ address, abi: stableSwapAbi, functionName: 'balances', args: [BigInt(i)] });
      reads.push({ address: coin, abi: erc20DecimalsAbi, functionName: 'decimals' });
    });
  }
  const results = await ctx.multicall.read(reads, blockNumber);
  if (pools.length > 0) {
    ctx.onProgress?.({ platform: pools[0].platform, stage: 'state', done: pools.length, total: pools.length });
  }

  let next = 0;
  return pools.map((pool) => {
    const count = POOL_GETTERS.length + 2 * pool.tokens.length;
    const mine = results.slice(next, next + count);
    next += count;
    return stableState(mine, pool.tokens.length);
  });
}

function stableState(results: readonly ReadResult[], coins: number): StableState | null {
  if (results.some((r) => r.status !== 'success')) return null;
  const value = (k: number) => (results[k] as { result: unknown }).result;
  const balances: bigint[] = [];
  const rates: bigint[] = [];
  for (let i = 0; i < coins; i++) {
    const decimals = Number(value(POOL_GETTERS.length + 2 * i + 1));
    if (decimals > 18) return null;
    balances.push(value(POOL_GETTERS.length + 2 * i) as bigint);
    rates.push(rateFromDecimals(decimals));
  }
  if (balances.some((b) => b === 0n)) return null;
  return { balances, rates, amp: value(0) as bigint, fee: value(1) as bigint, adminFee: value(2) as bigint };
}
