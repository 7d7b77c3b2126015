// Test support: liquidity changes through the Vault — a weighted or composable stable join with exact token amounts
// and a proportional composable stable exit — sent by the deployer.
import { type Address, type Hex, type TransactionReceipt, encodeAbiParameters, maxUint256 } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { balancerV2Artifact } from '../../../devnet/deploy/balv2/artifacts.ts';

const VAULT_ABI = balancerV2Artifact('vault').abi;
/** JoinKind.EXACT_TOKENS_IN_FOR_BPT_OUT in both WeightedPoolUserData and StablePoolUserData. */
const EXACT_TOKENS_IN_FOR_BPT_OUT = 1n;
/** ComposableStablePool's ExitKind.EXACT_BPT_IN_FOR_ALL_TOKENS_OUT. */
const EXACT_BPT_IN_FOR_ALL_TOKENS_OUT = 2n;

export interface PoolAssets {
  vault: Address;
  poolId: Hex;
  /** Every registered token in Vault order (a composable stable pool's BPT included). */
  assets: Address[];
  /** Where the BPT sits in `assets`, for a composable stable pool. */
  bptIndex?: number;
}

/**
 * Joins with `amountsIn` (tradable tokens only, pool order), accepting any BPT out; the deployer must hold and have
 * approved the tokens.
 * @example await joinExactTokensIn(ctx, { vault, poolId, assets }, [10n ** 18n, 10n ** 18n])
 */
export function joinExactTokensIn(ctx: DeployContext, pool: PoolAssets, amountsIn: bigint[]): Promise<TransactionReceipt> {
  const withBpt = [...amountsIn];
  if (pool.bptIndex !== undefined) withBpt.splice(pool.bptIndex, 0, 0n);
  const userData = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256[]' }, { type: 'uint256' }],
    [EXACT_TOKENS_IN_FOR_BPT_OUT, amountsIn, 0n],
  );
  return ctx.write({
    address: pool.vault,
    abi: VAULT_ABI,
    functionName: 'joinPool',
    args: [pool.poolId, ctx.deployer, ctx.deployer, { assets: pool.assets, maxAmountsIn: withBpt.map(() => maxUint256), userData, fromInternalBalance: false }],
  });
}

/**
 * Burns `bptIn` of the deployer's BPT for a proportional share of every token of a composable stable pool.
 * @example await exitProportional(ctx, { vault, poolId, assets, bptIndex }, 10n ** 18n)
 */
export function exitProportional(ctx: DeployContext, pool: PoolAssets, bptIn: bigint): Promise<TransactionReceipt> {
  const userData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [EXACT_BPT_IN_FOR_ALL_TOKENS_OUT, bptIn]);
  return ctx.write({
    address: pool.vault,
    abi: VAULT_ABI,
    functionName: 'exitPool',
    args: [pool.poolId, ctx.deployer, ctx.deployer, { assets: pool.assets, minAmountsOut: pool.assets.map(() => 0n), userData, toInternalBalance: false }],
  });
}
