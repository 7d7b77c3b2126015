// The watchdog's rule on shared memory written as workers write it: a thread seen on one task for the whole timeout
// is reported once, one moving from task to task never, and a gone thread's slot is freed for a new worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { TaskMarks, TaskWatchdog, watchdogMemory } from '../../src/workers/taskWatchdog.ts';

const TIMEOUT_MS = 80;

/** Memory with `owners` claiming the first slots, and a way to mark each one's current task as its worker does. */
function memoryOf(owners: number[], slots = 4) {
  const memory = watchdogMemory(slots);
  const cells = new Int32Array(memory.buffer);
  owners.forEach((owner, k) => (cells[2 * k] = owner));
  return { memory, cells, mark: (k: number, task: number) => Atomics.store(cells, 2 * k + 1, task) };
}

test('a thread on one task for the whole timeout is reported once; one moving on, or idle, never', async (t) => {
  const { memory, mark } = memoryOf([11, 12, 13]);
  const reported: [number, number][] = [];
  const watchdog = new TaskWatchdog(memory, TIMEOUT_MS, () => new Set([11, 12, 13]), (thread, task) => reported.push([thread, task]));
  t.after(() => watchdog.stop());
  mark(0, 7);
  // Thread 12 takes a new task every 10 ms; thread 13 stays idle.
  for (let task = 1; task <= 40; task++) {
    mark(1, task);
    await sleep(10);
  }
  assert.deepEqual(reported, [[11, 7]]);
});

test("a gone thread's slot is freed, and a new worker claims it", async (t) => {
  const { memory, cells, mark } = memoryOf([21, 22], 2);
  let live = new Set([21, 22]);
  const watchdog = new TaskWatchdog(memory, TIMEOUT_MS, () => live, () => assert.fail('nothing is stuck'));
  t.after(() => watchdog.stop());
  mark(0, 5);
  // Every slot is taken: a new worker runs unwatched until one is freed.
  const late = new TaskMarks(memory, 23);
  late.run(1, () => assert.deepEqual([...cells], [21, 5, 22, 0]));
  live = new Set([22]);
  await sleep(2 * TIMEOUT_MS);
  assert.deepEqual([...cells], [0, 0, 22, 0]);
  late.run(2, () => assert.deepEqual([...cells], [23, 2, 22, 0]));
  assert.deepEqual([...cells], [23, 0, 22, 0]);
});

test('after a pause of the whole process, a task is watched afresh for the whole timeout', async (t) => {
  const { memory, mark } = memoryOf([31]);
  const reported: number[] = [];
  const watchdog = new TaskWatchdog(memory, TIMEOUT_MS, () => new Set([31]), (_, task) => reported.push(task));
  t.after(() => watchdog.stop());
  mark(0, 9);
  await sleep(30);
  // The main thread blocked for three timeouts, as a suspended process would be: the first look after it starts over.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3 * TIMEOUT_MS);
  await sleep(30);
  assert.deepEqual(reported, []);
  await sleep(2 * TIMEOUT_MS);
  assert.deepEqual(reported, [9]);
});
