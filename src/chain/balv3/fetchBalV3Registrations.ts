// Reads the V3 Vault's PoolRegistered logs over a block range, in pages the node accepts.
import { type Address, type PublicClient, getAbiItem, getAddress } from 'viem';
import { getLogsPaged } from '../getLogsPaged.ts';
import type { BlockRange } from '../types.ts';
import { balV3VaultAbi } from './abis.ts';

/** What a PoolRegistered log fixes for good: the pool's tokens in Vault order, its factory and its hooks. */
export interface BalV3Registration {
  pool: Address;
  factory: Address;
  tokens: Address[];
  /** Rate provider per token; the zero address for a STANDARD token. */
  rateProviders: Address[];
  /** The zero address when the pool has no hooks contract. */
  hooksContract: Address;
  blockNumber: bigint;
}

export interface FetchBalV3RegistrationsOptions {
  /** Blocks per eth_getLogs to start with; halved on every refusal (range or result-count caps). */
  pageBlocks?: bigint;
  /** Called after each page with blocks scanned so far. */
  onPage?: (scanned: bigint, total: bigint) => void;
}

const POOL_REGISTERED = getAbiItem({ abi: balV3VaultAbi, name: 'PoolRegistered' });

/**
 * Every PoolRegistered log of `vault` in `range`, oldest first (paging as getLogsPaged does).
 * @example const registrations = await fetchBalV3Registrations(client, vault, { fromBlock: 0n, toBlock: head })
 */
export async function fetchBalV3Registrations(
  client: PublicClient,
  vault: Address,
  range: BlockRange,
  options: FetchBalV3RegistrationsOptions = {},
): Promise<BalV3Registration[]> {
  const logs = await getLogsPaged(
    (fromBlock, toBlock) => client.getLogs({ address: vault, event: POOL_REGISTERED, fromBlock, toBlock, strict: true }),
    range,
    { initialSpan: options.pageBlocks, onPage: options.onPage },
  );
  return logs.map(({ args, blockNumber }) => ({
    pool: getAddress(args.pool),
    factory: getAddress(args.factory),
    tokens: args.tokenConfig.map((t) => getAddress(t.token)),
    rateProviders: args.tokenConfig.map((t) => getAddress(t.rateProvider)),
    hooksContract: getAddress(args.hooksConfig.hooksContract),
    blockNumber,
  }));
}
