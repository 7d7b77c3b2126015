// Deploys the contracts of one UniV3 platform: factory with the wanted fee tiers, the periphery and our seeder.
import { type Address, getAddress, zeroAddress } from 'viem';
import type { DeployContext } from '../context.ts';
import { uniV3Artifacts } from './artifacts.ts';

export interface FeeTier {
  fee: number;
  tickSpacing: number;
}

export interface UniV3Contracts {
  factory: Address;
  positionManager: Address;
  quoterV2: Address;
  swapRouter: Address;
  /** UniV3LiquiditySeeder, which mints exact-liquidity positions. */
  seeder: Address;
}

/**
 * Deploys UniswapV3Factory and enables each of `feeTiers` it lacks (it ships 500/10, 3000/60 and 10000/200; 3000 stays
 * enabled though no preset lists it), then NonfungiblePositionManager (no token descriptor: tokenURI is never used
 * here), QuoterV2, SwapRouter and the seeder.
 * @example const { factory, quoterV2 } = await deployUniV3Contracts(ctx, tokens.wrappedNative, preset.feeTiers)
 */
export async function deployUniV3Contracts(
  ctx: DeployContext,
  wrappedNative: Address,
  feeTiers: readonly FeeTier[],
): Promise<UniV3Contracts> {
  const artifacts = uniV3Artifacts();
  const factory = getAddress(await ctx.deploy(artifacts.factory));
  for (const { fee, tickSpacing } of feeTiers) {
    const current = Number(
      await ctx.publicClient.readContract({
        address: factory,
        abi: artifacts.factory.abi,
        functionName: 'feeAmountTickSpacing',
        args: [fee],
      }),
    );
    if (current === tickSpacing) continue;
    if (current !== 0) throw new Error(`fee ${fee} is enabled with tick spacing ${current}, the preset wants ${tickSpacing}`);
    await ctx.write({ address: factory, abi: artifacts.factory.abi, functionName: 'enableFeeAmount', args: [fee, tickSpacing] });
  }
  // Receipts give contract addresses in lower case; the preset and tests compare checksummed ones.
  return {
    factory,
    positionManager: getAddress(await ctx.deploy(artifacts.positionManager, [factory, wrappedNative, zeroAddress])),
    quoterV2: getAddress(await ctx.deploy(artifacts.quoterV2, [factory, wrappedNative])),
    swapRouter: getAddress(await ctx.deploy(artifacts.swapRouter, [factory, wrappedNative])),
    seeder: getAddress(await ctx.deploy(artifacts.seeder)),
  };
}
