// Deploys the Balancer V2 core on the devnet: Authorizer, Vault, protocol fee percentages provider and the two pool
// factories whose pools the engine models.
import type { Address } from 'viem';
import type { DeployContext } from '../context.ts';
import { balancerV2Artifact } from './artifacts.ts';

export interface BalancerV2Contracts {
  authorizer: Address;
  vault: Address;
  protocolFeePercentagesProvider: Address;
  weightedPoolFactory: Address;
  composableStablePoolFactory: Address;
}

/** Mainnet's caps on the yield and AUM protocol fees (50%); nothing here charges them. */
const MAX_YIELD_FEE = 5n * 10n ** 17n;
const MAX_AUM_FEE = 5n * 10n ** 17n;

/**
 * Deploys the contracts with the deployer as the Authorizer's admin. The Vault gets no pause window (nothing on the
 * devnet pauses it), and the factories report version strings that say they are devnet copies.
 * @example const contracts = await deployBalancerV2Core(ctx, tokens.wrappedNative)
 */
export async function deployBalancerV2Core(ctx: DeployContext, wrappedNative: Address): Promise<BalancerV2Contracts> {
  const authorizer = await ctx.deploy(balancerV2Artifact('authorizer'), [ctx.deployer]);
  const vault = await ctx.deploy(balancerV2Artifact('vault'), [authorizer, wrappedNative, 0n, 0n]);
  const protocolFeePercentagesProvider = await ctx.deploy(balancerV2Artifact('protocolFeePercentagesProvider'), [
    vault,
    MAX_YIELD_FEE,
    MAX_AUM_FEE,
  ]);
  const weightedPoolFactory = await ctx.deploy(balancerV2Artifact('weightedPoolFactory'), [
    vault,
    protocolFeePercentagesProvider,
    version('WeightedPoolFactory', 3),
    version('WeightedPool', 3),
  ]);
  const composableStablePoolFactory = await ctx.deploy(balancerV2Artifact('composableStablePoolFactory'), [
    vault,
    protocolFeePercentagesProvider,
    version('ComposableStablePoolFactory', 3),
    version('ComposableStablePool', 3),
  ]);
  return { authorizer, vault, protocolFeePercentagesProvider, weightedPoolFactory, composableStablePoolFactory };
}

/** The JSON version string Balancer's factories and pools carry (only shown by `version()`). */
function version(name: string, number: number): string {
  return JSON.stringify({ name, version: number, deployment: '20230206-devnet' });
}
