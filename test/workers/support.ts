// Shared pieces of the worker-pool tests: a one-pair graph per version, a pool closed after the test, and a way to
// know a worker has loaded its entry module (so graph publications reach it).
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { Worker } from 'node:worker_threads';
import type { QuoteTask, SerializedOutcome } from '../../src/quote/types.ts';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { type HandGraph, handGraph } from '../support/graphs.ts';

export const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
/** The amount for which spinningWorker.ts never returns. */
export const SPINNING_AMOUNT = 777_777n;

/** WPLS/USDC with `usdc` USDC against 1,000 WPLS, as graph version `version`. */
export function wplsUsdc(usdc: bigint, version: number): HandGraph {
  return handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
    ],
    [{ tokens: ['WPLS', 'USDC'], reserves: [1_000n * E18, usdc * E6] }],
    { version },
  );
}

/** A pool of real workers on `buffer`, closed after the test. */
export function startPool(t: TestContext, buffer: SharedArrayBuffer, workers = 2): PooledQuoteRunner {
  const runner = new PooledQuoteRunner(buffer, { workers, maxQueue: 1_000 });
  t.after(() => runner.close());
  return runner;
}

/**
 * Resolves when `worker` has imported quoteWorker.ts and opened its graph channel: piscina's worker posts its ready
 * message only after importing the handler. Attach before that can happen (right after the worker is created).
 */
export function workerLoaded(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== null && typeof message === 'object' && '_WORKER_READY' in message) {
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
  });
}

/** Every worker of a just-constructed runner loaded (see workerLoaded). */
export async function workersLoaded(runner: PooledQuoteRunner): Promise<void> {
  assert.equal(runner.threads.length, 2);
  await Promise.all(runner.threads.map(workerLoaded));
}

/** 1 WPLS to USDC on the given graph version. */
export function wplsToUsdc(h: HandGraph, graphVersion: number, amountIn = E18): QuoteTask {
  return {
    graphVersion,
    mode: 'standard',
    platform: 'mixed',
    fromToken: h.address('WPLS'),
    toToken: h.address('USDC'),
    amountIn,
    slippagePpm: 5_000n,
    deadline: 1_900_000_000n,
  };
}

export function amountOutOf(outcome: SerializedOutcome): bigint {
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.noRoute);
  return outcome.quote.amountOut;
}

/** Each outcome's amount out, or its rejection message. */
export function settledAmounts(outcomes: PromiseSettledResult<SerializedOutcome>[]): (bigint | string)[] {
  return outcomes.map((o) => (o.status === 'fulfilled' ? amountOutOf(o.value) : (o.reason as Error).message));
}
