// Cost of one exact swap evaluation per pool kind (tinybench, ns/op), on pools of the default snapshot, next to
// the float estimate the search uses.
import { Bench } from 'tinybench';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { POOL_KIND_CODES } from '../src/pools/registry.ts';
import { saveResults } from './support/results.ts';
import { defaultSnapshotPath, loadSnapshot } from './support/snapshots.ts';

const graph = new GraphView(buildGraph(loadSnapshot(defaultSnapshotPath()), loadPreset(), 1));
const bench = new Bench({ time: 400, warmupTime: 100 });

for (const kind of POOL_KIND_CODES) {
  let pool = -1;
  for (let p = 0; p < graph.poolCount && pool < 0; p++) if (graph.poolKind(p) === kind && graph.poolLiquidity[p] > 1e24) pool = p;
  if (pool < 0) continue;
  const model = graph.pool(pool);
  const token = graph.poolTokens(pool)[0];
  // About 0.1% of the pool's depth: a typical, multi-step but not exhausting trade.
  const amount = BigInt(Math.floor((graph.poolLiquidity[pool] / graph.tokenNativePrice[token]) * 0.001));
  if (!model.swapExactIn(0, 1, amount)) throw new Error(`${kind}: benchmark swap does not execute`);
  bench.add(`${kind} exact swapExactIn`, () => model.swapExactIn(0, 1, amount));
  bench.add(`${kind} float estimateOut`, () => model.estimateOut(0, 1, Number(amount)));
}
await bench.run();

const figures: Record<string, { nsPerOp: number; samples: number }> = {};
for (const task of bench.tasks) {
  const result = task.result;
  if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`);
  const nsPerOp = Math.round(result.latency.mean * 1e6);
  figures[task.name] = { nsPerOp, samples: result.latency.samplesCount };
  console.log(`${task.name.padEnd(36)} ${String(nsPerOp).padStart(9)} ns/op`);
}
saveResults('poolSwapCost', figures);
