// Reads the Vault's PoolRegistered logs over a block range in pages, shrinking a page whenever the node refuses it.
import { type Address, type Hex, type PublicClient, getAbiItem, getAddress } from 'viem';
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
 * Every PoolRegistered log of `vault` in `range`, oldest first. Nodes cap eth_getLogs by block span or result count,
 * with errors that differ by client, so any failure halves the page and retries; a one-block page that still fails
 * rethrows the node's error.
 * @example const registrations = await fetchPoolRegistrations(client, vault, { fromBlock: 0n, toBlock: head })
 */
export async function fetchPoolRegistrations(
  client: PublicClient,
  vault: Address,
  range: BlockRange,
  options: FetchRegistrationsOptions = {},
): Promise<PoolRegistration[]> {
  const maxPage = options.pageBlocks ?? 500_000n;
  const total = range.toBlock - range.fromBlock + 1n;
  const found: PoolRegistration[] = [];
  let page = maxPage;
  let from = range.fromBlock;
  while (from <= range.toBlock) {
    const to = from + page - 1n < range.toBlock ? from + page - 1n : range.toBlock;
    let logs;
    try {
      logs = await client.getLogs({ address: vault, event: POOL_REGISTERED_EVENT, fromBlock: from, toBlock: to, strict: true });
    } catch (error) {
      if (page === 1n) throw error;
      page /= 2n;
      continue;
    }
    for (const log of logs) {
      found.push({
        poolId: log.args.poolId,
        address: getAddress(log.args.poolAddress),
        specialization: log.args.specialization,
        blockNumber: log.blockNumber,
      });
    }
    from = to + 1n;
    // A page that worked may have been shrunk for a dense stretch; grow back towards the starting size.
    if (page < maxPage) page = page * 2n < maxPage ? page * 2n : maxPage;
    options.onPage?.(from - range.fromBlock, total);
  }
  return found;
}
