// A quote worker's JIT warm-up: which requests it quotes, a pool whose warm() reports once every worker has quoted
// them (or not, at its timeout or close), and a service that listens only after that.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import type { QuoteTask } from '../../src/quote/types.ts';
import { warmUpTasks } from '../../src/workers/jitWarmUp.ts';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { startTestService } from '../support/service.ts';
import { E18, amountOutOf, wplsToUsdc, wplsUsdc } from './support.ts';

const SIZES = [10n ** 24n, 10n ** 26n, 10n ** 28n, 10n ** 29n];

test('the warm-up quotes each ordered pair of the 4 deepest priced tokens at $30 to $3M in turn, then 30 small trades spread over the priced tokens, a third with gas priced', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const tasks = warmUpTasks(graph);
  const priced = Array.from(graph.tokensByLiquidity()).filter((t) => graph.tokenNativePrice[t] > 0);
  const deepest = priced.slice(0, 4);
  const nativeValue = (t: QuoteTask) => Number(t.amountIn) * graph.tokenNativePrice[graph.tokenIndex(t.fromToken)];
  assert.equal(tasks.length, 42);
  assert.ok(tasks.every((t) => t.mode === 'advanced' && t.fromToken !== t.toToken));
  const priceMoving = tasks.slice(0, 12);
  assert.equal(new Set(priceMoving.map((t) => `${t.fromToken}>${t.toToken}`)).size, 12);
  assert.ok(priceMoving.every((t) => deepest.includes(graph.tokenIndex(t.fromToken)) && deepest.includes(graph.tokenIndex(t.toToken))));
  // Each amount is its size in native units at the token's price (to nine digits of the price, less the rounding of a
  // small raw amount); WPLS (price 1) sells first, exactly.
  priceMoving.forEach((t, k) => {
    assert.ok(Math.abs(nativeValue(t) / Number(SIZES[k % 4]) - 1) < 1e-7, `task ${k}: ${nativeValue(t)} native units, size ${SIZES[k % 4]}`);
  });
  const wpls = preset.tokens.find((t) => t.symbol === 'WPLS')!.address.toLowerCase();
  assert.deepEqual(
    priceMoving.slice(0, 3).map((t) => [t.fromToken.toLowerCase(), t.amountIn]),
    [0, 1, 2].map((k) => [wpls, SIZES[k]]),
  );
  // The spread: priced tokens, $1 to $100k at $0.00003 per PLS (10^22.5 to 10^27.5 native units), over at least 20
  // pairs, some selling a long-tail token (outside the 40 deepest), the same on every call.
  const spread = tasks.slice(12);
  assert.ok(spread.every((t) => priced.includes(graph.tokenIndex(t.fromToken)) && priced.includes(graph.tokenIndex(t.toToken))));
  for (const t of spread) {
    const log10 = Math.log10(nativeValue(t));
    assert.ok(log10 >= 22.5 - 1e-6 && log10 <= 27.5 + 1e-6, `${t.fromToken} ${t.amountIn}: 10^${log10} native units`);
  }
  assert.ok(new Set(spread.map((t) => `${t.fromToken}>${t.toToken}`)).size >= 20);
  assert.ok(spread.some((t) => !priced.slice(0, 40).includes(graph.tokenIndex(t.fromToken))));
  assert.deepEqual(warmUpTasks(graph), tasks);
  assert.deepEqual(tasks.map((t, k) => (t.gasPricing ? k : -1)).filter((k) => k >= 0), Array.from({ length: 14 }, (_, i) => 3 * i + 2));
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
  // WPLS → USDC and USDC → WPLS, then the 30 spread trades between them, each routed, in both workers.
  assert.deepEqual([...warm.reports.values()], [
    { routed: 32, failed: 0 },
    { routed: 32, failed: 0 },
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
  assert.deepEqual([...warm.reports.values()], [{ routed: 42, failed: 0 }]);
});
