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

test('a peel given an order against a trade of the flow still takes only real paths, and places the whole flow', { timeout: 20_000 }, () => {
  // WPLS into USDC through X, reached the long way (Y, W) and, wider, the short way (Z): given an order with Z after
  // X, a scan in that order finds the wider way into X only after X's trade to USDC, and the peel traced the long way's
  // hop count along the short way: a "path" that is none (here trades 0, 1, 5, 8; on a larger flow, one that filled
  // nothing and was taken again and again).
  const tokens = [TOKENS[0], TOKENS[1], ...['Y', 'W', 'X', 'Z'].map((symbol) => ({ symbol, decimals: 18 }))];
  const deep = 5_000_000n * E18;
  const h = handGraph(tokens, [
    { tokens: ['WPLS', 'Y'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['Y', 'W'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['W', 'X'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['WPLS', 'Z'], reserves: [deep, deep] },
    { tokens: ['Z', 'X'], reserves: [deep, deep] },
    { tokens: ['X', 'USDC'], reserves: [20_000_000n * E18, 20_000_000n * E6] },
  ]);
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 1e24;
  const network = flowNetwork(h.graph, from, to, [[to], [h.token('X')], [h.token('W'), h.token('Z')], [h.token('Y'), from]], amountIn, -1);
  const slot = (symbol: string) => (symbol === 'USDC' ? -1 : network.tokens.indexOf(h.token(symbol)));
  const ways = [['WPLS', 'Y'], ['Y', 'W'], ['W', 'X'], ['WPLS', 'Z'], ['Z', 'X'], ['X', 'USDC']].map(([a, b]) => [slot(a), slot(b)]);
  const disabled = Uint8Array.from({ length: network.trades.count }, (_, i) =>
    ways.some(([a, b]) => network.trades.from[i] === a && network.trades.to[i] === b) ? 0 : 1,
  );
  const solution = solveDual(network, disabled, zeroFlowPrices(network, disabled, network.order));
  // The flow takes both ways.
  for (let i = 0; i < network.trades.count; i++) if (disabled[i] === 0) assert.ok(solution.delta[i] > 0, `trade ${i} unused`);
  const against = network.order.slice();
  against[slot('Z')] = against[slot('X')] - 0.5;
  const peeled = peelInOrder(network, solution, disabled, against, 6);
  for (const path of peeled.paths) {
    assert.equal(network.trades.from[path[0]], network.source);
    path.slice(1).forEach((i, k) => assert.equal(network.trades.from[i], network.trades.to[path[k]], `path ${path}`));
    assert.equal(network.trades.to[path.at(-1)!], -1);
  }
  assert.deepEqual(peeled.paths.map((path) => path.length).sort(), [3, 4]);
  // Within the dual's tolerance of the flow's balance at each token.
  assert.ok(relative(peeled.shares.reduce((sum, share) => sum + share, 0), 1) < 1e-6, `${peeled.shares}`);
});
