// The quoted gasEstimate comes from the exact replay's own counts (estimateExecutedGas): it must equal the figure of
// walking the same legs again exactly (estimateRouteGas), UniV3 tick crossings and bitmap words included; and each
// leg's legGas, which the split search prices when it drops paths, is what dropping that leg saves from it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { estimateExecutedGas, estimateRouteGas, legGas } from '../../src/routing/gasModel.ts';
import { findBestSplit } from '../../src/routing/split/findBestSplit.ts';
import type { SplitQuote } from '../../src/routing/split/types.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const preset = loadPreset();
const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
const token = (symbol: string) => graph.tokenIndex(preset.tokens.find((t) => t.symbol === symbol)!.address);
const options = { wrapIn: false, unwrapOut: false, executor: 'aggregator' as const };

/** Price-moving splits of the default snapshot through UniV3 and shared pools, by pair. */
const splits: [string, SplitQuote][] = (
  [
    ['WPLS', 'USDC', 10n ** 27n],
    ['HEX', 'WPLS', 10n ** 16n],
    ['PLSX', 'HEX', 10n ** 28n],
    ['USDC', 'USDT', 10n ** 11n],
  ] as const
).map(([from, to, amountIn]) => {
  const split = findBestSplit(graph, token(from), token(to), amountIn, { ...SPLIT_PROFILE, platformCode: -1 });
  assert.ok(split && split.legs.length > 2, `${from} → ${to}`);
  return [`${from} → ${to}`, split];
});

test('gas from the exact replay equals gas from walking the quoted legs again, for splits through UniV3 pools', () => {
  let wordsSeen = 0;
  for (const [pair, split] of splits) {
    wordsSeen += split.legs.reduce((sum, leg) => sum + leg.wordsCrossed, 0);
    assert.equal(estimateExecutedGas(graph, split.legs, options), estimateRouteGas(graph, split.legs, options), pair);
  }
  // The cases must walk bitmap words somewhere, or the comparison would not cover them.
  assert.ok(wordsSeen > 0);
});

test('each leg adds to a split exactly the gas that dropping it saves from the quoted estimate', () => {
  let legsChecked = 0;
  let sharedPoolLegs = 0;
  let ticks = 0;
  for (const [pair, split] of splits) {
    const all = estimateExecutedGas(graph, split.legs, options);
    const added = legGas(graph, split.legs);
    const uses = new Map<number, number>();
    for (const leg of split.legs) for (const hop of leg.hops) uses.set(hop.pool, (uses.get(hop.pool) ?? 0) + 1);
    split.legs.forEach((leg, k) => {
      const pools = leg.hops.map((hop) => hop.pool);
      // The one case legGas leaves out: a leg through one pool twice (two of its pairs).
      if (new Set(pools).size < pools.length) return;
      const without = estimateExecutedGas(graph, split.legs.filter((_, j) => j !== k), options);
      assert.equal(added[k], all - without, `${pair}, leg ${k}`);
      legsChecked++;
      if (pools.some((pool) => uses.get(pool)! > 1)) sharedPoolLegs++;
      ticks += leg.ticksCrossed + leg.wordsCrossed;
    });
  }
  // The cases must hold legs that share a pool with another leg, and UniV3 ticks or words, or they would not be covered.
  assert.ok(legsChecked > 100, `${legsChecked} legs`);
  assert.ok(sharedPoolLegs > 0 && ticks > 0, `${sharedPoolLegs} legs through shared pools, ${ticks} ticks and words`);
});
