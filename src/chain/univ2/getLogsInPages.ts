// Log queries over long block ranges, split into pages and bisected further where the node refuses a page.
import type { BlockRange } from '../types.ts';

/** Blocks per getLogs request before any bisection; public nodes commonly cap ranges or result counts. */
export const DEFAULT_LOG_PAGE_BLOCKS = 50_000n;

/**
 * Calls `getLogs(fromBlock, toBlock)` over `range` in pages of at most `pageBlocks` blocks, halving a page whenever
 * the node rejects it (too many results, range too wide), and returns the logs in block order.
 * @example const logs = await getLogsInPages(range, (fromBlock, toBlock) => client.getLogs({ event, fromBlock, toBlock }))
 */
export async function getLogsInPages<T>(
  range: BlockRange,
  getLogs: (fromBlock: bigint, toBlock: bigint) => Promise<T[]>,
  pageBlocks: bigint = DEFAULT_LOG_PAGE_BLOCKS,
): Promise<T[]> {
  const logs: T[] = [];
  for (let from = range.fromBlock; from <= range.toBlock; from += pageBlocks) {
    const to = from + pageBlocks - 1n < range.toBlock ? from + pageBlocks - 1n : range.toBlock;
    logs.push(...(await getLogsBisecting(from, to, getLogs)));
  }
  return logs;
}

async function getLogsBisecting<T>(
  fromBlock: bigint,
  toBlock: bigint,
  getLogs: (fromBlock: bigint, toBlock: bigint) => Promise<T[]>,
): Promise<T[]> {
  try {
    return await getLogs(fromBlock, toBlock);
  } catch (error) {
    // A single block that fails is a real error (node down), not a range limit.
    if (fromBlock === toBlock) throw error;
    const middle = fromBlock + (toBlock - fromBlock) / 2n;
    const first = await getLogsBisecting(fromBlock, middle, getLogs);
    return [...first, ...(await getLogsBisecting(middle + 1n, toBlock, getLogs))];
  }
}
