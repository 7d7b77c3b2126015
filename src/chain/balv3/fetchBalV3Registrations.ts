// Reads the V3 Vault's PoolRegistered logs over a block range in pages, shrinking a page whenever the node refuses it.
import { type Address, type PublicClient, getAbiItem, getAddress } from 'viem';
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
 * Every PoolRegistered log of `vault` in `range`, oldest first. Nodes cap eth_getLogs by span or result count with
 * errors that differ by client, so any failure halves the page; a one-block page that still fails rethrows.
 * @example const registrations = await fetchBalV3Registrations(client, vault, { fromBlock: 0n, toBlock: head })
 */
export async function fetchBalV3Registrations(
  client: PublicClient,
  vault: Address,
  range: BlockRange,
  options: FetchBalV3RegistrationsOptions = {},
): Promise<BalV3Registration[]> {
  const maxPage = options.pageBlocks ?? 500_000n;
  const total = range.toBlock - range.fromBlock + 1n;
  const found: BalV3Registration[] = [];
  let page = maxPage;
  let from = range.fromBlock;
  while (from <= range.toBlock) {
    const to = from + page - 1n < range.toBlock ? from + page - 1n : range.toBlock;
    let logs;
    try {
      logs = await client.getLogs({
        address: vault,
        event: POOL_REGISTERED,
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
    } catch (error) {
      if (page === 1n) throw error;
      page /= 2n;
      continue;
    }
    for (const { args, blockNumber } of logs) {
      found.push({
        pool: getAddress(args.pool),
        factory: getAddress(args.factory),
        tokens: args.tokenConfig.map((t) => getAddress(t.token)),
        rateProviders: args.tokenConfig.map((t) => getAddress(t.rateProvider)),
        hooksContract: getAddress(args.hooksConfig.hooksContract),
        blockNumber,
      });
    }
    from = to + 1n;
    // A page that worked may have been shrunk for a dense stretch; grow back towards the starting size.
    if (page < maxPage) page = page * 2n < maxPage ? page * 2n : maxPage;
    options.onPage?.(from - range.fromBlock, total);
  }
  return found;
}
