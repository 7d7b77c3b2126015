// Creates one planned pool on the devnet: createPool, initialize at the planned price, mint the planned positions
// through the seeder, then read slot0 and liquidity back.
import { type Address, encodeAbiParameters, getAddress, getCreate2Address, keccak256 } from 'viem';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import type { DeployContext } from '../context.ts';
import type { PlatformSeed } from '../types.ts';
import { uniV3Artifacts } from './artifacts.ts';
import { ticksOfPositions } from './liquidityPositions.ts';
import type { UniV3PoolPlan } from './planUniV3Pool.ts';

export interface SeedPoolTargets {
  factory: Address;
  seeder: Address;
}

/**
 * Builds the pool and returns it as it now is on chain: slot0 and liquidity read by eth_call, the initialized ticks
 * from the positions minted. The deployer must hold and have approved the plan's amounts for the seeder.
 * @example const pool = await seedUniV3Pool(ctx, seed, { factory, seeder }, plan)
 */
export async function seedUniV3Pool(
  ctx: DeployContext,
  seed: PlatformSeed,
  { factory, seeder }: SeedPoolTargets,
  plan: UniV3PoolPlan,
): Promise<SnapshotPool> {
  const artifacts = uniV3Artifacts();
  const [token0, token1] = plan.tokens.map((i) => seed.tokens.list[i].address as Address);
  await ctx.write({ address: factory, abi: artifacts.factory.abi, functionName: 'createPool', args: [token0, token1, plan.fee] });
  const address = getAddress(
    (await ctx.publicClient.readContract({
      address: factory,
      abi: artifacts.factory.abi,
      functionName: 'getPool',
      args: [token0, token1, plan.fee],
    })) as Address,
  );
  // The periphery finds pools by CREATE2 address alone, so a pool anywhere else would be unreachable for it.
  const key = encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, plan.fee]);
  const salt = keccak256(key);
  if (getCreate2Address({ from: factory, salt, bytecodeHash: artifacts.poolInitCodeHash }) !== address) {
    throw new Error(`pool ${address} is not at the CREATE2 address the periphery computes`);
  }
  await ctx.write({ address, abi: artifacts.pool.abi, functionName: 'initialize', args: [plan.sqrtPriceX96] });
  if (plan.positions.length > 0) {
    await ctx.write({
      address: seeder,
      abi: artifacts.seeder.abi,
      functionName: 'mintRanges',
      args: [
        address,
        plan.positions.map((p) => p.tickLower),
        plan.positions.map((p) => p.tickUpper),
        plan.positions.map((p) => p.liquidity),
      ],
    });
  }
  const read = (functionName: string) =>
    ctx.publicClient.readContract({ address, abi: artifacts.pool.abi, functionName });
  const [slot0, liquidity] = await Promise.all([read('slot0'), read('liquidity')]);
  const [sqrtPriceX96, tick] = slot0 as readonly [bigint, number];
  const state: UniV3State = {
    fee: plan.fee,
    tickSpacing: plan.tickSpacing,
    sqrtPriceX96,
    tick,
    liquidity: liquidity as bigint,
    ticks: ticksOfPositions(plan.positions),
  };
  return { platform: seed.platformId, kind: 'univ3', address, tokens: [...plan.tokens], state: { ...state } };
}

