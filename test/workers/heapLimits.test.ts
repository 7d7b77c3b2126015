// Quote workers run with the young generation they are given: a quote allocates megabytes of short-lived values, and a
// larger young generation scavenges them less often.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { workersLoaded, wplsUsdc } from './support.ts';

const youngGenerations = (runner: PooledQuoteRunner) => runner.threads.map((thread) => thread.resourceLimits?.maxYoungGenerationSizeMb);

test('each quote worker runs with the configured young generation', async (t) => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10, youngGenerationMb: 96 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  assert.deepEqual(youngGenerations(runner), [96, 96]);
});

test("without a young generation size the workers keep Node's default", async (t) => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  for (const young of youngGenerations(runner)) assert.ok(young !== undefined && young > 0 && young < 96, `Node's default young generation, got ${young}`);
});
