// Reference optimum of the routing problem by dual decomposition (Angeris, Diamandis et al., "Optimal routing for
// constant function market makers"): minimise g(ν) = ν_src·X + Σ_trades arb(ν) over token prices ν (target price 1),
// where arb is the trade's best profit at prices ν. Every ν gives an upper bound on the output; at the minimum the
// trades' net flows are the optimal routing. Minimised by L-BFGS in log-prices. Floats throughout; independent of
// src/routing (only the pools' own float estimates are shared).
import type { GraphView } from '../../src/graph/graphView.ts';
import type { ReferenceProblem, Trade } from './referenceProblem.ts';

export interface ReferenceResult {
  /** min g(ν) found: no routing over the problem's pools yields more. */
  upperBound: number;
  /** Output of the trades at that ν, less the value of any token they overdraw: a feasible-routing estimate. */
  lowerBound: number;
  /** (upperBound − lowerBound) / upperBound. */
  gap: number;
  iterations: number;
  activeTrades: number;
  /** Final log-price offsets, to warm-start a neighbouring size of the same pair. */
  logPrices: Float64Array;
}

interface Flow {
  delta: number;
  out: number;
}

/** Best trade through a UniV2 pool at price ratio r = ν_u/ν_v: f'(δ) = γ·R_in·R_out/(R_in + γδ)² = r. */
function v2Arb(t: NonNullable<Trade['v2']>, r: number): Flow {
  const q = Math.sqrt((t.gamma * t.reserveIn * t.reserveOut) / r);
  if (!(q > t.reserveIn)) return { delta: 0, out: 0 };
  return { delta: (q - t.reserveIn) / t.gamma, out: t.reserveOut - (t.reserveIn * t.reserveOut) / q };
}

/** Best trade through any pool at price ratio r, by bisection on the float estimate's derivative. */
function numericArb(graph: GraphView, t: Trade, r: number): Flow {
  const f = (d: number) => graph.estimateOut(t.pool, t.localIn, t.localOut, d);
  const slope = (d: number) => {
    const lo = f(d * (1 - 1e-7));
    const hi = f(d * (1 + 1e-7));
    return lo > 0 && hi > 0 ? (hi - lo) / (2e-7 * d) : -Infinity;
  };
  let low = t.scaleIn * 1e-12;
  if (!(slope(low) > r)) return { delta: 0, out: 0 };
  let high = t.scaleIn * 1e-6;
  while (slope(high) > r && high < t.scaleIn * 1e8) (low = high), (high *= 2);
  for (let k = 0; k < 80 && high - low > 1e-13 * high; k++) {
    const mid = (low + high) / 2;
    if (slope(mid) > r) low = mid;
    else high = mid;
  }
  const out = f(low);
  return out > 0 && out - r * low > 0 ? { delta: low, out } : { delta: 0, out: 0 };
}

/**
 * Solves the reference problem for `amountIn` (float, raw source units).
 * @example solveReference(graph, referenceProblem(graph, wpls, usdc, -1, 40), 1e24).upperBound
 */
export function solveReference(
  graph: GraphView,
  problem: ReferenceProblem,
  amountIn: number,
  maxIterations = 4000,
  start?: Float64Array,
): ReferenceResult {
  const n = problem.tokens.length;
  // Variables: log-price offsets of every token but the target (index 1), whose price stays 1.
  const vars = [...Array(n).keys()].filter((i) => i !== 1);
  const flows: Flow[] = problem.trades.map(() => ({ delta: 0, out: 0 }));
  const prices = (y: Float64Array) => {
    const nu = problem.startPrice.slice();
    vars.forEach((i, k) => (nu[i] *= Math.exp(y[k])));
    nu[1] = 1;
    return nu;
  };
  const evaluate = (y: Float64Array): { value: number; grad: Float64Array; nu: number[] } => {
    const nu = prices(y);
    const gradNu = new Float64Array(n);
    let value = nu[0] * amountIn;
    gradNu[0] += amountIn;
    problem.trades.forEach((t, k) => {
      const r = nu[t.u] / nu[t.v];
      const flow = t.v2 ? v2Arb(t.v2, r) : numericArb(graph, t, r);
      flows[k] = flow;
      if (flow.delta > 0) {
        value += nu[t.v] * flow.out - nu[t.u] * flow.delta;
        gradNu[t.u] -= flow.delta;
        gradNu[t.v] += flow.out;
      }
    });
    return { value, grad: Float64Array.from(vars, (i) => gradNu[i] * nu[i]), nu };
  };

  // Start at the graph's prices, or at the prices solved for another size of the same pair.
  let y = start ? Float64Array.from(start) : new Float64Array(vars.length);
  let current = evaluate(y);
  const history: { s: Float64Array; g: Float64Array }[] = [];
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const direction = lbfgsDirection(current.grad, history);
    let step = 1;
    let next = current;
    let trial = y;
    const slopeAlong = dot(direction, current.grad);
    if (!(slopeAlong < 0)) {
      history.length = 0;
      continue;
    }
    for (let k = 0; k < 60; k++, step /= 2) {
      trial = y.map((v, i) => v + step * direction[i]);
      next = evaluate(trial);
      if (next.value <= current.value + 1e-4 * step * slopeAlong) break;
    }
    if (!(next.value <= current.value)) break;
    const s = trial.map((v, i) => v - y[i]);
    const g = next.grad.map((v, i) => v - current.grad[i]);
    if (dot(s, g) > 0) history.push({ s, g });
    if (history.length > 30) history.shift();
    const improvement = current.value - next.value;
    y = trial;
    current = next;
    if (improvement <= 1e-15 * current.value && relativeGap(problem, flows, current.nu, amountIn, current.value) < 1e-9) break;
  }
  current = evaluate(y);
  const lowerBound = feasibleOutput(problem, flows, current.nu, amountIn);
  return {
    upperBound: current.value,
    lowerBound,
    gap: (current.value - lowerBound) / current.value,
    iterations,
    activeTrades: flows.filter((f) => f.delta > 0).length,
    logPrices: y,
  };
}

function relativeGap(problem: ReferenceProblem, flows: Flow[], nu: number[], amountIn: number, value: number): number {
  return (value - feasibleOutput(problem, flows, nu, amountIn)) / value;
}

/** Output reaching the target, less the value at ν of every overdraft (source beyond X, intermediates below 0). */
function feasibleOutput(problem: ReferenceProblem, flows: Flow[], nu: number[], amountIn: number): number {
  const balance = new Float64Array(problem.tokens.length);
  balance[0] = amountIn;
  problem.trades.forEach((t, k) => {
    balance[t.u] -= flows[k].delta;
    balance[t.v] += flows[k].out;
  });
  let output = balance[1];
  for (let i = 0; i < balance.length; i++) if (i !== 1 && balance[i] < 0) output += balance[i] * nu[i] * 1.01;
  return output;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** L-BFGS two-loop recursion: −H·grad. */
function lbfgsDirection(grad: Float64Array, history: { s: Float64Array; g: Float64Array }[]): Float64Array {
  const q = Float64Array.from(grad);
  const alpha: number[] = [];
  for (let k = history.length - 1; k >= 0; k--) {
    const { s, g } = history[k];
    const a = dot(s, q) / dot(s, g);
    alpha[k] = a;
    for (let i = 0; i < q.length; i++) q[i] -= a * g[i];
  }
  if (history.length > 0) {
    const { s, g } = history[history.length - 1];
    const scale = dot(s, g) / dot(g, g);
    for (let i = 0; i < q.length; i++) q[i] *= scale;
  } else {
    // First step: a small move in log-price per unit of relative gradient.
    const norm = Math.sqrt(dot(grad, grad)) || 1;
    for (let i = 0; i < q.length; i++) q[i] *= 0.01 / norm;
  }
  for (let k = 0; k < history.length; k++) {
    const { s, g } = history[k];
    const b = dot(g, q) / dot(s, g);
    for (let i = 0; i < q.length; i++) q[i] += s[i] * (alpha[k] - b);
  }
  return q.map((v) => -v);
}
