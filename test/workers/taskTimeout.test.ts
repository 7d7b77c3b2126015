// A task that never finishes (a search caught in an endless loop) must not hold a worker for good: once it has run for
// the task timeout its worker is stopped and replaced, the tasks that waited on that worker run again, and the pool
// serves on.
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { StateFreshness } from '../../src/http/health.ts';
import { startServer } from '../../src/http/server.ts';
import { createLogger } from '../../src/logger.ts';
import { PooledQuoteRunner, QuoteTimeout } from '../../src/workers/quoteRunner.ts';
import { postJson, startTestService } from '../support/service.ts';
import { E18, SPINNING_AMOUNT, amountOutOf, settledAmounts, workerLoaded, wplsToUsdc, wplsUsdc } from './support.ts';

const SPINNING_WORKER = new URL('./spinningWorker.ts', import.meta.url).href;
const TIMEOUT_MS = 1_000;

/** One worker running the spinning module, loaded. */
async function spinningPool(t: TestContext, buffer: SharedArrayBuffer, taskTimeoutMs: number): Promise<PooledQuoteRunner> {
  const runner = new PooledQuoteRunner(buffer, { workers: 1, maxQueue: 1_000, taskTimeoutMs, workerModule: SPINNING_WORKER });
  t.after(() => runner.close());
  await workerLoaded(runner.threads[0]);
  return runner;
}

test('a task computing past the timeout rejects, its worker is replaced, and the tasks it held are answered', { timeout: 30_000 }, async (t) => {
  const graph = wplsUsdc(1_000n, 1);
  const runner = await spinningPool(t, graph.buffer, TIMEOUT_MS);
  const firstWorker = runner.threads[0].threadId;
  const started = performance.now();
  // The spinning task, then four that the same worker takes behind it (it holds up to 16 tasks at a time).
  const spinning = runner.compute(wplsToUsdc(graph, 1, SPINNING_AMOUNT));
  const behind = [1n, 2n, 3n, 4n].map((k) => runner.compute(wplsToUsdc(graph, 1, k * E18)));
  const error = await spinning.catch((e: unknown) => e);
  const waited = performance.now() - started;
  assert.ok(error instanceof QuoteTimeout, String(error));
  assert.match(error.message, /^The standard quote of 777777 0x\w{40} → 0x\w{40} on mixed \(graph version 1\) ran past 1000 ms: its worker was stopped and replaced$/);
  // The watchdog looks every quarter of the timeout, and the task is stuck once seen on it for a whole timeout.
  assert.ok(waited >= TIMEOUT_MS && waited < 3 * TIMEOUT_MS, `stopped after ${waited} ms`);
  const expected = [1n, 2n, 3n, 4n].map((k) => graph.out(0, 'WPLS', k * E18));
  assert.deepEqual(settledAmounts(await Promise.allSettled(behind)), expected);
  assert.equal(runner.threads.length, 1);
  assert.notEqual(runner.threads[0].threadId, firstWorker);
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(graph, 1))), expected[0]);
});

// Without the slots of gone workers freed, the 6th stuck task would never be stopped: the test's timeout ends it.
test('a worker stopped again and again keeps being replaced, and its slot is taken over', { timeout: 180_000 }, async (t) => {
  const graph = wplsUsdc(1_000n, 1);
  const runner = await spinningPool(t, graph.buffer, 250);
  // The watchdog has 2 slots per worker + 8, and each spinning worker takes two (the quote worker's and its own): more
  // stuck tasks, one after another, than ten slots hold workers.
  for (let k = 0; k < 6; k++) {
    await assert.rejects(runner.compute(wplsToUsdc(graph, 1, SPINNING_AMOUNT)), QuoteTimeout);
  }
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(graph, 1))), graph.out(0, 'WPLS', E18));
});

test('tasks that finish within the timeout are left alone, however many run for however long', async (t) => {
  const graph = wplsUsdc(1_000n, 1);
  const runner = await spinningPool(t, graph.buffer, 250);
  const firstWorker = runner.threads[0].threadId;
  // Batches of 16 (what the worker holds at once) one after another for six timeouts: the worker is never idle.
  const started = performance.now();
  let batches = 0;
  while (performance.now() - started < 6 * 250) {
    const amounts = Array.from({ length: 16 }, (_, k) => BigInt(batches * 16 + k + 1) * 10n ** 15n);
    const outcomes = await Promise.all(amounts.map((amountIn) => runner.compute(wplsToUsdc(graph, 1, amountIn))));
    assert.deepEqual(outcomes.map(amountOutOf), amounts.map((amountIn) => graph.out(0, 'WPLS', amountIn)));
    batches++;
  }
  assert.ok(batches > 10, `${batches} batches`);
  assert.equal(runner.threads[0].threadId, firstWorker);
});

test('tasks run again on the replacement find the graph version they name, though newer ones were published', { timeout: 30_000 }, async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const v2 = wplsUsdc(2_000n, 2);
  const v3 = wplsUsdc(3_000n, 3);
  const runner = await spinningPool(t, v1.buffer, TIMEOUT_MS);
  runner.publish(v2.buffer);
  const spinning = runner.compute(wplsToUsdc(v2, 2, SPINNING_AMOUNT));
  const behind = [1n, 2n].map((k) => runner.compute(wplsToUsdc(v2, 2, k * E18)));
  // Published while they wait: the replacement starts after it, and is sent versions 1 to 3.
  runner.publish(v3.buffer);
  await assert.rejects(spinning, QuoteTimeout);
  assert.deepEqual(settledAmounts(await Promise.allSettled(behind)), [1n, 2n].map((k) => v2.out(0, 'WPLS', k * E18)));
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(v3, 3))), v3.out(0, 'WPLS', E18));
});

test('closing the pool while a worker is stuck takes the task timeout, not piscina\'s 30 s', { timeout: 30_000 }, async () => {
  const graph = wplsUsdc(1_000n, 1);
  const runner = new PooledQuoteRunner(graph.buffer, { workers: 1, maxQueue: 10, taskTimeoutMs: TIMEOUT_MS, workerModule: SPINNING_WORKER });
  await workerLoaded(runner.threads[0]);
  const spinning = runner.compute(wplsToUsdc(graph, 1, SPINNING_AMOUNT)).catch((e: unknown) => e);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  await runner.close();
  const took = performance.now() - started;
  assert.ok(took < 3 * TIMEOUT_MS, `close took ${took} ms`);
  assert.ok((await spinning) instanceof Error);
});

test('through the server, the stuck quote gets a 500 and the others are answered', { timeout: 30_000 }, async (t) => {
  const graph = wplsUsdc(1_000n, 1);
  const runner = await spinningPool(t, graph.buffer, TIMEOUT_MS);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
  const freshness = (): StateFreshness => ({ source: 'snapshot', blockNumber: 1n, stateAgeMs: null, pools: 1, tokens: 2, graphVersion: 1 });
  const server = await startServer({ config, runner, logger: createLogger('silent'), freshness });
  t.after(() => server.close());
  const post = (amountIn: bigint) =>
    postJson(`http://127.0.0.1:${server.port}/api/v2/quotes`, {
      chainId: 369,
      platform: 'mixed',
      fromToken: graph.address('WPLS'),
      toToken: graph.address('USDC'),
      amountIn: String(amountIn),
      slippage: 0.5,
    });
  const [stuck, answered] = await Promise.all([post(SPINNING_AMOUNT), post(E18)]);
  assert.equal(stuck.status, 500);
  assert.deepEqual(JSON.parse(stuck.text), { error: 'Internal server error', status: 500 });
  assert.equal(answered.status, 200);
  assert.equal(JSON.parse(answered.text).data.amountOut, String(graph.out(0, 'WPLS', E18)));
  // Asked again, it is refused at once: computed again it would hold the new worker until the watchdog stopped it.
  const worker = runner.threads[0].threadId;
  const again = await post(SPINNING_AMOUNT);
  assert.equal(again.status, 500);
  assert.equal(runner.threads[0].threadId, worker);
});

test("the service's pool takes its task timeout from QUOTE_TIMEOUT_MS", async (t) => {
  const { service } = await startTestService(t, { QUOTE_TIMEOUT_MS: '2500' });
  assert.ok(service.runner instanceof PooledQuoteRunner);
  assert.equal(service.runner.taskTimeoutMs, 2_500);
});
