// The benchmark's reference bound within a gas cap (bench/reference/cappedBound.ts), on a hand-built graph where the
// best routing within the cap is known in closed form: identical two-hop routes through distinct intermediates, of
// which the cap admits a whole number. Equal shares of the routes the cap admits are then optimal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cappedBound } from '../../bench/reference/cappedBound.ts';
import { solveReference } from '../../bench/reference/dualSolver.ts';
import { referenceProblem } from '../../bench/reference/referenceProblem.ts';
import { HOP_GAS, ROUTER_OVERHEAD_GAS, SPLIT_GAS, TX_BASE_GAS } from '../../src/routing/gasModel.ts';
import { handGraph } from '../support/graphs.ts';

const ROUTES = 6;
const DEPTH = 1e24;
const middles = Array.from({ length: ROUTES }, (_, i) => `MID${i}`);
const h = handGraph(
  [{ symbol: 'WPLS', decimals: 18 }, { symbol: 'USDC', decimals: 6 }, ...middles.map((symbol) => ({ symbol, decimals: 18 }))],
  middles.flatMap((mid) => [
    { tokens: ['WPLS', mid] as [string, string], reserves: [BigInt(DEPTH), BigInt(DEPTH)] as [bigint, bigint] },
    { tokens: [mid, 'USDC'] as [string, string], reserves: [BigInt(DEPTH), 10n ** 12n] as [bigint, bigint] },
  ]),
);
const problem = referenceProblem(h.graph, h.token('WPLS'), h.token('USDC'), -1, 32);
const amountIn = 0.6 * DEPTH;
const uncapped = solveReference(h.graph, problem, amountIn);

/** Float output of one route (dexa_v2 pairs keep 9971/10000 of the input) for input x. */
function routeOut(x: number): number {
  const gamma = 0.9971;
  const mid = (DEPTH * gamma * x) / (DEPTH + gamma * x);
  return (1e12 * gamma * mid) / (DEPTH + gamma * mid);
}

/** Gas of a transaction over `routes` of these routes: base, a split's for each route after the first, two hops each. */
const gasOf = (routes: number) => TX_BASE_GAS + ROUTER_OVERHEAD_GAS + (routes - 1) * SPLIT_GAS + routes * 2 * HOP_GAS.univ2;

test('within a cap that admits 3 of 6 identical routes, the bound is the 3-route optimum (to 1e-4), well below the 6-route one', () => {
  const sixRoutes = ROUTES * routeOut(amountIn / ROUTES);
  const threeRoutes = 3 * routeOut(amountIn / 3);
  assert.ok(Math.abs(uncapped.upperBound / sixRoutes - 1) < 1e-9, `uncapped bound ${uncapped.upperBound} vs ${sixRoutes}`);
  const capped = cappedBound(h.graph, problem, amountIn, gasOf(3), uncapped);
  assert.equal(capped.uncappedGas, gasOf(ROUTES));
  assert.ok(capped.gasPrice > 0);
  // Valid: no routing within the cap yields more. Tight: three routes is what the cap admits (the solves stop within
  // about 1e-4 at the fixed charges' kinks; see cappedBound.ts).
  assert.ok(capped.upperBound >= threeRoutes * (1 - 1e-9), `bound ${capped.upperBound} below the 3-route optimum ${threeRoutes}`);
  assert.ok(capped.upperBound <= threeRoutes * (1 + 1e-4), `bound ${capped.upperBound} vs the 3-route optimum ${threeRoutes}`);
  assert.ok(threeRoutes < sixRoutes * 0.99);
});

test('a cap the uncapped optimum fits leaves the bound as it is', () => {
  const capped = cappedBound(h.graph, problem, amountIn, gasOf(ROUTES), uncapped);
  assert.equal(capped.upperBound, uncapped.upperBound);
  assert.equal(capped.gasPrice, 0);
  assert.equal(capped.solves, 0);
});
