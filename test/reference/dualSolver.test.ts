// The benchmark's reference solver (bench/reference/dualSolver.ts) on pools priced by their float estimate (every kind
// but UniV2), where the optimum is known in closed form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { solveReference } from '../../bench/reference/dualSolver.ts';
import type { ReferenceProblem } from '../../bench/reference/referenceProblem.ts';
import type { GraphView } from '../../src/graph/graphView.ts';

/** A graph whose pool 0 quotes f(d) = reserveOut·d / (reserveIn + d) (a fee-free constant product) from token 0 to 1. */
function oneCurve(reserveIn: number, reserveOut: number): { graph: GraphView; out: (d: number) => number } {
  const out = (d: number) => (reserveOut * d) / (reserveIn + d);
  const graph = { estimateOut: (_pool: number, _in: number, _out: number, d: number) => (d > 0 ? out(d) : 0) } as unknown as GraphView;
  return { graph, out };
}

/** Source → target through pool 0 alone, read through the float estimate (no `v2` reserves). */
function oneTrade(scaleIn: number, startPrice: number): ReferenceProblem {
  return {
    tokens: [0, 1],
    trades: [{ pool: 0, u: 0, v: 1, localIn: 0, localOut: 1, scaleIn, gas: 0, repeatGas: 0 }],
    poolTrades: [[0]],
    order: [0, 1],
    startPrice: [startPrice, 1],
  };
}

test('a numeric pool whose output token has few raw units: the bound is its output, to a gap below 1e-9', () => {
  // 0.1 of an 8-decimal token against 1e9 of an 18-decimal one: at its optimum the trade yields 1e4 raw units, below
  // the 1e5 the solver's slope step is sized for (a whole-unit rounding estimate's quantised slope). That sizing once
  // put the slope's first probe past the optimum, the trade was never taken, and the bound came from the final
  // certification scan alone (here nothing was routed: gap 1; on the routing-quality cases, bounds up to 1.7e-4 above
  // the optimum).
  const [reserveIn, reserveOut, amountIn] = [1e27, 1e7, 1e24];
  const { graph, out } = oneCurve(reserveIn, reserveOut);
  const result = solveReference(graph, oneTrade(reserveIn, reserveOut / reserveIn), amountIn);
  const optimum = out(amountIn);
  assert.ok(result.gap <= 1e-9, `gap ${result.gap}`);
  assert.ok(Math.abs(result.upperBound / optimum - 1) <= 1e-9, `bound ${result.upperBound} vs ${optimum}`);
  assert.ok(Math.abs(result.lowerBound / optimum - 1) <= 1e-9, `routing ${result.lowerBound} vs ${optimum}`);
  assert.deepEqual(result.chosenTrades, [0]);
});

test('a numeric pool of fine raw units: the same closed form', () => {
  const [reserveIn, reserveOut, amountIn] = [1e27, 1e27, 1e24];
  const { graph, out } = oneCurve(reserveIn, reserveOut);
  const result = solveReference(graph, oneTrade(reserveIn, 1), amountIn);
  assert.ok(result.gap <= 1e-9, `gap ${result.gap}`);
  assert.ok(Math.abs(result.upperBound / out(amountIn) - 1) <= 1e-9, `bound ${result.upperBound} vs ${out(amountIn)}`);
});
