// Routing latency of /quotes (the engine's computeQuote, no HTTP; /quotes/advanced has bench/advancedLatency.ts) on the default snapshot (all
// nine platforms), on a UniV2-only graph of the same size, and on 250,000 pools: p50/p99 over a fixed query mix,
// after a warm-up pass of other queries.
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { computeQuote } from '../src/quote/computeQuote.ts';
import type { QuoteMode } from '../src/quote/types.ts';
import { type BenchQuery, queryMix } from './support/queryMix.ts';
import { percentile, saveResults } from './support/results.ts';
import { defaultSnapshotPath, largeSnapshotPath, loadSnapshot, univ2OnlySnapshotPath } from './support/snapshots.ts';

const QUERIES = 5000;
const preset = loadPreset();

function measure(graph: GraphView, queries: BenchQuery[], mode: QuoteMode) {
  const times: number[] = [];
  let routed = 0;
  for (const q of queries) {
    const task = {
      graphVersion: 1,
      mode,
      platform: 'mixed' as const,
      fromToken: graph.tokenAddress(q.from),
      toToken: graph.tokenAddress(q.to),
      amountIn: q.amountIn,
      slippagePpm: 5000n,
      deadline: 0n,
    };
    const start = performance.now();
    const outcome = computeQuote(graph, preset, task);
    times.push(performance.now() - start);
    if (outcome.ok) routed++;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { queries: queries.length, routed, p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(times[times.length - 1]) };
}

const figures: Record<string, unknown> = {};
for (const [label, path] of [
  ['default', defaultSnapshotPath()],
  ['univ2-only', univ2OnlySnapshotPath()],
  ['250k', largeSnapshotPath()],
] as const) {
  const snapshot = loadSnapshot(path);
  const graph = new GraphView(buildGraph(snapshot, preset, 1));
  const warmup = queryMix(graph, 2000, 7);
  const queries = queryMix(graph, QUERIES, 11);
  for (const mode of ['standard'] as const) {
    measure(graph, warmup, mode);
    const result = { pools: snapshot.pools.length, tokens: snapshot.tokens.length, ...measure(graph, queries, mode) };
    figures[`${label}/${mode}`] = result;
    console.log(`${label.padEnd(8)} ${mode.padEnd(9)} pools=${result.pools} p50=${result.p50Ms} ms p99=${result.p99Ms} ms max=${result.maxMs} ms routed=${result.routed}/${result.queries}`);
  }
}
saveResults('routingLatency', figures);
