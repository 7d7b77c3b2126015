// Deploys one UniV3 platform on the devnet: Uniswap's V3 factory (with the preset's fee tiers), position manager,
// QuoterV2 and SwapRouter, then every seed pool with the snapshot's price and liquidity profile.
import type { Address } from 'viem';
import type { DeployContext } from '../context.ts';
import type { PlatformDeployer, PlatformDeployment, PlatformSeed } from '../types.ts';
import { type FeeTier, type UniV3Contracts, deployUniV3Contracts } from './deployUniV3Contracts.ts';
import { planUniV3Pool } from './planUniV3Pool.ts';
import { seedUniV3Pool } from './seedUniV3Pool.ts';

export interface UniV3Deployment extends PlatformDeployment {
  /** Every contract deployed, including the ones the preset has no field for (position manager, seeder). */
  contracts: UniV3Contracts;
}

/**
 * Deploys the platform and its pools, one transaction at a time. The deployer account owns every position (minted
 * straight on the pools by the seeder, so liquidity is exact) and ends with no seeding tokens left over.
 * @example const { preset, pools } = await deployUniV3PlatformWithContracts(ctx, seed)
 */
export async function deployUniV3PlatformWithContracts(ctx: DeployContext, seed: PlatformSeed): Promise<UniV3Deployment> {
  const feeTiers: FeeTier[] = seed.preset.feeTiers ?? [];
  const contracts = await deployUniV3Contracts(ctx, seed.tokens.wrappedNative, feeTiers);
  const plans = seed.pools.map((pool) => planUniV3Pool(pool, seed.tokens.list));

  // Fund and approve once per token for the whole platform.
  const need = new Map<number, bigint>();
  for (const plan of plans) {
    plan.tokens.forEach((t, side) => need.set(t, (need.get(t) ?? 0n) + plan.amounts[side]));
  }
  for (const [index, amount] of need) {
    const token = seed.tokens.list[index].address as Address;
    await seed.tokens.fund(token, ctx.deployer, amount);
    await seed.tokens.approve(token, contracts.seeder, ctx.deployer);
  }

  const pools = [];
  for (const plan of plans) pools.push(await seedUniV3Pool(ctx, seed, contracts, plan));
  return {
    preset: {
      kind: 'univ3',
      factory: contracts.factory,
      router: contracts.swapRouter,
      quoterV2: contracts.quoterV2,
      feeTiers: feeTiers.map((tier) => ({ ...tier })),
    },
    pools,
    contracts,
  };
}

/** deployUniV3PlatformWithContracts as the orchestrator's PlatformDeployer. */
export const deployUniV3Platform: PlatformDeployer = deployUniV3PlatformWithContracts;
