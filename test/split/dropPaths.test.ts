// Dropping paths to free the path optimiser from a trap of the sequential model: the rate spread it reports, and a
// price-moving request of the default snapshot where it stops with 12% less output than a split without one path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { trapped } from '../../src/routing/split/dropPaths.ts';
import { findBestSplit } from '../../src/routing/split/findBestSplit.ts';
import { optimiseSplit } from '../../src/routing/split/optimiseSplit.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { SplitModel } from '../../src/routing/split/splitModel.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, TOKENS } from './splitFixtures.ts';

test('at the optimum over paths that share no pool, the active paths\' marginal rates agree: no trap', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [3_000_000_000n * E18, 90_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
  ]);
  const paths = [[h.hop(0, 'WPLS', 'USDC')], [h.hop(1, 'WPLS', 'USDC')]];
  const total = 4e26;
  const allocation = optimiseSplit(new SplitModel(h.graph, paths, total), total, { tolerance: 1e-9, maxIterations: 300 });
  assert.ok(allocation.x.every((v) => v > 0));
  assert.ok(allocation.rateSpread >= 1 && allocation.rateSpread < 1 + 1e-6, `spread ${allocation.rateSpread}`);
  assert.equal(trapped(allocation), false);
  assert.equal(trapped({ ...allocation, rateSpread: 1.3 }), true);
});

test('a price-moving split the path optimiser leaves in a trap gets the 12% more output of dropping a path', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  // A long-tail token into another, 3.86M units: two pools take it to WPLS, and the split kept one path from each
  // into the same depleted WPLS pool of the target; without the second, its input goes to the route through a third
  // token. The optimiser's own answer over those paths was 25,548,870.8 units (of 18 decimals, ×1e18).
  const from = graph.tokenIndex('0xeB9ADBf71faDC097D6f58d9C525192258470CE7a');
  const to = graph.tokenIndex('0x1D27ab1743690F29B75a405F76250952F3528263');
  const amountIn = 3_860_428_124_507_653_594_415_104n;
  const split = findBestSplit(graph, from, to, amountIn, { ...SPLIT_PROFILE, platformCode: -1 })!;
  assert.ok(split.amountOut > 28_500_000n * E18, `${split.amountOut}`);
  // Still the exact result of executing the splits in order.
  const replay = simulateSplit(graph, split.legs.map((leg) => leg.hops), split.legs.map((leg) => leg.amountIn))!;
  assert.equal(replay.reduce((sum, leg) => sum + leg.amountOut, 0n), split.amountOut);
  assert.equal(split.legs.reduce((sum, leg) => sum + leg.amountIn, 0n), amountIn);
});
