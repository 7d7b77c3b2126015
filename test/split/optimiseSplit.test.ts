// The path optimiser never ends below the output it started from, even where its paths share pools and part after
// them (there its rates are the network-flow marginals, not the derivatives of the sequential output), and keeps a
// path that yields much for a tiny input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { optimiseSplit } from '../../src/routing/split/optimiseSplit.ts';
import { SplitModel } from '../../src/routing/split/splitModel.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { dustPoolGraph } from './splitFixtures.ts';

const preset = loadPreset();
const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
const wpls = graph.tokenIndex(preset.wrappedNative.address);
const priced = Array.from(graph.tokensByLiquidity()).filter((t) => graph.tokenNativePrice[t] > 0);

/** The path optimiser from the flow's exact legs and shares of `amountIn`: its output at the start and at the end. */
function fromFlow(from: number, to: number, amountIn: bigint) {
  const options = { ...SPLIT_PROFILE, platformCode: -1 };
  const search = candidateSearch(graph, from, to, Number(amountIn), options);
  const flow = flowQuote(graph, from, to, amountIn, search.tokens.tokensAt, options);
  assert.ok(flow);
  const paths = flow.legs.map((leg) => leg.hops);
  const total = Number(amountIn);
  const model = new SplitModel(graph, paths, total);
  const initial = Float64Array.from(flow.legs, (leg) => Number(leg.amountIn));
  const sum = initial.reduce((a, b) => a + b, 0);
  for (let i = 0; i < initial.length; i++) initial[i] *= total / sum;
  const start = model.objective(initial);
  const allocation = optimiseSplit(model, total, { tolerance: 1e-3, maxIterations: 300, initial });
  return { start, end: allocation.objective, shared: paths.some((_, i) => !model.alone(i)) };
}

test('started from the flow optimiser\'s paths, the path optimiser ends at no less output than it started with', () => {
  // Long-tail tokens into WPLS, sized to move their pools' prices by most of their depth: the flow's paths share
  // the tail token's pools and part after them.
  let shared = 0;
  for (const rank of [300, 500, 900, 1500]) {
    const from = priced[rank];
    const amountIn = BigInt(Math.floor(30_000 / (0.00003 / 1e18) / graph.tokenNativePrice[from]));
    const { start, end, shared: isShared } = fromFlow(from, wpls, amountIn);
    if (isShared) shared++;
    assert.ok(end >= start * (1 - 1e-12), `tail#${rank}: ${end} < ${start}`);
  }
  assert.ok(shared > 0, 'no case had paths sharing a pool');
});

test('between two long-tail tokens, where the rates say move all of one path\'s input to another, output still never falls', () => {
  // Requests of the latency mix whose flow paths share the source's pools: moving a whole path's input where the
  // network-flow rates pointed lost 5 to 21% of the sequential output.
  for (const [fromRank, toRank, amountIn] of [
    [6132, 3182, 3_860_428_124_507_653_594_415_104n],
    [5824, 993, 639_208_721_200_993_868_640_681_984n],
    [4987, 4217, 270_957_482_675_482_400n],
  ] as const) {
    const { start, end, shared } = fromFlow(priced[fromRank], priced[toRank], amountIn);
    assert.ok(shared, `tail#${fromRank} → tail#${toRank}: no shared pool`);
    assert.ok(end >= start * (1 - 1e-12), `tail#${fromRank} → tail#${toRank}: ${end} < ${start}`);
  }
});

test('keeps a path that takes under 0.01% of the input when it yields much of the output', () => {
  // The dust pair's best input is under 0.002% of the trade, for 3.3% of the output.
  const { h, paths, amountIn, optimum } = dustPoolGraph();
  const total = Number(amountIn);
  const allocation = optimiseSplit(new SplitModel(h.graph, paths, total), total, { tolerance: 1e-9, maxIterations: 300 });
  assert.ok(allocation.x[1] > 0 && allocation.x[1] < total * 1e-4, `${allocation.x}`);
  assert.ok(Math.abs(allocation.objective / Number(optimum) - 1) < 1e-9, `${allocation.objective} vs ${optimum}`);
});
