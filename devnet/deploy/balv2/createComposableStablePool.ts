// Creates a composable stable pool (v3) through the devnet's factory, without rate providers.
import { type Address, zeroAddress } from 'viem';
import type { DeployContext } from '../context.ts';
import { balancerV2Artifact } from './artifacts.ts';
import type { BalancerV2Contracts } from './deployBalancerV2Core.ts';
import { compareAddresses } from './compareAddresses.ts';
import { type RegisteredPool, registeredPool } from './registeredPool.ts';

export interface ComposableStablePoolParams {
  name: string;
  symbol: string;
  /** Sorted by address, the pool's own BPT not among them (the pool inserts it). */
  tokens: Address[];
  /** A without AMP_PRECISION, 1..5000. */
  amplificationParameter: bigint;
  swapFeePercentage: bigint;
  /** May change the swap fee and the amplification; the deployer when omitted. */
  owner?: Address;
}

export interface ComposableStablePoolInfo extends RegisteredPool {
  /** Every registered token, BPT included, in the Vault's order. */
  registeredTokens: Address[];
  bptIndex: number;
}

/**
 * Creates the pool and returns its address, poolId and where its BPT sits among the registered tokens.
 * @example const pool = await createComposableStablePool(ctx, contracts, { name, symbol, tokens, amplificationParameter: 200n, swapFeePercentage })
 */
export async function createComposableStablePool(
  ctx: DeployContext,
  contracts: BalancerV2Contracts,
  params: ComposableStablePoolParams,
): Promise<ComposableStablePoolInfo> {
  const receipt = await ctx.write({
    address: contracts.composableStablePoolFactory,
    abi: balancerV2Artifact('composableStablePoolFactory').abi,
    functionName: 'create',
    args: [
      params.name,
      params.symbol,
      params.tokens,
      params.amplificationParameter,
      params.tokens.map(() => zeroAddress),
      params.tokens.map(() => 0n),
      params.tokens.map(() => false),
      params.swapFeePercentage,
      params.owner ?? ctx.deployer,
    ],
  });
  const pool = registeredPool(receipt, contracts.vault);
  // The pool registers its BPT sorted in with the other tokens, so it sits where its address sorts.
  const registeredTokens = [...params.tokens, pool.address].sort(compareAddresses);
  return { ...pool, registeredTokens, bptIndex: registeredTokens.indexOf(pool.address) };
}
