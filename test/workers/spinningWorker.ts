// The quote worker, except that a task for SPINNING_AMOUNT never returns: a stand-in for a route search caught in an
// endless loop, which only stopping its thread ends. The loop is marked as the task's, as the worker marks a quote's
// computation (a second slot of the same thread).
import { threadId, workerData } from 'node:worker_threads';
import type { QuoteTask, SerializedOutcome } from '../../src/quote/types.ts';
import type { WorkerSetup } from '../../src/workers/graphChannel.ts';
import quote from '../../src/workers/quoteWorker.ts';
import { type PooledTask, TaskMarks } from '../../src/workers/taskWatchdog.ts';
import { SPINNING_AMOUNT } from './support.ts';

const { watchdog } = workerData as WorkerSetup;
const marks = watchdog ? new TaskMarks(watchdog, threadId) : undefined;

export default async function spinOrQuote(pooled: PooledTask<QuoteTask>): Promise<SerializedOutcome> {
  if (pooled.task.amountIn !== SPINNING_AMOUNT) return quote(pooled);
  const spin = (): never => {
    // Synchronous, as such a loop would be: the worker answers nothing meanwhile.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  };
  return marks ? marks.run(pooled.id, spin) : spin();
}
