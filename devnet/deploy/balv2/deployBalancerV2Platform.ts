// The dexd_v2 platform deployer: Balancer V2's Vault and pool factories, and every seed pool created and INIT-joined
// with its snapshot balances.
import type { Address } from 'viem';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import type { DeployContext } from '../context.ts';
import type { DevnetTokens, PlatformDeployer, PlatformDeployment, PlatformSeed } from '../types.ts';
import { createComposableStablePool } from './createComposableStablePool.ts';
import { createWeightedPool } from './createWeightedPool.ts';
import { type BalancerV2Contracts, deployBalancerV2Core } from './deployBalancerV2Core.ts';
import { initJoin } from './initJoin.ts';
import { type BalancerV2PoolPlan, planBalancerV2Pool } from './planPool.ts';

/** A platform deployment plus the contracts behind it, so tests can create more pools later. */
export interface BalancerV2Deployment extends PlatformDeployment {
  contracts: BalancerV2Contracts;
}

/**
 * Deploys the platform and one pool per seed pool (see planBalancerV2Pool for what may differ from the snapshot).
 * The returned state is what the INIT joins put on chain: the Vault books INIT amounts exactly, weights and A are
 * stored as given, and scaling factors follow from decimals.
 * @example const { preset, pools } = await deployBalancerV2Platform(ctx, seed)
 */
export async function deployBalancerV2Platform(ctx: DeployContext, seed: PlatformSeed): Promise<BalancerV2Deployment> {
  const contracts = await deployBalancerV2Core(ctx, seed.tokens.wrappedNative);
  const pools: SnapshotPool[] = [];
  for (const pool of seed.pools) {
    const plan = planBalancerV2Pool(pool, seed.tokens);
    const address = await createAndSeed(ctx, contracts, seed.tokens, plan);
    pools.push({
      platform: seed.platformId,
      kind: plan.kind,
      address,
      tokens: plan.tokenIndices,
      state: plan.state as unknown as Record<string, unknown>,
    });
  }
  return { preset: { ...seed.preset, kind: 'balv2', vault: contracts.vault }, pools, contracts };
}
// Checked against the orchestrator's contract while callers keep the wider return type (with `contracts`).
deployBalancerV2Platform satisfies PlatformDeployer;

/**
 * Creates the planned pool through its factory and joins it with INIT; resolves to the pool's address.
 * @example const address = await createAndSeed(ctx, contracts, tokens, planBalancerV2Pool(pool, tokens))
 */
export async function createAndSeed(
  ctx: DeployContext,
  contracts: BalancerV2Contracts,
  tokens: DevnetTokens,
  plan: BalancerV2PoolPlan,
): Promise<Address> {
  const symbols = plan.tokenIndices.map((i) => tokens.list[i].symbol);
  const name = `Balancer ${symbols.join('/')} (devnet)`;
  const symbol = `B-${symbols.join('-')}`;
  if (plan.kind === 'balv2Weighted') {
    const pool = await createWeightedPool(ctx, contracts, {
      name,
      symbol,
      tokens: plan.tokens,
      weights: plan.weights,
      swapFeePercentage: plan.swapFeePercentage,
    });
    await initJoin(ctx, tokens, { vault: contracts.vault, poolId: pool.poolId, assets: plan.tokens, amounts: plan.balances });
    return pool.address;
  }
  const pool = await createComposableStablePool(ctx, contracts, {
    name,
    symbol,
    tokens: plan.tokens,
    amplificationParameter: plan.amplificationParameter,
    swapFeePercentage: plan.swapFeePercentage,
  });
  // INIT takes an amount for every registered token; the BPT's is replaced by the pool.
  const amounts = [...plan.balances];
  amounts.splice(pool.bptIndex, 0, 0n);
  await initJoin(ctx, tokens, {
    vault: contracts.vault,
    poolId: pool.poolId,
    assets: pool.registeredTokens,
    amounts,
    bpt: pool.address,
  });
  return pool.address;
}
