// eth_getLogs over a long block range in pages: nodes cap the span or the result size of one request, and the caps
// differ by provider, so the page halves on an error and grows again after successes, never back to a refused span.
import type { BlockRange } from './types.ts';

export interface GetLogsPagedOptions {
  /** Blocks in the first page (default 500,000). */
  initialSpan?: bigint;
  /** Called after each page with the blocks done so far. */
  onPage?: (blocksDone: bigint, blocksTotal: bigint) => void;
}

const MAX_SPAN = 5_000_000n;

/**
 * Runs `fetchPage` over consecutive sub-ranges covering `range` (both ends inclusive) and concatenates the results in
 * block order. A failing page is retried at half its span; a page of one block that still fails rethrows.
 * Pages grow (double) after each success, up to half the smallest span that failed.
 * @example const logs = await getLogsPaged((fromBlock, toBlock) => client.getLogs({ event, fromBlock, toBlock }), range)
 */
export async function getLogsPaged<T>(
  fetchPage: (fromBlock: bigint, toBlock: bigint) => Promise<T[]>,
  range: BlockRange,
  options: GetLogsPagedOptions = {},
): Promise<T[]> {
  const out: T[] = [];
  const total = range.toBlock - range.fromBlock + 1n;
  let span = options.initialSpan ?? 500_000n;
  // Half the smallest span refused so far: growing past it would only be refused again.
  let ceiling = MAX_SPAN;
  let from = range.fromBlock;
  while (from <= range.toBlock) {
    const to = from + span - 1n < range.toBlock ? from + span - 1n : range.toBlock;
    let page: T[];
    try {
      page = await fetchPage(from, to);
    } catch (error) {
      if (span === 1n) throw error;
      span /= 2n;
      if (span < ceiling) ceiling = span;
      continue;
    }
    out.push(...page);
    from = to + 1n;
    if (span * 2n <= ceiling) span *= 2n;
    options.onPage?.(from - range.fromBlock, total);
  }
  return out;
}
