// The running gas count of a split built path by path (splitGasMeter) against the gas model's estimate of the whole
// split (estimateSplitGas): it accepts a path exactly while the split with it stays within the cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPLIT_GAS, estimateSplitGas, repeatedHopKinds, splitGasMeter } from '../../src/routing/gasModel.ts';
import type { Hop } from '../../src/routing/types.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, TOKENS } from '../split/splitFixtures.ts';

const h = handGraph(TOKENS, [
  { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
  { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
  { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
]);
const direct = [h.hop(0, 'WPLS', 'USDC')];
const viaTail = [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')];
const shape = { wrapIn: true, unwrapOut: false };

/** The gas model's estimate of a split over these paths, with no tick crossings. */
function splitGas(paths: Hop[][]): number {
  return estimateSplitGas({
    splits: paths.map((hops) => hops.map((hop) => h.graph.poolKind(hop.pool))),
    ticksCrossed: 0,
    repeatedHopKinds: repeatedHopKinds(h.graph, paths),
    ...shape,
  });
}

test('accepts paths while the split stays within the cap, counting a pool used again at its lower cost', () => {
  const paths = [direct, viaTail, direct];
  const cap = splitGas(paths);
  // The third path reuses pool 0: it costs less than the first did.
  assert.ok(cap - splitGas(paths.slice(0, 2)) < splitGas([direct]));
  const exact = splitGasMeter(h.graph, cap, shape);
  assert.deepEqual(paths.map((hops) => exact.tryAdd(hops)), [true, true, true]);
  assert.equal(exact.tryAdd(direct), false);
  const short = splitGasMeter(h.graph, cap - 1, shape);
  assert.deepEqual(paths.map((hops) => short.tryAdd(hops)), [true, true, false]);
  // A refused path is not counted: after two new pools are refused, the pool used again still fits the room left.
  const room = splitGasMeter(h.graph, splitGas([direct, direct]), shape);
  assert.deepEqual([room.tryAdd(direct), room.tryAdd(viaTail), room.tryAdd(direct), room.tryAdd(direct)], [true, false, true, false]);
});

test('a pool\'s least gas is what a second path through new pools adds: its hops, and the split for the first hop', () => {
  const meter = splitGasMeter(h.graph, 30_000_000, shape);
  const least = meter.leastGas(viaTail[0], true) + meter.leastGas(viaTail[1], false);
  assert.equal(least, splitGas([direct, viaTail]) - splitGas([direct]));
  // A hop that does not start a path pays no split.
  assert.equal(meter.leastGas(viaTail[0], true) - meter.leastGas(viaTail[0], false), SPLIT_GAS);
});
