// Reference optimum of the routing problem by dual decomposition (Angeris, Diamandis et al., "An Efficient Algorithm
// for Optimal Routing Through Constant Function Market Makers"), in floats, independent of src/routing.
//
// Problem: maximise the target amount reached from X of the source through the trades of a ReferenceProblem, with no
// token visited twice (a routing, not an arbitrage: the generated pools carry price noise, so some cycles pay, and a
// router that decomposes its flow into paths cannot collect them). Acyclic flows are those that respect some token
// order; for one order (source first, target last) the problem is convex and its dual is
//     g(ν) = ν_src·X + Σ_trades max_{0 ≤ d ≤ cap} (ν_v·f(d) − ν_u·d),   ν_target = 1,
// whose every value is an upper bound on the output. g is minimised by Newton's method in log-prices: each trade's
// best input solves f'(d) = ν_u/ν_v in closed form or by a monotone 1-D solve, and its contribution to the Hessian is
// the weighted Laplacian term −ν_u²/(ν_v·f''(d)) on (u, v); steps are damped by an Armijo line search.
// The lower bound is a feasible routing: the trades' inputs at ν, scaled down in token order wherever a token would
// pay out more than it received. Stopping rule: (upper − lower)/upper ≤ `tolerance` (default 1e-10), or no step
// lowers g any more (then the gap reached is reported).
//
// The order: round one sorts the intermediates by the marginal value of one unit routed on to the target (best spot
// rates, relative to the graph's prices); later rounds sort them by the solved prices relative to the graph's, which
// is the order an optimal routing's marginal values take (each hop costs a fee, so a token's value relative to the
// graph's prices rises along the flow). Rounds stop when the order no longer changes or every excluded direction is
// unprofitable at the solved prices; `excluded` reports what the excluded directions could still add at those
// prices: g(ν) plus it bounds every flow over the pools, round trips included.
import type { ReferenceProblem, Trade } from './referenceProblem.ts';

export interface ReferenceResult {
  /** g(ν) of the returned order: no routing respecting it yields more. */
  upperBound: number;
  /** Output of a feasible routing over the problem's trades. */
  lowerBound: number;
  /** (upperBound − lowerBound) / upperBound. */
  gap: number;
  /** Newton iterations over all rounds, and rounds of reordering. */
  iterations: number;
  rounds: number;
  /** Trades and pools carrying flow at the solution. */
  activeTrades: number;
  activePools: number;
  /** Σ over excluded directions of their profit at the solved prices (0 when the order excludes nothing useful). */
  excluded: number;
  /** Pools of three or more tokens used in more than one direction (their directions were solved independently). */
  coupledPools: number[];
  /** Input of each trade at the solution (for inspection). */
  inputs: Float64Array;
}

export interface ReferenceOptions {
  tolerance?: number;
  maxIterations?: number;
  maxRounds?: number;
}

interface Evaluation {
  value: number;
  /** ∂g/∂log ν of every token (target entry unused). */
  grad: Float64Array;
  input: Float64Array;
  output: Float64Array;
  /** Hessian weight of each trade (0 when inactive or at a bound). */
  weight: Float64Array;
}

/**
 * Solves the reference problem for `amountIn` (float, raw source units).
 * @example solveReference(referenceProblem(graph, wpls, usdc, -1, 64), 1e24).upperBound
 */
export function solveReference(problem: ReferenceProblem, amountIn: number, options: ReferenceOptions = {}): ReferenceResult {
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 500;
  const maxRounds = options.maxRounds ?? 100;
  let logPrice: Float64Array = Float64Array.from(problem.fairPrice, Math.log);
  logPrice[1] = 0;
  let order = initialOrder(problem);
  let iterations = 0;
  let rounds = 0;
  let result: ReferenceResult;
  for (;;) {
    rounds++;
    const solved = newton(problem, amountIn, order, logPrice, tolerance, maxIterations);
    iterations += solved.iterations;
    logPrice = solved.logPrice;
    const next = rounds < maxRounds ? reorder(problem, order, logPrice, solved.evaluation) : null;
    if (!next) {
      result = summarise(problem, solved, excludedProfit(problem, order, logPrice), iterations, rounds);
      break;
    }
    order = next;
  }
  return result;
}

/** Position of each token in the order (source 0, target n − 1). */
type Order = Int32Array;

function allowed(order: Order, t: Trade): boolean {
  return order[t.u] < order[t.v];
}

function positionsOf(sorted: number[]): Order {
  const order = new Int32Array(sorted.length);
  sorted.forEach((token, position) => (order[token] = position));
  return order;
}

/** Intermediates by the best spot-rate value of one unit routed on to the target (up to 6 hops), relative to the graph's prices. */
function initialOrder(problem: ReferenceProblem): Order {
  const n = problem.tokens.length;
  const value = new Float64Array(n);
  value[1] = 1;
  for (let round = 0; round < 6; round++) {
    for (const t of problem.trades) {
      if (t.u === 1 || t.u === 0) continue;
      const v = t.curve.slope(0) * value[t.v];
      if (v > value[t.u]) value[t.u] = v;
    }
  }
  const relative = Array.from(value, (v, i) => v / problem.fairPrice[i]);
  const middle = [...Array(n).keys()].filter((i) => i > 1).sort((a, b) => relative[a] - relative[b] || a - b);
  return positionsOf([0, ...middle, 1]);
}

/**
 * The next order, or null when none is better: the directions excluded by `order` that would profit at the solved
 * prices are added, most profitable first, wherever they close no cycle with the trades carrying flow (or with those
 * already added), and the tokens are sorted topologically over those edges (ties keep the old order). The flow just
 * found respects the new order, so no round loses output.
 */
function reorder(problem: ReferenceProblem, order: Order, logPrice: Float64Array, e: Evaluation): Order | null {
  const n = problem.tokens.length;
  const out: number[][] = Array.from({ length: n }, () => []);
  problem.trades.forEach((t, k) => e.input[k] > 0 && out[t.u].push(t.v));
  const candidates: { u: number; v: number; profit: number }[] = [];
  for (const t of problem.trades) {
    if (allowed(order, t) || t.u === 1 || t.v === 0) continue;
    const profit = tradeProfit(t, logPrice);
    if (profit > 0) candidates.push({ u: t.u, v: t.v, profit });
  }
  candidates.sort((a, b) => b.profit - a.profit);
  let added = 0;
  for (const c of candidates) {
    if (reaches(out, c.v, c.u)) continue;
    out[c.u].push(c.v);
    added++;
  }
  if (added === 0) return null;
  // Kahn's algorithm, the lowest old position first; the target waits until every other token is placed.
  const indegree = new Int32Array(n);
  for (const list of out) for (const v of list) indegree[v]++;
  const placed = new Uint8Array(n);
  const sorted: number[] = [];
  while (sorted.length < n - 1) {
    let pick = -1;
    for (let i = 0; i < n; i++) {
      if (i === 1 || placed[i] || indegree[i] > 0) continue;
      if (pick < 0 || order[i] < order[pick]) pick = i;
    }
    placed[pick] = 1;
    sorted.push(pick);
    for (const v of out[pick]) indegree[v]--;
  }
  sorted.push(1);
  return positionsOf(sorted);
}

function reaches(out: number[][], from: number, to: number): boolean {
  const seen = new Set<number>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (u === to) return true;
    for (const v of out[u]) if (!seen.has(v)) seen.add(v), stack.push(v);
  }
  return false;
}

function tradeProfit(t: Trade, logPrice: Float64Array): number {
  const pu = Math.exp(logPrice[t.u]);
  const pv = Math.exp(logPrice[t.v]);
  const d = bestInput(t, pu / pv);
  return d > 0 ? pv * t.curve.out(d) - pu * d : 0;
}

/** Best input of a trade at price ratio r = ν_u/ν_v. */
function bestInput(t: Trade, r: number): number {
  const c = t.curve;
  if (!(c.slope(0) > r)) return 0;
  if (c.cap < Infinity && c.slope(c.cap) >= r) return c.cap;
  return Math.min(c.cap, Math.max(0, c.inputAtSlope(r)));
}

function evaluate(problem: ReferenceProblem, amountIn: number, order: Order, logPrice: Float64Array): Evaluation {
  const n = problem.tokens.length;
  const m = problem.trades.length;
  const price = Float64Array.from(logPrice, Math.exp);
  price[1] = 1;
  const gradPrice = new Float64Array(n);
  const input = new Float64Array(m);
  const output = new Float64Array(m);
  const weight = new Float64Array(m);
  let value = price[0] * amountIn;
  gradPrice[0] += amountIn;
  problem.trades.forEach((t, k) => {
    if (!allowed(order, t)) return;
    const r = price[t.u] / price[t.v];
    const d = bestInput(t, r);
    if (!(d > 0)) return;
    const o = t.curve.out(d);
    input[k] = d;
    output[k] = o;
    value += price[t.v] * o - price[t.u] * d;
    gradPrice[t.u] -= d;
    gradPrice[t.v] += o;
    if (d < t.curve.cap) {
      const curvature = t.curve.curvature(d);
      if (curvature < 0) weight[k] = (-price[t.u] * price[t.u]) / (price[t.v] * curvature);
    }
  });
  const grad = Float64Array.from(gradPrice, (g, i) => g * price[i]);
  grad[1] = 0;
  return { value, grad, input, output, weight };
}

/** Output of a feasible routing: each token, in order, pays out what it received (the trades' inputs scaled to it). */
function feasibleOutput(problem: ReferenceProblem, amountIn: number, order: Order, e: Evaluation): number {
  const n = problem.tokens.length;
  const byToken: number[][] = Array.from({ length: n }, () => []);
  problem.trades.forEach((t, k) => e.input[k] > 0 && byToken[t.u].push(k));
  const received = new Float64Array(n);
  received[0] = amountIn;
  const tokensInOrder = [...Array(n).keys()].sort((a, b) => order[a] - order[b]);
  for (const u of tokensInOrder) {
    if (u === 1) continue;
    let planned = 0;
    for (const k of byToken[u]) planned += e.input[k];
    if (!(planned > 0)) continue;
    // Inputs scaled to exactly what arrived: down where the token would overdraw, up (within caps) where it would
    // keep a surplus, so near the optimum only a second-order loss separates this routing from g.
    let scale = received[u] / planned;
    for (const k of byToken[u]) scale = Math.min(scale, problem.trades[k].curve.cap / e.input[k]);
    for (const k of byToken[u]) {
      const t = problem.trades[k];
      received[t.v] += scale === 1 ? e.output[k] : t.curve.out(e.input[k] * scale);
    }
  }
  return received[1];
}

interface Solved {
  logPrice: Float64Array;
  evaluation: Evaluation;
  lowerBound: number;
  iterations: number;
  order: Order;
}

function newton(problem: ReferenceProblem, amountIn: number, order: Order, start: Float64Array, tolerance: number, maxIterations: number): Solved {
  let y = Float64Array.from(start);
  let e = evaluate(problem, amountIn, order, y);
  let lower = feasibleOutput(problem, amountIn, order, e);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    if (e.value - lower <= tolerance * e.value) break;
    const step = newtonStep(problem, e);
    let slope = 0;
    for (let i = 0; i < y.length; i++) slope += e.grad[i] * step[i];
    if (!(slope < 0)) break;
    let t = 1;
    let next: Evaluation | undefined;
    let trial = y;
    for (let k = 0; k < 60; k++, t /= 2) {
      trial = y.map((v, i) => v + t * step[i]);
      next = evaluate(problem, amountIn, order, trial);
      if (next.value <= e.value + 1e-4 * t * slope) break;
      // Near the optimum g's decrease falls below its rounding (and trades switching on or off make it kinked): a
      // step that does not raise g beyond that rounding and shrinks the net flow imbalance is taken.
      if (next.value <= e.value * (1 + 1e-12) && gradientNorm(next) < 0.9 * gradientNorm(e)) break;
      next = undefined;
    }
    if (!next) break;
    y = trial;
    e = next;
    lower = Math.max(lower, feasibleOutput(problem, amountIn, order, e));
    if (process.env.REF_DEBUG) console.log(iterations, e.value.toExponential(12), ((e.value - lower) / e.value).toExponential(2), t);
  }
  return { logPrice: y, evaluation: e, lowerBound: lower, iterations, order };
}

/**
 * Newton direction: solves (L + μ·D)·d = −grad, L the weighted Laplacian of the active trades with the target's row
 * and column removed, by conjugate gradients preconditioned with its diagonal; μ·D (a 1e-12 share of each diagonal,
 * and a floor for tokens with no curvature) keeps it definite. Steps are capped at 2 in log-price.
 */
function newtonStep(problem: ReferenceProblem, e: Evaluation): Float64Array {
  const n = problem.tokens.length;
  const diag = new Float64Array(n);
  const edges: { u: number; v: number; w: number }[] = [];
  problem.trades.forEach((t, k) => {
    const w = e.weight[k];
    if (!(w > 0)) return;
    diag[t.u] += w;
    diag[t.v] += w;
    edges.push({ u: t.u, v: t.v, w });
  });
  let maxDiag = 0;
  for (let i = 0; i < n; i++) if (i !== 1) maxDiag = Math.max(maxDiag, diag[i]);
  const floor = Math.max(maxDiag, 1e-300) * 1e-14;
  for (let i = 0; i < n; i++) diag[i] = diag[i] * (1 + 1e-12) + floor;
  const apply = (x: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) out[i] = diag[i] * x[i];
    for (const { u, v, w } of edges) {
      out[u] -= w * x[v];
      out[v] -= w * x[u];
    }
    out[1] = 0;
  };
  const b = Float64Array.from(e.grad, (g) => -g);
  b[1] = 0;
  const x = conjugateGradient(apply, diag, b, n);
  let largest = 0;
  for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs(x[i]));
  if (largest > 2) for (let i = 0; i < n; i++) x[i] *= 2 / largest;
  x[1] = 0;
  return x;
}

function conjugateGradient(apply: (x: Float64Array, out: Float64Array) => void, diag: Float64Array, b: Float64Array, n: number): Float64Array {
  const x = new Float64Array(n);
  const r = Float64Array.from(b);
  const z = Float64Array.from(r, (v, i) => (i === 1 ? 0 : v / diag[i]));
  const p = Float64Array.from(z);
  const q = new Float64Array(n);
  let rz = dot(r, z);
  const target = 1e-28 * rz;
  for (let it = 0; it < 20 * n + 100 && rz > target; it++) {
    apply(p, q);
    const alpha = rz / dot(p, q);
    if (!Number.isFinite(alpha) || alpha <= 0) break;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    for (let i = 0; i < n; i++) z[i] = i === 1 ? 0 : r[i] / diag[i];
    const next = dot(r, z);
    const beta = next / rz;
    rz = next;
    for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
  }
  return x;
}

/** Σ |net flow imbalance| in target value: the gradient's 1-norm. */
function gradientNorm(e: Evaluation): number {
  let s = 0;
  for (const g of e.grad) s += Math.abs(g);
  return s;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function excludedProfit(problem: ReferenceProblem, order: Order, logPrice: Float64Array): number {
  let total = 0;
  for (const t of problem.trades) if (!allowed(order, t)) total += tradeProfit(t, logPrice);
  return total;
}

function summarise(problem: ReferenceProblem, solved: Solved, excluded: number, iterations: number, rounds: number): ReferenceResult {
  const { evaluation: e, lowerBound } = solved;
  const pools = new Map<number, number>();
  let activeTrades = 0;
  problem.trades.forEach((t, k) => {
    if (!(e.input[k] > 0)) return;
    activeTrades++;
    pools.set(t.pool, (pools.get(t.pool) ?? 0) + 1);
  });
  const coupledPools = problem.multiTokenPools.filter((p) => (pools.get(p) ?? 0) > 1);
  return {
    upperBound: e.value,
    lowerBound,
    gap: (e.value - lowerBound) / e.value,
    iterations,
    rounds,
    activeTrades,
    activePools: pools.size,
    excluded,
    coupledPools,
    inputs: e.input,
  };
}
