// The worker pool reading the shared graph: same outcomes as the inline runner, the buffer shared (not copied),
// graph versions published to the workers, tasks waiting for their version, and failures that spare the pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import type { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { NATIVE_ADDRESS } from '../../src/quote/computeQuote.ts';
import type { QuoteTask, SerializedOutcome } from '../../src/quote/types.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { InlineQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { labelAddress } from '../support/graphs.ts';
import { E18, amountOutOf, startPool, workersLoaded, wplsToUsdc, wplsUsdc } from './support.ts';

const USER = labelAddress('worker-test-user');

/** Random tasks over the whole default graph: every mode, UniV2 platform, native in/out, unknown tokens, pricing. */
function randomTasks(graph: GraphView, wrappedNative: string, count: number, seed: number): QuoteTask[] {
  const rng = createRandom(seed);
  const platforms = ['mixed', 'mixed', 'dexa_v1', 'dexa_v2', 'dexb_v2', 'dexc_v2', 'dexb_v3'] as const;
  const token = () => {
    const r = rng();
    if (r < 0.08) return NATIVE_ADDRESS;
    if (r < 0.1) return labelAddress(`unknown-${Math.floor(rng() * 1e9)}`);
    return graph.tokenAddress(Math.floor(rng() * graph.tokenCount));
  };
  return Array.from({ length: count }, () => {
    const fromToken = token();
    const from = graph.tokenIndex(fromToken === NATIVE_ADDRESS ? wrappedNative : fromToken);
    const price = (from >= 0 && graph.tokenNativePrice[from]) || 1;
    return {
      graphVersion: 1,
      mode: rng() < 0.5 ? 'standard' : 'advanced',
      platform: platforms[Math.floor(rng() * platforms.length)],
      fromToken,
      toToken: token(),
      amountIn: BigInt(Math.max(1, Math.floor((10 ** (16 + rng() * 9)) / price))),
      slippagePpm: BigInt(Math.floor(rng() * 50_000)),
      userAddress: rng() < 0.5 ? USER : undefined,
      deadline: 1_900_000_000n,
      // A budget the split optimiser never reaches: it stops by its own rule, so the answer does not depend on timing.
      timeBudgetMs: 60_000,
      gasPricing: rng() < 0.5 ? { gasPriceWei: 10n ** 15n, gasTokenPriceUsd: 0.00003, tokenOutPriceUsd: rng() * 10 } : undefined,
    } satisfies QuoteTask;
  });
}

test('a pool of 2 workers computes exactly the outcomes of the inline runner for 100 random tasks', async (t) => {
  const preset = loadPreset();
  const buffer = buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1);
  assert.ok(buffer instanceof SharedArrayBuffer);
  const pooled = startPool(t, buffer);
  const inline = new InlineQuoteRunner(buffer, preset);
  t.after(() => inline.close());
  const tasks = randomTasks(pooled.graph, preset.wrappedNative.address, 100, 4001);
  const fromWorkers = await Promise.all(tasks.map((task) => pooled.compute(task)));
  const routed = fromWorkers.filter((o) => o.ok).length;
  // The same outcomes; each says how long its own computation took.
  const untimed = ({ computeMs, ...outcome }: SerializedOutcome) => (assert.ok(computeMs! > 0, `computeMs ${computeMs}`), outcome);
  for (const [i, task] of tasks.entries()) {
    assert.deepStrictEqual(untimed(fromWorkers[i]), untimed(await inline.compute(task)), `task ${i}`);
  }
  // The sample holds both answers and no-route outcomes, transactions included.
  assert.ok(routed > 40 && routed < 100, `routed ${routed}`);
  assert.ok(fromWorkers.some((o) => o.ok && o.quote.txJson !== undefined));
});

test('workers quote on the shared buffer itself: bytes written into it after start are what they read', async (t) => {
  const before = wplsUsdc(1_000n, 1);
  const after = wplsUsdc(3_000n, 1);
  const runner = startPool(t, before.buffer);
  await workersLoaded(runner);
  // Same layout, new reserves: overwrite the running graph in place (no worker has decoded the pool yet).
  assert.equal(after.buffer.byteLength, before.buffer.byteLength);
  new Uint8Array(before.buffer).set(new Uint8Array(after.buffer));
  const expected = after.out(0, 'WPLS', E18);
  assert.notEqual(expected, before.out(0, 'WPLS', E18));
  const outcomes = await Promise.all(Array.from({ length: 8 }, () => runner.compute(wplsToUsdc(before, 1))));
  assert.deepEqual(outcomes.map(amountOutOf), Array(8).fill(expected));
});

test('a published version reaches the workers while the previous version still answers as before', async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const v2 = wplsUsdc(2_000n, 2);
  const runner = startPool(t, v1.buffer);
  await workersLoaded(runner);
  const [out1, out2] = [v1.out(0, 'WPLS', E18), v2.out(0, 'WPLS', E18)];
  assert.equal(out1, 996_106n);
  assert.equal(out2, 1_992_213n);
  const onVersion1 = () => Promise.all(Array.from({ length: 6 }, () => runner.compute(wplsToUsdc(v1, 1))));
  assert.deepEqual((await onVersion1()).map(amountOutOf), Array(6).fill(out1));

  assert.equal(runner.publish(v2.buffer), 2);
  assert.equal(runner.graph.version, 2);
  const onVersion2 = await Promise.all(Array.from({ length: 6 }, () => runner.compute(wplsToUsdc(v2, 2))));
  assert.deepEqual(onVersion2.map(amountOutOf), Array(6).fill(out2));
  assert.deepEqual((await onVersion1()).map(amountOutOf), Array(6).fill(out1));
});

test('a task naming a version the workers have not received yet waits for it', async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const v3 = wplsUsdc(5_000n, 3);
  const runner = startPool(t, v1.buffer);
  await workersLoaded(runner);
  let settled = false;
  const pending = runner.compute(wplsToUsdc(v3, 3)).finally(() => (settled = true));
  // Give the task time to reach a worker; it must still be waiting for version 3.
  await sleep(300);
  assert.equal(settled, false);
  runner.publish(v3.buffer);
  assert.equal(amountOutOf(await pending), v3.out(0, 'WPLS', E18));
});

test('a task that throws inside a worker rejects without killing the pool', async (t) => {
  const v1 = wplsUsdc(1_000n, 1);
  const runner = startPool(t, v1.buffer);
  await workersLoaded(runner);
  const threadIds = runner.threads.map((w) => w.threadId);

  const malformed = { ...wplsToUsdc(v1, 1), fromToken: undefined } as unknown as QuoteTask;
  await assert.rejects(runner.compute(malformed), {
    name: 'TypeError',
    message: "Cannot read properties of undefined (reading 'toLowerCase')",
  });
  // A version that never arrives gives up after the workers' arrival timeout (5 s).
  await assert.rejects(runner.compute(wplsToUsdc(v1, 99)), { message: 'Graph version 99 never arrived' });

  const next = await Promise.all(Array.from({ length: 4 }, () => runner.compute(wplsToUsdc(v1, 1))));
  assert.deepEqual(next.map(amountOutOf), Array(4).fill(v1.out(0, 'WPLS', E18)));
  assert.deepEqual(runner.threads.map((w) => w.threadId), threadIds);
});
