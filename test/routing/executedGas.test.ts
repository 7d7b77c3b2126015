// The quoted gasEstimate comes from the exact replay's own counts (estimateExecutedGas): it must equal the figure of
// walking the same legs again exactly (estimateRouteGas), UniV3 tick crossings and bitmap words included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { estimateExecutedGas, estimateRouteGas } from '../../src/routing/gasModel.ts';
import { findBestSplit } from '../../src/routing/split/findBestSplit.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const preset = loadPreset();
const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
const token = (symbol: string) => graph.tokenIndex(preset.tokens.find((t) => t.symbol === symbol)!.address);

test('gas from the exact replay equals gas from walking the quoted legs again, for splits through UniV3 pools', () => {
  const options = { wrapIn: false, unwrapOut: false, executor: 'aggregator' as const };
  let wordsSeen = 0;
  for (const [from, to, amountIn] of [
    ['WPLS', 'USDC', 10n ** 27n],
    ['HEX', 'WPLS', 10n ** 16n],
    ['PLSX', 'HEX', 10n ** 28n],
    ['USDC', 'USDT', 10n ** 11n],
  ] as const) {
    const split = findBestSplit(graph, token(from), token(to), amountIn, { ...SPLIT_PROFILE, platformCode: -1 });
    assert.ok(split && split.legs.length > 1, `${from} → ${to}`);
    wordsSeen += split.legs.reduce((sum, leg) => sum + leg.wordsCrossed, 0);
    assert.equal(estimateExecutedGas(graph, split.legs, options), estimateRouteGas(graph, split.legs, options), `${from} → ${to}`);
  }
  // The cases must walk bitmap words somewhere, or the comparison would not cover them.
  assert.ok(wordsSeen > 0);
});
