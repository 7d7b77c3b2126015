// A quote worker's JIT warm-up: which requests it quotes, a pool whose warm() reports once every worker has quoted
// them (or not, at its timeout or close), and a service that listens only after that.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { warmUpTasks } from '../../src/workers/jitWarmUp.ts';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { startTestService } from '../support/service.ts';
import { E18, amountOutOf, wplsToUsdc, wplsUsdc } from './support.ts';

const SIZES = [10n ** 24n, 10n ** 26n, 10n ** 28n, 10n ** 29n];

test('the warm-up quotes each ordered pair of the 6 deepest priced tokens once, at $30 to $3M in turn, a third with gas priced', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const tasks = warmUpTasks(graph);
  const deepest = Array.from(graph.tokensByLiquidity())
    .filter((t) => graph.tokenNativePrice[t] > 0)
    .slice(0, 6);
  assert.equal(tasks.length, 30);
  assert.equal(new Set(tasks.map((t) => `${t.fromToken}>${t.toToken}`)).size, 30);
  assert.ok(tasks.every((t) => t.mode === 'advanced' && deepest.includes(graph.tokenIndex(t.fromToken)) && deepest.includes(graph.tokenIndex(t.toToken))));
  // Each amount is its size in native units at the token's price (to nine digits of the price, less the rounding of a
  // small raw amount); WPLS (price 1) sells first, exactly.
  tasks.forEach((t, k) => {
    const native = Number(t.amountIn) * graph.tokenNativePrice[graph.tokenIndex(t.fromToken)];
    assert.ok(Math.abs(native / Number(SIZES[k % 4]) - 1) < 1e-7, `task ${k}: ${native} native units, size ${SIZES[k % 4]}`);
  });
  const wpls = preset.tokens.find((t) => t.symbol === 'WPLS')!.address.toLowerCase();
  assert.deepEqual(
    tasks.slice(0, 5).map((t) => [t.fromToken.toLowerCase(), t.amountIn]),
    [0, 1, 2, 3, 0].map((k) => [wpls, SIZES[k]]),
  );
  assert.deepEqual(tasks.map((t, k) => (t.gasPricing ? k : -1)).filter((k) => k >= 0), [2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
});

test('with the warm-up on, warm() reports once every worker has quoted its warm-up, and the pool then serves', async (t) => {
  const h = wplsUsdc(1_000n, 1);
  const runner = new PooledQuoteRunner(h.buffer, { workers: 2, maxQueue: 100, warmUp: true });
  t.after(() => runner.close());
  // Not yet: the workers are still loading.
  assert.equal((await runner.warm(0)).done, false);
  // ready() and warm() wait together.
  const [, warm] = await Promise.all([runner.ready(), runner.warm(60_000)]);
  assert.equal(warm.done, true);
  // WPLS → USDC and USDC → WPLS, each routed, in both workers.
  assert.deepEqual([...warm.reports.values()], [
    { routed: 2, failed: 0 },
    { routed: 2, failed: 0 },
  ]);
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(h, 1))), h.out(0, 'WPLS', E18));
});

test('with the warm-up off, warm() resolves once the workers are loaded, and none quotes a warm-up', async (t) => {
  const h = wplsUsdc(1_000n, 1);
  const runner = new PooledQuoteRunner(h.buffer, { workers: 2, maxQueue: 100 });
  t.after(() => runner.close());
  assert.equal((await runner.warm(60_000)).done, true);
  // Both workers have run their start-up (a task runs after it) and said nothing more.
  await Promise.all([runner.compute(wplsToUsdc(h, 1)), runner.compute(wplsToUsdc(h, 1))]);
  await tick();
  assert.equal((await runner.warm(0)).reports.size, 0);
});

test('a wait for the warm-up ends, not done, when the runner closes', async () => {
  const runner = new PooledQuoteRunner(wplsUsdc(1_000n, 1).buffer, { workers: 1, maxQueue: 100, warmUp: true });
  const pending = runner.warm(60_000);
  await runner.close();
  assert.equal((await pending).done, false);
});

test('the service listens only once its worker has quoted its warm-up on the default snapshot', async (t) => {
  const { service } = await startTestService(t, { WORKER_WARM_UP: 'on' });
  // Already done when the service is up: no wait left.
  const warm = await service.runner.warm(0);
  assert.equal(warm.done, true);
  assert.deepEqual([...warm.reports.values()], [{ routed: 30, failed: 0 }]);
});
