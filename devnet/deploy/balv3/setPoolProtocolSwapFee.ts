// Gives one V3 pool an aggregate swap fee other than the global protocol fee, through governance as on mainnet.
import { type Address, type Hex, toFunctionSelector } from 'viem';
import type { BalancerV3PoolEnv } from './createBalancerV3Pool.ts';

/** ProtocolFeeController's MAX_PROTOCOL_SWAP_FEE_PERCENTAGE and the Vault's fee resolution. */
const MAX_PROTOCOL_SWAP_FEE = 50n * 10n ** 16n;
const FEE_SCALING_FACTOR = 100_000_000_000n;

/**
 * Makes `wanted` (rounded down to the fee resolution, at most 50%) the pool's aggregate swap fee and returns the fee
 * set. With no pool-creator fee the aggregate fee is the protocol fee; when it equals the global one the pool
 * already has it from registration, otherwise the deployer (authorizer root) grants itself
 * setProtocolSwapFeePercentage and sets a pool override.
 * @example const aggregateSwapFee = await setPoolProtocolSwapFee(env, pool, 5n * 10n ** 17n)
 */
export async function setPoolProtocolSwapFee(env: BalancerV3PoolEnv, pool: Address, wanted: bigint): Promise<bigint> {
  const capped = wanted > MAX_PROTOCOL_SWAP_FEE ? MAX_PROTOCOL_SWAP_FEE : wanted;
  const fee = (capped / FEE_SCALING_FACTOR) * FEE_SCALING_FACTOR;
  if (fee === env.globalProtocolSwapFee) return fee;
  const { ctx, artifacts, core } = env;
  const controller = { address: core.protocolFeeController, abi: artifacts.ProtocolFeeController.abi };
  const selector = toFunctionSelector('setProtocolSwapFeePercentage(address,uint256)');
  const actionId = (await ctx.publicClient.readContract({
    ...controller,
    functionName: 'getActionId',
    args: [selector],
  })) as Hex;
  const authorizer = { address: core.authorizer, abi: artifacts.TimelockAuthorizer.abi };
  const granted = await ctx.publicClient.readContract({
    ...authorizer,
    functionName: 'hasPermission',
    args: [actionId, ctx.deployer, core.protocolFeeController],
  });
  if (!granted) {
    await ctx.write({
      ...authorizer,
      functionName: 'grantPermission',
      args: [actionId, ctx.deployer, core.protocolFeeController],
    });
  }
  await ctx.write({ ...controller, functionName: 'setProtocolSwapFeePercentage', args: [pool, fee] });
  return fee;
}
