// Balancer V2 contracts exactly as @balancer-labs/v2-deployments ships them (task artifacts: ABI + creation bytecode).
// Pool versions: weighted pool v3 and composable stable pool v3 (both 20230206), the newest the package ships and
// built on the post-2022 FixedPoint (exact powers for exponents 1, 2, 4) and StableMath that src/pools/balv2 ports.
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';
import type { CompiledContract } from '../../solc.ts';

const require = createRequire(import.meta.url);

/** The tasks deployed, by role. */
export const BALANCER_V2_TASKS = {
  authorizer: ['20210418-authorizer', 'Authorizer'],
  vault: ['20210418-vault', 'Vault'],
  protocolFeePercentagesProvider: ['20220725-protocol-fee-percentages-provider', 'ProtocolFeePercentagesProvider'],
  weightedPoolFactory: ['20230206-weighted-pool-v3', 'WeightedPoolFactory'],
  weightedPool: ['20230206-weighted-pool-v3', 'WeightedPool'],
  composableStablePoolFactory: ['20230206-composable-stable-pool-v3', 'ComposableStablePoolFactory'],
  composableStablePool: ['20230206-composable-stable-pool-v3', 'ComposableStablePool'],
} as const;

export type BalancerV2Role = keyof typeof BALANCER_V2_TASKS;

interface HardhatArtifact {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
  linkReferences: Record<string, unknown>;
}

/**
 * The artifact of one Balancer V2 contract, ready for `ctx.deploy`.
 * @example const vault = await ctx.deploy(balancerV2Artifact('vault'), [authorizer, weth, 0n, 0n])
 */
export function balancerV2Artifact(role: BalancerV2Role): CompiledContract {
  const [task, name] = BALANCER_V2_TASKS[role];
  const json = require(`@balancer-labs/v2-deployments/dist/tasks/${task}/artifact/${name}.json`) as HardhatArtifact;
  // None of these contracts link libraries; a placeholder left in the bytecode would deploy garbage.
  if (Object.keys(json.linkReferences).length > 0) throw new Error(`${task}/${name} needs linked libraries`);
  return { abi: json.abi, bytecode: json.bytecode, deployedBytecode: json.deployedBytecode };
}
