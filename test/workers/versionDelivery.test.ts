// Graph versions reaching every worker whatever the timing: a publication racing worker start-up, and a worker
// started by piscina to replace a crashed one, must both quote on the newest published version.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { E18, settledAmounts, startPool, workerLoaded, workersLoaded, wplsToUsdc, wplsUsdc } from './support.ts';

test('a version published as soon as ready() resolves reaches every worker', async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const v2 = wplsUsdc(2_000n, 2);
  const runner = startPool(t, v1.buffer);
  await runner.ready();
  runner.publish(v2.buffer);
  const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => runner.compute(wplsToUsdc(v2, 2))));
  assert.deepEqual(settledAmounts(outcomes), Array(6).fill(v2.out(0, 'WPLS', E18)));
});

test('a worker that replaces a crashed one quotes on the newest published version', async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const v2 = wplsUsdc(2_000n, 2);
  const runner = startPool(t, v1.buffer);
  await workersLoaded(runner);
  runner.publish(v2.buffer);
  const [crashed, survivor] = runner.threads;
  const crashedId = crashed.threadId;
  await crashed.terminate();
  // piscina starts a replacement to keep two workers; wait until it has loaded so it takes tasks.
  while (runner.threads.length < 2 || runner.threads.some((w) => w.threadId === crashedId)) await sleep(10);
  const replacement = runner.threads.find((w) => w !== survivor)!;
  await workerLoaded(replacement);
  const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => runner.compute(wplsToUsdc(v2, 2))));
  assert.deepEqual(settledAmounts(outcomes), Array(6).fill(v2.out(0, 'WPLS', E18)));
});
