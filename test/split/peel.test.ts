// Cutting the flow into paths (src/routing/split/flow/peel.ts): in execution order, each path carries what it really
// will when the paths are executed one after another; in proportion to the flow, paths that share a pool the input
// moves far do not. And the curves' inverses the peel in order relies on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { CurveTable } from '../../src/routing/split/flow/curveTable.ts';
import { solveDual } from '../../src/routing/split/flow/dualFlow.ts';
import { flowNetwork, zeroFlowPrices } from '../../src/routing/split/flow/flowNetwork.ts';
import { type Peeled, peelInOrder, peelInProportion } from '../../src/routing/split/flow/peel.ts';
import { tradeIn, tradeOut } from '../../src/routing/split/flow/trades.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, OPTIONS, TOKENS } from './splitFixtures.ts';

/**
 * WPLS into USDC directly and through TAIL, whose one pool with WPLS the trade moves far, and whose output then parts
 * between two TAIL-USDC pools: the paths through TAIL share the first pool.
 */
function sharedPoolFlow() {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [2_000_000_000n * E18, 60_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000n * E18, 40_000n * E6] },
    { tokens: ['TAIL', 'USDC'], reserves: [400_000_000n * E18, 16_000n * E6] },
  ]);
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 2e27;
  const { tokens } = candidateSearch(h.graph, from, to, amountIn, OPTIONS);
  const network = flowNetwork(h.graph, from, to, tokens.tokensAt, amountIn, -1);
  const disabled = new Uint8Array(network.trades.count);
  const solution = solveDual(network, disabled, zeroFlowPrices(network, disabled, network.order));
  return { network, disabled, solution };
}

/** The paths executed in order on the flow's curves: what each puts into each of its trades, and each trade's total. */
function replay(network: ReturnType<typeof sharedPoolFlow>['network'], peeled: Peeled) {
  const fed = new Float64Array(network.trades.count);
  const inputs = peeled.paths.map((path, p) => {
    let amount = peeled.shares[p] * network.total;
    return path.map((i) => {
      const input = amount;
      amount = tradeOut(network.trades, i, fed[i] + input) - tradeOut(network.trades, i, fed[i]);
      fed[i] += input;
      return input;
    });
  });
  return { inputs, fed };
}

const relative = (a: number, b: number) => Math.abs(a - b) / b;

test('paths peeled in execution order carry, one after another, what the flow planned for every trade', () => {
  const { network, disabled, solution } = sharedPoolFlow();
  const peeled = peelInOrder(network, solution, disabled, network.order, 6);
  assert.equal(peeled.paths.length, 3);
  assert.ok(relative(peeled.shares.reduce((sum, share) => sum + share, 0), 1) < 1e-9, `${peeled.shares}`);
  const { inputs, fed } = replay(network, peeled);
  peeled.paths.forEach((path, p) => path.forEach((_, k) => assert.ok(relative(inputs[p][k], peeled.inputs[p][k]) < 1e-9, `path ${p} trade ${k}`)));
  for (let i = 0; i < network.trades.count; i++) {
    if (solution.delta[i] > 0) assert.ok(relative(fed[i], solution.delta[i]) < 1e-9, `trade ${i}: ${fed[i]} vs ${solution.delta[i]}`);
  }
});

test('paths peeled in proportion to the flow send more than planned down the first branch after a shared pool', () => {
  const { network, disabled, solution } = sharedPoolFlow();
  const peeled = peelInProportion(network, solution, disabled, network.order, 6);
  assert.equal(peeled.paths.length, 3);
  const { fed } = replay(network, peeled);
  // The first path through TAIL gets the shared pool's best prices: its branch is fed well over its plan.
  const firstBranch = peeled.paths.find((path) => path.length === 2)![1];
  assert.ok(fed[firstBranch] > solution.delta[firstBranch] * 1.05, `${fed[firstBranch]} vs ${solution.delta[firstBranch]}`);
});

test('a trade\'s input for a given output inverts its output, on UniV2 trades and curve tables, past the table\'s end too', () => {
  const { network } = sharedPoolFlow();
  for (let i = 0; i < network.trades.count; i++) {
    for (const delta of [1e-6, 1, 1e3, 1e6]) {
      const out = tradeOut(network.trades, i, delta);
      assert.ok(relative(tradeIn(network.trades, i, out), delta) < 1e-9, `trade ${i} at ${delta}`);
    }
  }
  const table = CurveTable.sample((x) => (3 * x) / (1 + x / 1e12), 1e12)!;
  for (const delta of [1e5, 7.77e7, 1e10, 3e12, 2e13, 1e15]) assert.ok(relative(table.inFor(table.outAt(delta)), delta) < 1e-9, `table at ${delta}`);
  assert.equal(table.inFor(0), 0);
});
