// Quote workers run at a lower priority than the HTTP thread, so a route search never delays answering a request.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { workersLoaded, wplsUsdc } from './support.ts';

/** The nice value of each thread of this process, by thread id (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nice.set(Number(tid), Number(fields[19 - 3]));
  }
  return nice;
}

test('each quote worker lowers its own thread to the configured nice value and the main thread keeps 0', { skip: !existsSync('/proc/self/task') && 'needs Linux /proc' }, async (t) => {
  const before = threadNiceValues();
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10, nice: 7 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  const after = threadNiceValues();
  const started = [...after].filter(([tid]) => !before.has(tid));
  assert.deepEqual(started.map(([, nice]) => nice).filter((nice) => nice === 7), [7, 7]);
  assert.equal(after.get(process.pid), 0);
  assert.deepEqual([...before].map(([tid]) => after.get(tid)), [...before].map(() => 0));
});

test('without a nice value the workers keep the process priority', { skip: !existsSync('/proc/self/task') && 'needs Linux /proc' }, async (t) => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 2, maxQueue: 10 });
  t.after(() => runner.close());
  await workersLoaded(runner);
  assert.deepEqual([...new Set(threadNiceValues().values())], [0]);
});
