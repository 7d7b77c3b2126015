// The capped bound's UniV3 tick charges (bench/reference/tickSteps.ts): never more ticks than the exact swaps cross,
// for one swap or several in a row through a pool, and the best input net of the charge found exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { netOfTicks, tickSteps, ticksBelow } from '../../bench/reference/tickSteps.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1));
const univ3Pools = [...Array(graph.poolCount).keys()].filter((pool) => graph.poolKind(pool) === 'univ3');

test('a UniV3 trade is charged no more ticks than its exact swaps cross, in one swap or two in a row, and as many away from a tick', () => {
  const rng = createRandom(77);
  let [compared, equal, sequences] = [0, 0, 0];
  for (const pool of univ3Pools) {
    for (const localIn of [0, 1]) {
      const steps = tickSteps(graph, pool, localIn)!;
      if (steps.inputs.length < 2) continue;
      for (let k = 0; k < 24; k++) {
        // Between two boundaries, or below the first.
        const j = Math.floor(rng() * (steps.inputs.length - 1));
        const [low, high] = k % 6 === 0 ? [0, steps.inputs[0]] : [steps.inputs[j], steps.inputs[j + 1]];
        const input = low + (0.001 + 0.998 * rng()) * (high - low);
        if (!(input >= 1e6)) continue;
        const charged = ticksBelow(steps, input);
        const swap = graph.pool(pool).executeSwapExactIn(localIn, 1 - localIn, BigInt(Math.floor(input)));
        if (!swap) continue;
        assert.ok(charged <= swap.swap.ticksCrossed, `pool ${pool}: ${charged} charged, ${swap.swap.ticksCrossed} crossed`);
        compared++;
        if (charged === swap.swap.ticksCrossed) equal++;
        // The same input in two swaps, one after the other: together they cross at least as many.
        const first = BigInt(Math.floor(input * rng()));
        const one = graph.pool(pool).executeSwapExactIn(localIn, 1 - localIn, first);
        const two = one?.after.executeSwapExactIn(localIn, 1 - localIn, BigInt(Math.floor(input)) - first);
        if (!one || !two) continue;
        assert.ok(charged <= one.swap.ticksCrossed + two.swap.ticksCrossed, `pool ${pool}: ${charged} charged, ${one.swap.ticksCrossed} + ${two.swap.ticksCrossed} crossed`);
        sequences++;
      }
    }
  }
  assert.ok(compared > 1000 && sequences > 1000, `compared ${compared}, sequences ${sequences}`);
  // Inputs well inside a range: the count is the exact one (ranges without liquidity aside, charged none).
  assert.ok(equal > 0.95 * compared, `${equal} of ${compared} equal`);
});

test('the best input net of the tick charge beats every input of a fine grid, on random concave curves', () => {
  const rng = createRandom(78);
  for (let trial = 0; trial < 300; trial++) {
    // f(δ) = R·δ/(R + δ), boundaries at random inputs, prices with the best input δ* = R·(√(ν_out/ν_in) − 1).
    const reserve = 1e6 * (1 + rng());
    const f = (d: number) => (reserve * d) / (reserve + d);
    const [nuOut, nuIn] = [1, 1 / (2 + 8 * rng())];
    const best = reserve * (Math.sqrt(nuOut / nuIn) - 1);
    const inputs = Float64Array.from({ length: 1 + Math.floor(rng() * 20) }, () => rng() * 2 * best).sort();
    const steps = { inputs, outputs: inputs.map(f) };
    const tickPrice = rng() * 0.05 * (nuOut * f(best) - nuIn * best);
    const found = netOfTicks(steps, { delta: best, out: f(best), dDelta: -1 }, nuIn, nuOut, tickPrice);
    const value = nuOut * found.flow.out - nuIn * found.flow.delta - found.charge;
    assert.equal(found.charge, tickPrice * ticksBelow(steps, found.flow.delta));
    for (let g = 1; g <= 2000; g++) {
      const d = (g / 1000) * best;
      const gridValue = nuOut * f(d) - nuIn * d - tickPrice * ticksBelow(steps, d);
      assert.ok(gridValue <= value * (1 + 1e-12) + 1e-9, `trial ${trial}: grid ${gridValue} at ${d} beats ${value} at ${found.flow.delta}`);
    }
  }
});
