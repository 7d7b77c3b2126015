// The gas cap as the flow's paths meet it (pathGas.ts, flowPaths.ts): each path pays its hops and the UniV3 ticks its
// swaps cross, a later path through the same pool only the ticks past where the earlier ones stopped; the paths are
// taken by share of the flow per unit of gas; a path alone over the cap is kept alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { UniV3Pool } from '../../src/pools/univ3/univ3Pool.ts';
import { TICK_CROSS_GAS, splitGasMeter } from '../../src/routing/gasModel.ts';
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { solveDual } from '../../src/routing/split/flow/dualFlow.ts';
import { flowNetwork, tradeHops, zeroFlowPrices } from '../../src/routing/split/flow/flowNetwork.ts';
import { flowPaths } from '../../src/routing/split/flow/flowPaths.ts';
import { type PathGas, fitsWithTicks, pathGas } from '../../src/routing/split/flow/pathGas.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1));
const shape = { wrapIn: false, unwrapOut: false };

/** The default snapshot's UniV3 pool with the most initialized ticks, and a network of its two tokens. */
function deepestTickPool() {
  let best = -1;
  let most = 0;
  for (let pool = 0; pool < graph.poolCount; pool++) {
    const decoded = graph.pool(pool);
    if (decoded instanceof UniV3Pool && decoded.state.ticks.length > most) [best, most] = [pool, decoded.state.ticks.length];
  }
  const [from, to] = graph.poolTokens(best);
  const network = flowNetwork(graph, from, to, [[to], [from]], 1, -1);
  const trade = [...Array(network.trades.count).keys()].find((i) => network.trades.pool[i] === best && network.trades.viaPool[i] < 0)!;
  const pool = graph.pool(best);
  const ticksAt = (input: number) => pool.estimateTicksCrossed!(network.trades.localIn[trade], network.trades.localOut[trade], input * network.rawPerUnit[network.trades.from[trade]]);
  /** The first power of two (normalised input) whose swap crosses at least `ticks` ticks. */
  const inputCrossing = (ticks: number) => {
    let input = 1;
    while (ticksAt(input) < ticks) input *= 2;
    return input;
  };
  const asHops = (path: number[]) => path.flatMap((i) => tradeHops(network, i));
  return { network, trade, ticksAt, inputCrossing, asHops };
}

test('a path pays its hops and its ticks; a second one through the pool pays the ticks past the first one\'s', () => {
  const { network, trade, ticksAt, inputCrossing, asHops } = deepestTickPool();
  // An input that crosses several ticks, and half of it crossing fewer.
  const input = inputCrossing(6);
  const [half, whole] = [ticksAt(input / 2), ticksAt(input)];
  assert.ok(half > 0 && whole > half, `${half} then ${whole} ticks`);
  // What the hops alone add, on a meter without ticks.
  const hopsOnly = splitGasMeter(graph, 30_000_000, shape);
  const base = hopsOnly.spent();
  hopsOnly.tryAdd(asHops([trade]));
  const firstHops = hopsOnly.spent() - base;
  hopsOnly.tryAdd(asHops([trade]));
  const repeatHops = hopsOnly.spent() - base - firstHops;

  const meter = splitGasMeter(graph, 30_000_000, shape);
  const fits = fitsWithTicks(graph, network, meter, asHops);
  assert.equal(fits([trade], [input / 2]), true);
  assert.equal(meter.spent() - base, firstHops + half * TICK_CROSS_GAS);
  assert.equal(fits([trade], [input / 2]), true);
  assert.equal(meter.spent() - base, firstHops + repeatHops + whole * TICK_CROSS_GAS);
});

test("a path's gas alone is its trades' least gas and the ticks it crosses; a count spends as its meter does", () => {
  const { network, trade, ticksAt, inputCrossing, asHops } = deepestTickPool();
  const input = inputCrossing(4);
  // Each trade's least gas as the flow router gives it: a split's too for a trade out of the source, as this one is.
  const model = splitGasMeter(graph, 30_000_000, shape);
  const leastGas = (i: number) => tradeHops(network, i).reduce((sum, hop, k) => sum + model.leastGas(hop, k === 0 && network.trades.from[i] === network.source), 0);
  assert.equal(network.trades.from[trade], network.source);
  const gas = pathGas(graph, network, () => splitGasMeter(graph, 30_000_000, shape), asHops, leastGas);
  assert.equal(gas.alone([trade], [input]), leastGas(trade) + ticksAt(input) * TICK_CROSS_GAS);
  // Alone, what the path adds to an empty transaction.
  const empty = splitGasMeter(graph, 30_000_000, shape);
  const base = empty.spent();
  assert.equal(fitsWithTicks(graph, network, empty, asHops)([trade], [input]), true);
  assert.equal(gas.alone([trade], [input]), empty.spent() - base);
  const count = gas.count();
  const meter = splitGasMeter(graph, 30_000_000, shape);
  assert.equal(count.spent(), meter.spent());
  assert.equal(count.fits([trade], [input]), true);
  assert.equal(fitsWithTicks(graph, network, meter, asHops)([trade], [input]), true);
  assert.equal(count.spent(), meter.spent());
});

test('a path that fits by its hops but not with its ticks is refused, and not counted', () => {
  const { network, trade, ticksAt, inputCrossing, asHops } = deepestTickPool();
  const input = inputCrossing(3);
  const hopsOnly = splitGasMeter(graph, 30_000_000, shape);
  hopsOnly.tryAdd(asHops([trade]));
  const needed = hopsOnly.spent() + ticksAt(input) * TICK_CROSS_GAS;
  const short = splitGasMeter(graph, needed - 1, shape);
  const before = short.spent();
  assert.equal(fitsWithTicks(graph, network, short, asHops)([trade], [input]), false);
  assert.equal(short.spent(), before);
  // Without the ticks it would have fitted; with exactly the room for them it does.
  assert.equal(splitGasMeter(graph, needed - 1, shape).tryAdd(asHops([trade])), true);
  const exact = splitGasMeter(graph, needed, shape);
  assert.equal(fitsWithTicks(graph, network, exact, asHops)([trade], [input]), true);
  assert.equal(exact.spent(), needed);
});

/** The flow of a price-moving WPLS → USDC trade over the tokens the split search finds, solved once. */
function wplsUsdcFlow() {
  const preset = loadPreset();
  const [from, to] = [preset.tokens.find((t) => t.symbol === 'WPLS')!, preset.tokens.find((t) => t.symbol === 'USDC')!].map((t) => graph.tokenIndex(t.address));
  const amountIn = 1e27;
  const { tokens } = candidateSearch(graph, from, to, amountIn, { ...SPLIT_PROFILE, platformCode: -1 });
  const network = flowNetwork(graph, from, to, tokens.tokensAt, amountIn, -1);
  const disabled = new Uint8Array(network.trades.count);
  const solution = solveDual(network, disabled, zeroFlowPrices(network, disabled, network.order));
  return { network, disabled, solution };
}

/** A PathGas where a path costs `cost(path)` and a transaction holds `cap`. */
function stubGas(cost: (path: number[]) => number, cap: number): PathGas {
  return {
    alone: (path) => cost(path),
    count: () => {
      let spent = 0;
      const fits = (path: number[]) => spent + cost(path) <= cap && ((spent += cost(path)), true);
      return { fits, spent: () => spent };
    },
  };
}

test('when no path fits the cap, the widest is kept alone and the cap is said to cut', () => {
  const { network, disabled, solution } = wplsUsdcFlow();
  const all = flowPaths(network, solution, disabled, network.order, 6);
  assert.ok(all.paths.length > 1 && !all.capped, `${all.paths.length} paths`);
  const none = flowPaths(network, solution, disabled, network.order, 6, stubGas(() => 1, 0));
  assert.deepEqual([none.paths, none.shares, none.capped, none.gas], [[all.paths[0]], [1], true, 0]);
});

test('within the cap, paths are taken by share of the flow per unit of gas, each if it fits', () => {
  const { network, disabled, solution } = wplsUsdcFlow();
  const all = flowPaths(network, solution, disabled, network.order, 6);
  const key = (path: number[]) => path.join(',');
  // A path costs a unit per trade, and the widest ten: alone, it takes most of a cap of twelve.
  const widest = key(all.paths[0]);
  const cost = (path: number[]) => (key(path) === widest ? 10 : path.length);
  const cap = 12;
  // The paths as offered, in peeling order, with their share per gas: a path's first trade leaves the source, where
  // every path's planned input is its share times the same total.
  const offered: { path: number[]; density: number }[] = [];
  const gas: PathGas = { ...stubGas(cost, cap), alone: (path, inputs) => (offered.push({ path, density: inputs[0] / cost(path) }), cost(path)) };
  const capped = flowPaths(network, solution, disabled, network.order, 6, gas);
  // The greedy knapsack by density, each path taken if it fits; and what widest first and cheapest first would take.
  const take = (order: number[], stopAtFirstMiss: boolean) => {
    const taken = new Set<number>();
    let spent = 0;
    for (const p of order) {
      if (spent + cost(offered[p].path) > cap) {
        if (stopAtFirstMiss) break;
        continue;
      }
      spent += cost(offered[p].path);
      taken.add(p);
    }
    return { keys: [...offered.keys()].filter((p) => taken.has(p)).map((p) => key(offered[p].path)), spent };
  };
  const indices = [...offered.keys()];
  const densest = take([...indices].sort((a, b) => offered[b].density - offered[a].density || a - b), false);
  const widestFirst = take(indices, true);
  const cheapest = take([...indices].sort((a, b) => cost(offered[a].path) - cost(offered[b].path) || a - b), false);
  assert.ok(densest.keys.length > 1 && densest.keys.join() !== widestFirst.keys.join() && densest.keys.join() !== cheapest.keys.join(), 'the instance tells the orders apart');
  assert.deepEqual(capped.paths.map(key), densest.keys);
  assert.deepEqual([capped.capped, capped.gas], [true, densest.spent]);
  // Everything fits: the same paths as without a cap.
  const roomy = flowPaths(network, solution, disabled, network.order, 6, stubGas(cost, 10_000));
  assert.deepEqual([roomy.paths, roomy.shares, roomy.capped, roomy.gas], [all.paths, all.shares, false, offered.reduce((sum, o) => sum + cost(o.path), 0)]);
});
