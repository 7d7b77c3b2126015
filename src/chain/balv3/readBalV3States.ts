// Reads Balancer V3 pool state at one block through the Vault (balances after the load step, rates, scaling, fees)
// and the pool (weights and minimum balances, or amplification), batched through multicall.
import type { Address } from 'viem';
import type { PlatformPreset } from '../../network/types.ts';
import type { BalV3StableState, BalV3WeightedState } from '../../pools/balv3/data.ts';
import type { ContractRead, ReadResult } from '../multicall.ts';
import type { DiscoveredPool, ReadContext } from '../types.ts';
import { balV3StablePoolAbi, balV3VaultAbi, balV3WeightedPoolAbi } from './abis.ts';


interface PoolData {
  tokens: readonly Address[];
  balancesRaw: readonly bigint[];
  tokenRates: readonly bigint[];
  decimalScalingFactors: readonly bigint[];
}

interface PoolConfig {
  staticSwapFeePercentage: bigint;
  aggregateSwapFeePercentage: bigint;
  isPoolInRecoveryMode: boolean;
}

/**
 * Each pool's engine state at `blockNumber` (BalV3WeightedState or BalV3StableState), or null where the Vault would
 * not swap: pool not initialized (getPoolData reverts), pool or Vault paused, or a read that failed.
 * `balancesRaw` come from getPoolData, i.e. after the Vault's load step has taken any pending yield fee; in Recovery
 * Mode the Vault charges no aggregate fee, so aggregateSwapFee reads as 0 there.
 * @example const states = await readBalV3States(ctx, preset, pools, head)
 */
export async function readBalV3States(
  ctx: ReadContext,
  preset: PlatformPreset,
  pools: readonly DiscoveredPool[],
  blockNumber: bigint,
): Promise<(Record<string, unknown> | null)[]> {
  if (!preset.vault) throw new Error('a balv3 platform needs a vault address');
  const vault = preset.vault as Address;
  const perPool = pools.map((pool) => poolReads(vault, pool));
  const reads: ContractRead[] = perPool.flat();
  reads.push({ address: vault, abi: balV3VaultAbi, functionName: 'isVaultPaused' });
  const answers = await ctx.multicall.read(reads, blockNumber);
  const vaultPaused = answers[answers.length - 1];
  if (vaultPaused.status !== 'success' || vaultPaused.result === true) return pools.map(() => null);

  let offset = 0;
  return pools.map((pool, i) => {
    const count = perPool[i].length;
    const state = toState(pool, answers.slice(offset, offset + count));
    offset += count;
    ctx.onProgress?.({ platform: pool.platform, stage: 'state', done: i + 1, total: pools.length });
    return state;
  });
}

/** The Vault's three views of the pool, then the pool's own: weights and minimum balances, or the amp. */
function poolReads(vault: Address, pool: DiscoveredPool): ContractRead[] {
  const vaultReads: ContractRead[] = [
    { address: vault, abi: balV3VaultAbi, functionName: 'getPoolData', args: [pool.address] },
    { address: vault, abi: balV3VaultAbi, functionName: 'getPoolConfig', args: [pool.address] },
    { address: vault, abi: balV3VaultAbi, functionName: 'isPoolPaused', args: [pool.address] },
  ];
  if (pool.kind === 'balv3Weighted') {
    return [
      ...vaultReads,
      { address: pool.address, abi: balV3WeightedPoolAbi, functionName: 'getNormalizedWeights' },
      { address: pool.address, abi: balV3WeightedPoolAbi, functionName: 'getMinTokenBalances' },
    ];
  }
  return [...vaultReads, { address: pool.address, abi: balV3StablePoolAbi, functionName: 'getAmplificationParameter' }];
}

function toState(pool: DiscoveredPool, answers: readonly ReadResult[]): Record<string, unknown> | null {
  if (answers.some((a) => a.status !== 'success')) return null;
  const [data, config, paused, curve, minimums] = answers.map((a) => (a as { result: unknown }).result);
  if (paused === true) return null;
  const { tokens, balancesRaw, tokenRates, decimalScalingFactors } = data as PoolData;
  const sameTokens =
    tokens.length === pool.tokens.length && tokens.every((t, k) => t.toLowerCase() === pool.tokens[k].toLowerCase());
  const decimals = decimalScalingFactors.map(decimalsOf);
  if (!sameTokens || decimals.some((d) => d === undefined)) return null;
  const { staticSwapFeePercentage, aggregateSwapFeePercentage, isPoolInRecoveryMode } = config as PoolConfig;
  const base = {
    balancesRaw: [...balancesRaw],
    decimals: decimals as number[],
    tokenRates: [...tokenRates],
    swapFee: staticSwapFeePercentage,
    aggregateSwapFee: isPoolInRecoveryMode ? 0n : aggregateSwapFeePercentage,
  };
  if (pool.kind === 'balv3Weighted') {
    const weights = [...(curve as readonly bigint[])];
    const minTokenBalances = [...(minimums as readonly bigint[])];
    return { ...base, weights, minTokenBalances } satisfies BalV3WeightedState;
  }
  // getAmplificationParameter's value already carries AMP_PRECISION, as the engine's amp does.
  const [amp] = curve as readonly [bigint, boolean, bigint];
  return { ...base, amp } satisfies BalV3StableState;
}

/** The token decimals behind a Vault scaling factor 10^(18 - decimals); undefined if it is not one. */
function decimalsOf(factor: bigint): number | undefined {
  for (let d = 0; d <= 18; d++) if (10n ** BigInt(18 - d) === factor) return d;
  return undefined;
}
