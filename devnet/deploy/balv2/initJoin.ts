// Seeds a new Balancer V2 pool with its INIT join from the deployer: the Vault then holds exactly the amounts given.
import { type Address, type Hex, type TransactionReceipt, encodeAbiParameters, maxUint256 } from 'viem';
import type { DeployContext } from '../context.ts';
import type { DevnetTokens } from '../types.ts';
import { balancerV2Artifact } from './artifacts.ts';

/** JoinKind.INIT in both WeightedPoolUserData and StablePoolUserData. */
const INIT = 0n;

export interface InitJoinParams {
  vault: Address;
  poolId: Hex;
  /** Every registered token in pool order; a composable stable pool's BPT included. */
  assets: Address[];
  /** Amount per asset; the BPT's entry is ignored (the pool sets it to the preminted BPT it takes back). */
  amounts: bigint[];
  /** The pool's own BPT, which needs no funding, when it is among `assets`. */
  bpt?: Address;
}

/**
 * Mints each amount to the deployer, lets the Vault take it and joins with INIT. The limits are unbounded because a
 * composable stable pool's INIT also pulls back its preminted BPT, an amount only the pool knows.
 * @example await initJoin(ctx, tokens, { vault, poolId, assets, amounts })
 */
export async function initJoin(ctx: DeployContext, tokens: DevnetTokens, params: InitJoinParams): Promise<TransactionReceipt> {
  for (const [i, asset] of params.assets.entries()) {
    if (asset === params.bpt) continue;
    await tokens.fund(asset, ctx.deployer, params.amounts[i]);
    await tokens.approve(asset, params.vault);
  }
  const userData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [INIT, params.amounts]);
  return ctx.write({
    address: params.vault,
    abi: balancerV2Artifact('vault').abi,
    functionName: 'joinPool',
    args: [
      params.poolId,
      ctx.deployer,
      ctx.deployer,
      { assets: params.assets, maxAmountsIn: params.assets.map(() => maxUint256), userData, fromInternalBalance: false },
    ],
  });
}
