// A quote worker's JIT warm-up: which requests it quotes, and a pool that reports ready to serve only once every worker
// has quoted them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { warmUpTasks } from '../../src/workers/jitWarmUp.ts';
import { PooledQuoteRunner } from '../../src/workers/quoteRunner.ts';
import { E18, amountOutOf, wplsToUsdc, wplsUsdc } from './support.ts';

test('the warm-up quotes each ordered pair of the 6 deepest priced tokens once, from $30 to $3M, a third with gas priced', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const tasks = warmUpTasks(graph);
  const deepest = Array.from(graph.tokensByLiquidity())
    .filter((t) => graph.tokenNativePrice[t] > 0)
    .slice(0, 6)
    .map((t) => graph.tokenAddress(t));
  assert.equal(tasks.length, 30);
  assert.equal(new Set(tasks.map((t) => `${t.fromToken}>${t.toToken}`)).size, 30);
  assert.ok(tasks.every((t) => deepest.includes(t.fromToken) && deepest.includes(t.toToken) && t.mode === 'advanced'));
  // WPLS, the deepest, sells first: at the four sizes in turn (its native price is 1).
  const wpls = preset.tokens.find((t) => t.symbol === 'WPLS')!.address.toLowerCase();
  assert.equal(deepest[0].toLowerCase(), wpls);
  const fromWpls = tasks.slice(0, 5).map((t) => [t.fromToken.toLowerCase(), t.amountIn]);
  const sizes = [10n ** 24n, 10n ** 26n, 10n ** 28n, 10n ** 29n, 10n ** 24n];
  assert.deepEqual(fromWpls, sizes.map((size) => [wpls, size]));
  assert.equal(tasks.filter((t) => t.gasPricing).length, 10);
});

test('with the warm-up on, warm() resolves once every worker has quoted its warm-up, and the pool then serves', async (t) => {
  const h = wplsUsdc(1_000n, 1);
  const runner = new PooledQuoteRunner(h.buffer, { workers: 2, maxQueue: 100, warmUp: true });
  t.after(() => runner.close());
  await runner.warm();
  // WPLS → USDC and USDC → WPLS, each routed, in both workers.
  assert.deepEqual([...runner.warmedUp.values()], [2, 2]);
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(h, 1))), h.out(0, 'WPLS', E18));
});

test('with the warm-up off, warm() resolves once the workers are loaded, and none quotes a warm-up', async (t) => {
  const h = wplsUsdc(1_000n, 1);
  const runner = new PooledQuoteRunner(h.buffer, { workers: 2, maxQueue: 100 });
  t.after(() => runner.close());
  await runner.warm();
  assert.equal(runner.warmedUp.size, 0);
  assert.equal(amountOutOf(await runner.compute(wplsToUsdc(h, 1))), h.out(0, 'WPLS', E18));
});
