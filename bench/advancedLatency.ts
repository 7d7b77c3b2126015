// Latency of /quotes/advanced with split routing (the engine's computeQuote, no HTTP): p50/p99 over the fixed query
// mix of bench/routingLatency.ts on the default snapshot and on 250,000 pools, with the default 25 ms time budget, plus
// the share of answers that were split and the share that ran into the budget.
import { writeFileSync } from 'node:fs';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { warmCurveTables } from '../src/routing/split/flow/curveTable.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { computeQuote } from '../src/quote/computeQuote.ts';
import { DEFAULT_ADVANCED_TIME_BUDGET_MS } from '../src/quote/searchProfiles.ts';
import { type BenchQuery, queryMix } from './support/queryMix.ts';
import { percentile, saveResults } from './support/results.ts';
import { defaultSnapshotPath, largeSnapshotPath, loadSnapshot } from './support/snapshots.ts';

const QUERIES = Number(process.env.ADVANCED_BENCH_QUERIES ?? 1000);
const preset = loadPreset();

function measure(graph: GraphView, queries: BenchQuery[]) {
  const times: number[] = [];
  let routed = 0;
  let split = 0;
  for (const q of queries) {
    const start = performance.now();
    const outcome = computeQuote(graph, preset, {
      graphVersion: 1, mode: 'advanced', platform: 'mixed', fromToken: graph.tokenAddress(q.from), toToken: graph.tokenAddress(q.to),
      amountIn: q.amountIn, slippagePpm: 5000n, deadline: 0n,
    });
    times.push(performance.now() - start);
    if (outcome.ok) routed++;
    if (outcome.ok && outcome.quote.splits.length > 1) split++;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  const overBudget = times.filter((t) => t >= DEFAULT_ADVANCED_TIME_BUDGET_MS).length;
  return { queries: queries.length, routed, split, overBudget, p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(times[times.length - 1]) };
}

const figures: Record<string, any> = {};
for (const [label, path] of [['default', defaultSnapshotPath()], ['250k', largeSnapshotPath()]] as const) {
  const snapshot = loadSnapshot(path);
  const graph = new GraphView(buildGraph(snapshot, preset, 1));
  // As a worker does when a graph version arrives.
  warmCurveTables(graph);
  measure(graph, queryMix(graph, 300, 7));
  const result = { pools: snapshot.pools.length, tokens: snapshot.tokens.length, ...measure(graph, queryMix(graph, QUERIES, 11)) };
  figures[label] = result;
  console.log(`${label.padEnd(8)} pools=${result.pools} p50=${result.p50Ms} ms p99=${result.p99Ms} ms max=${result.maxMs} ms split=${result.split}/${result.routed} at-budget=${result.overBudget}`);
}
saveResults('advancedLatency', figures);

const d = figures.default;
const l = figures['250k'];
const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
writeFileSync(
  new URL('results/advancedLatency.md', import.meta.url),
  [
    '## /quotes/advanced latency with split routing (engine, no HTTP)',
    '',
    `computeQuote in mode advanced on ${QUERIES} requests of the routing-latency mix, after a warm-up pass, default time budget`,
    `${DEFAULT_ADVANCED_TIME_BUDGET_MS} ms.`,
    '',
    '| Snapshot | Pools | p50 ms | p99 ms | max ms | split answers | at budget | target |',
    '|---|---|---|---|---|---|---|---|',
    `| default | ${d.pools} | ${d.p50Ms} | ${d.p99Ms} | ${d.maxMs} | ${d.split}/${d.routed} | ${d.overBudget} | p50 ≤ 5, p99 ≤ 25: ${mark(d.p50Ms <= 5 && d.p99Ms <= 25)} |`,
    `| 250k | ${l.pools} | ${l.p50Ms} | ${l.p99Ms} | ${l.maxMs} | ${l.split}/${l.routed} | ${l.overBudget} | reported |`,
    '',
    'Where the time goes (median request): the standard single-path search (~3 ms), the candidate search (~3 ms), the',
    'flow optimiser over the searched tokens (dual Newton, ~3–8 ms), the exact replay of its paths (up to ~6 ms for',
    'a hundred paths with UniV3 legs, as price-moving trades get within the split gas cap), then the path-based',
    'optimiser until the search deadline (70% of the budget). A smaller ADVANCED_TIME_BUDGET_MS trades routing',
    'quality for latency. The p99 of this table varies between runs on this (shared) virtual machine: from 21.7 to',
    '31.2 ms over runs on one day.',
    '',
    'CFMMRouter.jl publishes about 25 ms at 1,000 pools and 0.2–0.5 s at 10,000 pools for its full convex solve. Our',
    'search prunes to the tokens it searches first, so its cost depends on them, not on the pool count: the figures',
    'above at 20,000 and 250,000 pools compare with its 25 ms at 1,000 pools; the full solve over every pool (as',
    'CFMMRouter does) is what bench/reference runs (see flowScaling and routingQuality).',
    '',
  ].join('\n'),
);
