// Batched reads through Multicall3's aggregate3 at one block: many calls per eth_call, a few eth_calls in flight.
import type { Abi, Address, PublicClient } from 'viem';

export interface ContractRead {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

export type ReadResult = { status: 'success'; result: unknown } | { status: 'failure'; error: Error };

// viem's generic multicall typing needs literal ABIs; reads here are assembled at run time.
type MulticallFn = (args: Record<string, unknown>) => Promise<ReadResult[]>;

export interface MulticallBatcher {
  /** Runs every read at `blockNumber`; a failed call gives a failure result and never rejects the batch. */
  read(reads: readonly ContractRead[], blockNumber: bigint): Promise<ReadResult[]>;
}

export interface MulticallOptions {
  multicallAddress: Address;
  /** Calls per eth_call. Kept under typical node gas caps for view calls. */
  batchSize?: number;
  /** eth_calls in flight at once. */
  concurrency?: number;
}

/**
 * A MulticallBatcher over a viem public client.
 * @example const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 })
 */
export function createMulticallBatcher(client: PublicClient, options: MulticallOptions): MulticallBatcher {
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  return {
    async read(reads, blockNumber) {
      const results = new Array<ReadResult>(reads.length);
      const chunks: number[] = [];
      for (let start = 0; start < reads.length; start += batchSize) chunks.push(start);
      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          const start = chunks[next++];
          const slice = reads.slice(start, start + batchSize);
          const answers: readonly ReadResult[] = await (client.multicall as MulticallFn)({
            contracts: slice,
            allowFailure: true,
            blockNumber,
            multicallAddress: options.multicallAddress,
            batchSize: 0,
          });
          answers.forEach((answer, i) => {
            results[start + i] = answer as ReadResult;
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
      return results;
    },
  };
}
