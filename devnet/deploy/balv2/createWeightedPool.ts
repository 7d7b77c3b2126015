// Creates a weighted pool (v3) through the devnet's factory, without rate providers.
import { type Address, zeroAddress } from 'viem';
import type { DeployContext } from '../context.ts';
import { balancerV2Artifact } from './artifacts.ts';
import type { BalancerV2Contracts } from './deployBalancerV2Core.ts';
import { type RegisteredPool, registeredPool } from './registeredPool.ts';

export interface WeightedPoolParams {
  name: string;
  symbol: string;
  /** Sorted by address, as every Balancer pool requires. */
  tokens: Address[];
  /** Normalised weights, each >= 1e16, summing to exactly 1e18. */
  weights: bigint[];
  swapFeePercentage: bigint;
  /** May change the swap fee; the deployer when omitted. */
  owner?: Address;
}

/**
 * Creates the pool and returns its address and poolId; it holds no liquidity until joined with INIT.
 * @example const pool = await createWeightedPool(ctx, contracts, { name, symbol, tokens, weights, swapFeePercentage })
 */
export async function createWeightedPool(
  ctx: DeployContext,
  contracts: BalancerV2Contracts,
  params: WeightedPoolParams,
): Promise<RegisteredPool> {
  const receipt = await ctx.write({
    address: contracts.weightedPoolFactory,
    abi: balancerV2Artifact('weightedPoolFactory').abi,
    functionName: 'create',
    args: [
      params.name,
      params.symbol,
      params.tokens,
      params.weights,
      params.tokens.map(() => zeroAddress),
      params.swapFeePercentage,
      params.owner ?? ctx.deployer,
    ],
  });
  return registeredPool(receipt, contracts.vault);
}
