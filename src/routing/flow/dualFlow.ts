// The flow optimiser of /quotes/advanced: the most target output reachable from X of the source through the trades of
// a subgraph, as a flow over the pools, by dual decomposition (Angeris, Diamandis et al., "An Efficient Algorithm for
// Optimal Routing Through Constant Function Market Makers"). Floats only; every amount that leaves is recomputed
// exactly from the flow's paths (split/findBestSplit.ts).
//
// Routings pass no token twice, so the flow must be acyclic: it respects a token order (source first, target last),
// and for one order the problem is convex. Its dual, over prices ν of the tokens in target units (ν_target = 1),
//     g(ν) = ν_src·X + Σ_trades max_{d ≥ 0} (ν_v·f(d) − ν_u·d)
// is an upper bound on the output for every ν. Each trade's best input solves f'(d) = ν_u/ν_v: in closed form for
// UniV2, on a smooth concave table of the pool's float estimate for the other kinds (curveTable.ts: a monotone 1-D
// solve by binary search on its non-increasing slopes).
// g is minimised by Newton's method in log-prices: a trade's Hessian term is the weighted-Laplacian entry
// −ν_u²/(ν_v·f''(d)) on its two tokens, solved by a dense Cholesky factorisation, with an Armijo line search.
// The primal flow at ν is made feasible by scaling each token's outgoing inputs, in token order, to what it received.
//
// Stopping rule: the duality gap (g(ν) − feasible output)/g(ν) at most `tolerance`, or no step lowers g, or the
// iteration cap, or the deadline (the best flow so far is returned: the anytime answer).
//
// The order: the first one sorts intermediates by the value of one unit routed on to the target at spot rates
// (relative to the graph's prices), constrained to the seed path's token order; each later round adds the excluded
// directions that would profit at the solved prices, most profitable first, wherever they close no cycle with the
// trades carrying flow, and sorts topologically over them. The flow found stays feasible, so no round loses output;
// rounds stop when nothing can be added, or at `maxRounds`.
import type { GraphView } from '../../graph/graphView.ts';
import { type CurveTable, curveTable } from './curveTable.ts';
import type { Subgraph } from './subgraph.ts';

export interface FlowOptions {
  tolerance: number;
  maxIterations: number;
  maxRounds: number;
  /** Local token sequences (source … target) whose order the first round respects, e.g. the best single path's. */
  seedPaths?: number[][];
  deadline?: number;
  now?: () => number;
}

export interface FlowSolution {
  /** Position of each local token in the order the flow respects. */
  order: Int32Array;
  /** Feasible input and output of every trade (0 when unused); each token pays out what it receives. */
  input: Float64Array;
  output: Float64Array;
  /** Target amount of that flow, and g(ν) of its order. */
  value: number;
  upperBound: number;
  gap: number;
  iterations: number;
  rounds: number;
  /** Whether the last round met the tolerance (false when the deadline or the iteration cap stopped it). */
  converged: boolean;
}

interface Evaluation {
  value: number;
  grad: Float64Array;
  input: Float64Array;
  output: Float64Array;
  weight: Float64Array;
}

/**
 * Solves the flow problem on `sub` for `amountIn` (float, raw source units).
 * @example solveFlow(graph, buildSubgraph(graph, wpls, usdc, { connectors: 48, platformCode: -1 }), 1e24, { tolerance: 1e-9, maxIterations: 60, maxRounds: 6 })
 */
export function solveFlow(graph: GraphView, sub: Subgraph, amountIn: number, options: FlowOptions): FlowSolution {
  const solver = new FlowSolver(graph, sub, amountIn, options);
  return solver.solve();
}

class FlowSolver {
  private readonly n: number;
  private readonly m: number;
  /** Per trade, for other kinds: slope at zero (NaN until probed) and the curve table (built on first need). */
  private readonly slopeZero: Float64Array;
  private readonly tables: (CurveTable | undefined)[];
  /** f'' at the last best input of each trade, for its Hessian term. */
  private readonly lastCurvature: Float64Array;
  private readonly fair: Float64Array;
  private iterations = 0;

  constructor(
    private readonly graph: GraphView,
    private readonly sub: Subgraph,
    private readonly amountIn: number,
    private readonly options: FlowOptions,
  ) {
    this.n = sub.tokens.length;
    this.m = sub.tradeCount;
    this.slopeZero = new Float64Array(this.m).fill(NaN);
    this.tables = new Array(this.m);
    this.lastCurvature = new Float64Array(this.m);
    const target = graph.tokenNativePrice[sub.tokens[1]];
    this.fair = Float64Array.from(sub.tokens, (t) => (graph.tokenNativePrice[t] > 0 && target > 0 ? graph.tokenNativePrice[t] / target : 1));
  }

  solve(): FlowSolution {
    let logPrice = Float64Array.from(this.fair, Math.log);
    logPrice[1] = 0;
    let order = this.initialOrder();
    let best: FlowSolution | undefined;
    for (let round = 1; ; round++) {
      const { y, e, lower, upper, converged } = this.newton(order, logPrice);
      logPrice = y;
      if (!best || lower.value > best.value) {
        best = {
          order,
          input: lower.input,
          output: lower.output,
          value: lower.value,
          upperBound: upper,
          gap: (upper - lower.value) / upper,
          iterations: this.iterations,
          rounds: round,
          converged,
        };
      }
      const next = round < this.options.maxRounds && !this.late() ? this.reorder(order, logPrice, e) : null;
      if (!next) break;
      order = next;
    }
    best!.iterations = this.iterations;
    if (process.env.FLOW_DEBUG) console.log('evaluations', this.evaluations);
    return best!;
  }

  private late(): boolean {
    const { deadline, now } = this.options;
    return deadline !== undefined && now !== undefined && now() > deadline;
  }

  // ---- Orders -------------------------------------------------------------------------------------------------

  private initialOrder(): Int32Array {
    const { n, m, sub } = this;
    const value = new Float64Array(n);
    value[1] = 1;
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < m; k++) {
        const u = sub.u[k];
        if (u <= 1) continue;
        const v = this.slope0(k) * value[sub.v[k]];
        if (v > value[u]) value[u] = v;
      }
    }
    const relative = Array.from(value, (v, i) => v / this.fair[i]);
    const middle = [...Array(n).keys()].filter((i) => i > 1).sort((a, b) => relative[a] - relative[b] || a - b);
    const order = positionsOf([0, ...middle, 1]);
    if (!this.options.seedPaths?.length) return order;
    const out: number[][] = Array.from({ length: n }, () => []);
    for (const path of this.options.seedPaths) {
      for (let i = 0; i + 1 < path.length; i++) if (!reaches(out, path[i + 1], path[i])) out[path[i]].push(path[i + 1]);
    }
    return topological(out, order);
  }

  private reorder(order: Int32Array, logPrice: Float64Array, e: Evaluation): Int32Array | null {
    const { n, m, sub } = this;
    const out: number[][] = Array.from({ length: n }, () => []);
    for (let k = 0; k < m; k++) if (e.input[k] > 0) out[sub.u[k]].push(sub.v[k]);
    const candidates: { u: number; v: number; profit: number }[] = [];
    for (let k = 0; k < m; k++) {
      const u = sub.u[k];
      const v = sub.v[k];
      if (order[u] < order[v] || u === 1 || v === 0) continue;
      const pu = Math.exp(logPrice[u]);
      const pv = Math.exp(logPrice[v]);
      const d = this.bestInput(k, pu / pv);
      if (d > 0) {
        const profit = pv * this.out(k, d) - pu * d;
        if (profit > 0) candidates.push({ u, v, profit });
      }
    }
    candidates.sort((a, b) => b.profit - a.profit);
    let added = 0;
    for (const c of candidates) {
      if (reaches(out, c.v, c.u)) continue;
      out[c.u].push(c.v);
      added++;
    }
    return added > 0 ? topological(out, order) : null;
  }

  // ---- Trades -------------------------------------------------------------------------------------------------

  private out(k: number, d: number): number {
    const { sub } = this;
    const g = sub.gamma[k];
    if (g > 0) return (g * d * sub.reserveOut[k]) / (sub.reserveIn[k] + g * d);
    return this.table(k).out(Math.min(d, this.table(k).cap));
  }

  private slope0(k: number): number {
    const { sub } = this;
    const g = sub.gamma[k];
    if (g > 0) return sub.reserveIn[k] > 0 ? (g * sub.reserveOut[k]) / sub.reserveIn[k] : 0;
    if (Number.isNaN(this.slopeZero[k])) {
      // A probe of the estimate first: the table is built only for directions that can pay at some price.
      const probe = sub.depthIn[k] * 1e-7;
      this.slopeZero[k] = this.graph.estimateOut(sub.pool[k], sub.localIn[k], sub.localOut[k], probe) / probe;
    }
    return this.slopeZero[k];
  }

  /** Best input of trade k at price ratio r = ν_u/ν_v (0 when it does not pay); records the curvature there. */
  private bestInput(k: number, r: number): number {
    const { sub } = this;
    const s0 = this.slope0(k);
    if (!(s0 > r)) return 0;
    const g = sub.gamma[k];
    if (g > 0) {
      // d = R_in·(√(s0/r) − 1)/γ, with √x − 1 = (x − 1)/(√x + 1): no cancellation when r is near s0.
      const x = s0 / r;
      const d = (sub.reserveIn[k] * ((s0 - r) / r)) / ((Math.sqrt(x) + 1) * g);
      const base = sub.reserveIn[k] + g * d;
      this.lastCurvature[k] = (-2 * g * g * sub.reserveIn[k] * sub.reserveOut[k]) / (base * base * base);
      return d;
    }
    const table = this.table(k);
    const d = table.inputAtSlope(r);
    this.lastCurvature[k] = d < table.cap ? table.curvature(d) : 0;
    return d;
  }

  private table(k: number): CurveTable {
    const { sub } = this;
    return (this.tables[k] ??= curveTable(this.graph, sub.pool[k], sub.localIn[k], sub.localOut[k], sub.depthIn[k]));
  }

  // ---- Newton on the dual -------------------------------------------------------------------------------------

  evaluations = 0;
  private evaluate(order: Int32Array, logPrice: Float64Array): Evaluation {
    this.evaluations++;
    const { n, m, sub } = this;
    const price = new Float64Array(n);
    for (let i = 0; i < n; i++) price[i] = Math.exp(logPrice[i]);
    price[1] = 1;
    const gradPrice = new Float64Array(n);
    const input = new Float64Array(m);
    const output = new Float64Array(m);
    const weight = new Float64Array(m);
    let value = price[0] * this.amountIn;
    gradPrice[0] += this.amountIn;
    for (let k = 0; k < m; k++) {
      const u = sub.u[k];
      const v = sub.v[k];
      if (order[u] >= order[v]) continue;
      const d = this.bestInput(k, price[u] / price[v]);
      if (!(d > 0)) continue;
      const o = this.out(k, d);
      if (!(o > 0)) continue;
      input[k] = d;
      output[k] = o;
      value += price[v] * o - price[u] * d;
      if (process.env.FLOW_DEBUG && price[v] * o - price[u] * d < 0) console.log('negative', k, this.graph.poolKind(sub.pool[k]), 'd', d, 'o', o, 'r', price[u] / price[v], 's0', this.slope0(k), 'profit', price[v] * o - price[u] * d, 'depth', sub.depthIn[k]);
      gradPrice[u] -= d;
      gradPrice[v] += o;
      const c = this.lastCurvature[k];
      if (c < 0) weight[k] = (-price[u] * price[u]) / (price[v] * c);
    }
    const grad = new Float64Array(n);
    for (let i = 0; i < n; i++) grad[i] = gradPrice[i] * price[i];
    grad[1] = 0;
    return { value, grad, input, output, weight };
  }

  /** The flow at ν made feasible: in token order, each token's trade inputs scaled to exactly what it received. */
  private feasible(order: Int32Array, e: Evaluation): { value: number; input: Float64Array; output: Float64Array } {
    const { n, m, sub } = this;
    const planned = new Float64Array(n);
    for (let k = 0; k < m; k++) planned[sub.u[k]] += e.input[k];
    const byPosition = new Int32Array(n);
    for (let i = 0; i < n; i++) byPosition[order[i]] = i;
    const received = new Float64Array(n);
    received[0] = this.amountIn;
    const scale = new Float64Array(n);
    const input = new Float64Array(m);
    const output = new Float64Array(m);
    // Trades grouped by their token in, in order: one pass per token over its own trades.
    const start = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) if (e.input[k] > 0) start[sub.u[k] + 1]++;
    for (let i = 0; i < n; i++) start[i + 1] += start[i];
    const list = new Int32Array(start[n]);
    const fill = start.slice(0, n);
    for (let k = 0; k < m; k++) if (e.input[k] > 0) list[fill[sub.u[k]]++] = k;
    for (let p = 0; p < n; p++) {
      const u = byPosition[p];
      if (u === 1 || !(planned[u] > 0)) continue;
      scale[u] = received[u] / planned[u];
      for (let i = start[u]; i < start[u + 1]; i++) {
        const k = list[i];
        const d = e.input[k] * scale[u];
        const o = scale[u] === 1 ? e.output[k] : d > 0 ? this.out(k, d) : 0;
        // A pool that cannot take a scaled-up input (past its capacity) keeps what it had planned.
        if (o > 0 || scale[u] <= 1) (input[k] = o > 0 ? d : 0), (output[k] = o);
        else (input[k] = e.input[k]), (output[k] = e.output[k]);
        received[sub.v[k]] += output[k];
      }
    }
    return { value: received[1], input, output };
  }

  private newton(order: Int32Array, start: Float64Array) {
    let y = start.slice();
    let e = this.evaluate(order, y);
    let lower = this.feasible(order, e);
    let converged = false;
    for (let it = 0; it < this.options.maxIterations; it++) {
      if (e.value - lower.value <= this.options.tolerance * e.value) {
        converged = true;
        break;
      }
      if (this.late()) break;
      this.iterations++;
      const step = this.newtonStep(e);
      let slope = 0;
      for (let i = 0; i < this.n; i++) slope += e.grad[i] * step[i];
      if (!(slope < 0)) break;
      let next: Evaluation | undefined;
      let trial = y;
      for (let k = 0, t = 1; k < 40; k++, t /= 2) {
        trial = y.map((v, i) => v + t * step[i]);
        next = this.evaluate(order, trial);
        if (next.value <= e.value + 1e-4 * t * slope) break;
        // Near the optimum g's decrease drowns in its rounding: take a step that shrinks the imbalance instead.
        if (next.value <= e.value * (1 + 1e-12) && norm1(next.grad) < 0.9 * norm1(e.grad)) break;
        next = undefined;
      }
      if (!next) { if (process.env.FLOW_DEBUG) console.log('  line search failed'); break; }
      y = trial;
      e = next;
      const candidate = this.feasible(order, e);
      if (candidate.value > lower.value) lower = candidate;
      if (process.env.FLOW_DEBUG) console.log('  newton', it, e.value.toExponential(10), candidate.value.toExponential(10), norm1(e.grad).toExponential(3), 'steps', trial === y ? 0 : 1);
    }
    return { y, e, lower, upper: e.value, converged };
  }

  /** Solves (L + μI)·d = −grad over every token but the target (dense Cholesky), d capped at 2 in log-price. */
  private newtonStep(e: Evaluation): Float64Array {
    const { n, m, sub } = this;
    // Index the variables without the target (local token 1).
    const size = n - 1;
    const at = (i: number) => (i === 0 ? 0 : i - 1);
    const a = new Float64Array(size * size);
    for (let k = 0; k < m; k++) {
      const w = e.weight[k];
      if (!(w > 0)) continue;
      const u = sub.u[k];
      const v = sub.v[k];
      if (u !== 1) a[at(u) * size + at(u)] += w;
      if (v !== 1) a[at(v) * size + at(v)] += w;
      if (u !== 1 && v !== 1) {
        a[at(u) * size + at(v)] -= w;
        a[at(v) * size + at(u)] -= w;
      }
    }
    let maxDiag = 0;
    for (let i = 0; i < size; i++) maxDiag = Math.max(maxDiag, a[i * size + i]);
    const floor = Math.max(maxDiag, 1e-300) * 1e-14;
    for (let i = 0; i < size; i++) a[i * size + i] = a[i * size + i] * (1 + 1e-12) + floor;
    const b = new Float64Array(size);
    for (let i = 0; i < n; i++) if (i !== 1) b[at(i)] = -e.grad[i];
    choleskySolve(a, b, size);
    const step = new Float64Array(n);
    let largest = 0;
    for (let i = 0; i < n; i++) if (i !== 1) (step[i] = b[at(i)]), (largest = Math.max(largest, Math.abs(step[i])));
    if (largest > 2) for (let i = 0; i < n; i++) step[i] *= 2 / largest;
    return step;
  }
}

/** In place: a (size × size, symmetric positive definite) = L·Lᵀ, then b ← a⁻¹·b. */
function choleskySolve(a: Float64Array, b: Float64Array, size: number): void {
  for (let j = 0; j < size; j++) {
    let d = a[j * size + j];
    for (let k = 0; k < j; k++) d -= a[j * size + k] * a[j * size + k];
    const ljj = Math.sqrt(Math.max(d, 1e-300));
    a[j * size + j] = ljj;
    for (let i = j + 1; i < size; i++) {
      let s = a[i * size + j];
      for (let k = 0; k < j; k++) s -= a[i * size + k] * a[j * size + k];
      a[i * size + j] = s / ljj;
    }
  }
  for (let i = 0; i < size; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= a[i * size + k] * b[k];
    b[i] = s / a[i * size + i];
  }
  for (let i = size - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < size; k++) s -= a[k * size + i] * b[k];
    b[i] = s / a[i * size + i];
  }
}

function norm1(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += Math.abs(v[i]);
  return s;
}

function positionsOf(sorted: number[]): Int32Array {
  const order = new Int32Array(sorted.length);
  sorted.forEach((token, position) => (order[token] = position));
  return order;
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

/** Kahn's algorithm over `out`, the lowest position in `previous` first; the target waits until the end. */
function topological(out: number[][], previous: Int32Array): Int32Array {
  const n = out.length;
  const indegree = new Int32Array(n);
  for (const list of out) for (const v of list) indegree[v]++;
  const placed = new Uint8Array(n);
  const sorted: number[] = [];
  while (sorted.length < n - 1) {
    let pick = -1;
    for (let i = 0; i < n; i++) {
      if (i === 1 || placed[i] || indegree[i] > 0) continue;
      if (pick < 0 || previous[i] < previous[pick]) pick = i;
    }
    if (pick < 0) break;
    placed[pick] = 1;
    sorted.push(pick);
    for (const v of out[pick]) indegree[v]--;
  }
  for (let i = 0; i < n; i++) if (!placed[i] && i !== 1) sorted.push(i);
  sorted.push(1);
  return positionsOf(sorted);
}
