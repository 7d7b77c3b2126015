// Quote workers run with the young generation they are given: a quote allocates megabytes of short-lived values, and a
// larger young generation scavenges them less often.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { startTestService } from '../support/service.ts';
import { workersLoaded, wplsUsdc } from './support.ts';

const youngGenerations = (runner: PooledQuoteRunner) => runner.threads.map((thread) => thread.resourceLimits?.maxYoungGenerationSizeMb);

test('each quote worker runs with the configured young generation', async (t) => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10, youngGenerationMb: 96 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  assert.deepEqual(youngGenerations(runner), [96, 96]);
});

test("with a young generation of 0 the workers keep Node's default", async (t) => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10, youngGenerationMb: 0 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  // Node's default depends on the platform (48 MiB on 64-bit): below any size this project sets.
  for (const young of youngGenerations(runner)) assert.ok(young !== undefined && young > 0 && young < 96, `Node's default young generation, got ${young}`);
});

test("the service's workers run with WORKER_YOUNG_GENERATION_MB", async (t) => {
  const { service } = await startTestService(t, { WORKERS: '2', WORKER_YOUNG_GENERATION_MB: '64' });
  assert.ok(service.runner instanceof PooledQuoteRunner);
  assert.deepEqual(youngGenerations(service.runner), [64, 64]);
});
