// Reads the pool a factory just created from the Vault's PoolRegistered log in the creation receipt.
import { type Address, type Hex, type TransactionReceipt, getAddress, parseEventLogs } from 'viem';
import { balancerV2Artifact } from './artifacts.ts';

export interface RegisteredPool {
  address: Address;
  poolId: Hex;
}

/**
 * The one pool the Vault registered in `receipt`; throws when there is not exactly one.
 * @example const { address, poolId } = registeredPool(await ctx.write({ ...factory, functionName: 'create' }), vault)
 */
export function registeredPool(receipt: TransactionReceipt, vault: Address): RegisteredPool {
  const logs = parseEventLogs({
    abi: balancerV2Artifact('vault').abi,
    eventName: 'PoolRegistered',
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === vault.toLowerCase()),
  }) as unknown as { args: { poolId: Hex; poolAddress: Address } }[];
  if (logs.length !== 1) throw new Error(`expected one PoolRegistered log, found ${logs.length}`);
  return { address: getAddress(logs[0].args.poolAddress), poolId: logs[0].args.poolId };
}
