// Deploys what sits around the V3 Vault on the devnet: the Router (with our MiniPermit2 standing in for Permit2)
// and the weighted and stable pool factories.
import { type Address, getAddress } from 'viem';
import type { DeployContext } from '../context.ts';
import type { BalancerV3Artifacts } from './artifacts.ts';

const FACTORY_PAUSE_WINDOW = 4 * 365 * 24 * 3600;

export interface BalancerV3Periphery {
  router: Address;
  /** OURS (MiniPermit2.sol): on-chain allowances only, which is all the Router's transferFrom needs. */
  permit2: Address;
  weightedPoolFactory: Address;
  stablePoolFactory: Address;
}

/**
 * Deploys MiniPermit2, the Router (a "retail" router: it pulls tokens through Permit2) and both factories.
 * @example const { router } = await deployBalancerV3Periphery(ctx, artifacts, vault, tokens.wrappedNative)
 */
export async function deployBalancerV3Periphery(
  ctx: DeployContext,
  artifacts: BalancerV3Artifacts,
  vault: Address,
  wrappedNative: Address,
): Promise<BalancerV3Periphery> {
  const permit2 = getAddress(await ctx.deploy(artifacts.MiniPermit2));
  const router = getAddress(await ctx.deploy(artifacts.Router, [vault, wrappedNative, permit2, 'devnet Router v1']));
  const weightedPoolFactory = getAddress(await ctx.deploy(artifacts.WeightedPoolFactory, [
    vault,
    FACTORY_PAUSE_WINDOW,
    'devnet WeightedPoolFactory v1',
    'devnet WeightedPool v1',
  ]));
  const stablePoolFactory = getAddress(await ctx.deploy(artifacts.StablePoolFactory, [
    vault,
    FACTORY_PAUSE_WINDOW,
    'devnet StablePoolFactory v1',
    'devnet StablePool v1',
  ]));
  return { router, permit2, weightedPoolFactory, stablePoolFactory };
}
