// Reads the Vault's PoolRegistered logs over a block range, in pages the node accepts.
import { type Address, type Hex, type PublicClient, getAbiItem, getAddress } from 'viem';
import { getLogsPaged } from '../getLogsPaged.ts';
import type { BlockRange } from '../types.ts';
import { VAULT_ABI } from './abis.ts';

export interface PoolRegistration {
  poolId: Hex;
  address: Address;
  /** The Vault's specialization: 0 general, 1 minimal swap info, 2 two token. */
  specialization: number;
  blockNumber: bigint;
}

export interface FetchRegistrationsOptions {
  /** Blocks per eth_getLogs to start with; halved on every refusal (range or result-count caps). */
  pageBlocks?: bigint;
  /** Called after each page with blocks scanned so far. */
  onPage?: (scanned: bigint, total: bigint) => void;
}

const POOL_REGISTERED_EVENT = getAbiItem({ abi: VAULT_ABI, name: 'PoolRegistered' });

/**
 * Every PoolRegistered log of `vault` in `range`, oldest first (paging as getLogsPaged does).
 * @example const registrations = await fetchPoolRegistrations(client, vault, { fromBlock: 0n, toBlock: head })
 */
export async function fetchPoolRegistrations(
  client: PublicClient,
  vault: Address,
  range: BlockRange,
  options: FetchRegistrationsOptions = {},
): Promise<PoolRegistration[]> {
  const logs = await getLogsPaged(
    (fromBlock, toBlock) =>
      client.getLogs({ address: vault, event: POOL_REGISTERED_EVENT, fromBlock, toBlock, strict: true }),
    range,
    { initialSpan: options.pageBlocks, onPage: options.onPage },
  );
  return logs.map((log) => ({
    poolId: log.args.poolId,
    address: getAddress(log.args.poolAddress),
    specialization: log.args.specialization,
    blockNumber: log.blockNumber,
  }));
}
