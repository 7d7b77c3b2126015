// The Balancer V3 platform deployer (kind balv3): the real Vault, Router and pool factories from the npm sources,
// and every seed pool created and initialized with its snapshot balances.
import type { Address } from 'viem';
import type { DeployContext } from '../context.ts';
import type { PlatformDeployer, PlatformDeployment, PlatformSeed } from '../types.ts';
import { balancerV3Artifacts } from './artifacts.ts';
import { type BalancerV3PoolEnv, createBalancerV3Pool } from './createBalancerV3Pool.ts';
import { deployBalancerV3Periphery } from './deployBalancerV3Periphery.ts';
import { deployBalancerV3Vault } from './deployBalancerV3Vault.ts';

/** Balancer's mainnet global protocol swap fee, used when the seed has no pools to take it from. */
const DEFAULT_PROTOCOL_SWAP_FEE = 50n * 10n ** 16n;

export interface BalancerV3Devnet {
  deployment: PlatformDeployment;
  /** What a test needs to create more pools or swap through the Router. */
  env: BalancerV3PoolEnv;
}

/**
 * Deploys the platform and also returns its contracts and artifacts.
 * @example const { deployment, env } = await deployBalancerV3(ctx, seed)
 */
export async function deployBalancerV3(ctx: DeployContext, seed: PlatformSeed): Promise<BalancerV3Devnet> {
  const artifacts = balancerV3Artifacts();
  const globalProtocolSwapFee =
    mostCommon(seed.pools.map((p) => p.state.aggregateSwapFee as bigint)) ?? DEFAULT_PROTOCOL_SWAP_FEE;
  const core = await deployBalancerV3Vault(ctx, artifacts, globalProtocolSwapFee);
  const periphery = await deployBalancerV3Periphery(ctx, artifacts, core.vault, seed.tokens.wrappedNative as Address);
  const env: BalancerV3PoolEnv = {
    ctx,
    artifacts,
    core,
    periphery,
    tokens: seed.tokens,
    globalProtocolSwapFee,
    approved: new Set(),
  };
  const pools = [];
  for (const [i, pool] of seed.pools.entries()) pools.push(await createBalancerV3Pool(env, pool, i));
  return { deployment: { preset: { ...seed.preset, vault: core.vault, router: periphery.router }, pools }, env };
}

/**
 * Deploys Balancer V3 for `seed` and returns the preset entry (vault, router) and each pool's exact on-chain state.
 * @example const { preset, pools } = await deployBalancerV3Platform(ctx, seed)
 */
export const deployBalancerV3Platform: PlatformDeployer = async (ctx, seed) =>
  (await deployBalancerV3(ctx, seed)).deployment;

function mostCommon(values: readonly bigint[]): bigint | undefined {
  const counts = new Map<bigint, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
