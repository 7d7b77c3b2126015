// Reference optimum of the routing problem by dual decomposition (Angeris, Diamandis et al., "Optimal routing for
// constant function market makers"): minimise g(ν) = ν_src·X + Σ_pools arb(ν) over token prices ν (target price 1),
// where a pool's arb is the best profit at prices ν of ONE of its token-pair trades (max over pairs: a pool trades a
// single pair at a time, as production does across a split; g stays convex). Every ν gives an upper bound on the
// output of any such routing. The lower bound is a real feasible routing recovered from the dual flows: tokens are
// visited in topological order of the trade DAG, each token's actual inflow (the source holds X) is split over its
// active outgoing trades in proportion to their dual inputs, and each trade yields the pool's float estimate at its
// actual input. Minimised by damped Newton steps in log-prices (Hessian = weighted Laplacian of the active trades,
// solved by preconditioned conjugate gradients). Where the optimal prices leave a multi-token pool "contested" (two
// of its pairs profitable: the relaxation mixes them), solveReference branches on the pool's pair. Non-UniV2 pools
// are priced by root finding on their float estimate's slope; the final bound is certified with a scan for profit
// the root missed (float estimates that are not concave). Floats throughout; independent of src/routing (but for the
// gas model's figures, which define what a transaction within the gas cap can hold).
import type { GraphView } from '../../src/graph/graphView.ts';
import { TICK_CROSS_GAS } from '../../src/routing/gasModel.ts';
import type { ReferenceProblem, Trade } from './referenceProblem.ts';
import { netOfTicks, ticksBelow } from './tickSteps.ts';

export interface ReferenceResult {
  /** min g(ν) found: no routing over the problem's pools (one pair per pool) yields more. */
  upperBound: number;
  /** Output of the feasible routing recovered from the best ν (float estimates of the pools). */
  lowerBound: number;
  /** (upperBound − lowerBound) / upperBound. */
  gap: number;
  iterations: number;
  /** How many trades the routing recovered from the best ν uses (chosenTrades.length). */
  activeTrades: number;
  /** The trades of that routing (one per pool, each with a positive input). */
  chosenTrades: number[];
  /** The dual's input of each of chosenTrades at the best ν (raw units of its input token). */
  chosenInputs: number[];
  /** Milliseconds until a feasible routing within 1e-6 of the final upper bound was found (NaN if none). */
  msToGap6: number;
  msTotal: number;
  /** Branch-and-bound nodes solved (1 when no pool is contested). */
  nodes: number;
  /** Trade groups of the pools where several pairs are profitable at the final prices. */
  contested: number[][];
  /** Final log-price offsets, to warm-start a neighbouring size of the same pair. */
  logPrices: Float64Array;
}

export interface SolveOptions {
  maxIterations?: number;
  timeLimitMs?: number;
  targetGap?: number;
  /** Log-price offsets from another size of the same problem. */
  start?: Float64Array;
  /** Trades left out (1), e.g. the other pairs of a pool fixed to one pair. */
  disabled?: Uint8Array;
  /**
   * Price of gas in output units (λ ≥ 0): a trade then also costs λ·gas (Trade.gas) when it trades, and λ·TICK_CROSS_GAS
   * for each UniV3 tick boundary below its input (Trade.ticks), and the bounds are those of output − λ·gas (see
   * cappedBound.ts).
   */
  gasPrice?: number;
}

interface Flow {
  delta: number;
  out: number;
  /** dδ/dr at the solution (≤ 0). */
  dDelta: number;
}

const TARGET_GAP = 1e-11;
const NONE: Flow = { delta: 0, out: 0, dDelta: 0 };

/** Best trade through a UniV2 pool at price ratio r = ν_u/ν_v: f'(δ) = γ·R_in·R_out/(R_in + γδ)² = r. */
function v2Arb(t: NonNullable<Trade['v2']>, r: number): Flow {
  const q = Math.sqrt((t.gamma * t.reserveIn * t.reserveOut) / r);
  if (!(q > t.reserveIn)) return NONE;
  return { delta: (q - t.reserveIn) / t.gamma, out: t.reserveOut - (t.reserveIn * t.reserveOut) / q, dDelta: -q / (2 * r * t.gamma) };
}

/**
 * Best trade through any pool at price ratio r: root of f'(δ) = r (f the pool's float estimate, f' by central
 * differences with a step suited to the estimate's rounding), bracketed from the previous solution and refined by
 * Illinois regula falsi; with `scan`, also a search for profit the root missed (see below).
 */
function numericArb(graph: GraphView, t: Trade, r: number, previous: number, scan: boolean): Flow {
  const f = (d: number) => graph.estimateOut(t.pool, t.localIn, t.localOut, d);
  // Some estimates round their output to whole raw units: below `fine` (an input giving 1e5 output units) the
  // slope is quantised. Step: 1e-5 of the amount, at least 1e-10 of the pool's depth and 100 `fine` (an output
  // change of 1e7 units, so rounding moves the slope by 1e-7 at most), at most half the amount.
  let fine = t.scaleIn * 1e-10;
  for (let k = 0; k < 8 && f(fine) < 1e5; k++) fine *= 10;
  const slope = (d: number) => {
    const h = Math.min(d / 2, Math.max(d * 1e-5, t.scaleIn * 1e-10, fine * 100));
    const lo = f(d - h);
    const hi = f(d + h);
    return lo > 0 && hi > 0 ? (hi - lo) / (2 * h) : -Infinity;
  };
  const phi = (d: number) => slope(d) - r;
  // Marginal price at a small amount (the estimates can round to nothing at dust amounts: then try a larger one).
  let floor = fine;
  let pFloor = phi(floor);
  for (let k = 0; k < 3 && pFloor === -Infinity; k++) (floor *= 100), (pFloor = phi(floor));
  // An output token with few raw units in the pool (0.3 of an 8-decimal token against 1e9 of another) puts `fine`
  // past the amount a profitable trade would swap: the trade was then never taken, and the bound came from the final
  // scan alone, above the optimum by that trade's profit (1.7e-4 on DAI → USDC at $100). A small share of the depth
  // tells whether it pays.
  if (!(pFloor > 0) && floor > t.scaleIn * 1e-7) {
    const small = t.scaleIn * 1e-7;
    const pSmall = phi(small);
    if (pSmall > 0) (floor = small), (pFloor = pSmall);
  }
  const root = pFloor > 0 ? rootArb() : NONE;
  if (!scan) return root;
  // Certification of the bound: the float estimates are not all concave (rounding at small amounts, caps), so the
  // root may miss the best profit. A coarse geometric scan of the profit; if a scanned amount beats the root, the
  // profit is maximised around it by golden-section search. (Kept out of the iterations: its jumps stall Newton.)
  let scanD = 0;
  let scanP = root.out - r * root.delta;
  for (let d = t.scaleIn * 1e-10; d < t.scaleIn * 0.3; d *= Math.SQRT2 * 2) {
    const p = f(d) - r * d;
    if (p > scanP * (1 + 1e-9)) (scanD = d), (scanP = p);
  }
  if (scanD === 0) return root;
  let [a, b] = [scanD / (2 * Math.SQRT2), scanD * 2 * Math.SQRT2];
  const golden = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 80 && b - a > 1e-12 * b; k++) {
    const [c, d] = [b - golden * (b - a), a + golden * (b - a)];
    if (f(c) - r * c > f(d) - r * d) b = d;
    else a = c;
  }
  const delta = (a + b) / 2;
  const out = f(delta);
  if (!(out > 0 && out - r * delta > Math.max(0, root.out - r * root.delta))) return root;
  return { delta, out, dDelta: curvatureDelta(delta) };

  function curvatureDelta(delta: number): number {
    // Curvature for the Newton weight: slopes 1e-3·δ apart, or 1e-5 of the depth for a small δ (noise otherwise).
    const step = Math.min(delta / 2, Math.max(delta * 1e-3, t.scaleIn * 1e-5));
    const curvature = (slope(delta + step) - slope(delta - step)) / (2 * step);
    return curvature < 0 && Number.isFinite(curvature) ? 1 / curvature : -delta / r;
  }

  function rootArb(): Flow {
    let start = previous > floor ? previous : t.scaleIn * 1e-6;
    let lo: number, hi: number, pLo: number, pHi: number;
    const pStart = phi(start);
    if (pStart > 0) {
      (lo = start), (pLo = pStart), (hi = start * 4), (pHi = phi(hi));
      while (pHi > 0 && hi < t.scaleIn * 1e8) (lo = hi), (pLo = pHi), (hi *= 4), (pHi = phi(hi));
    } else {
      (hi = start), (pHi = pStart), (lo = Math.max(floor, start / 4)), (pLo = phi(lo));
      while (!(pLo > 0) && lo > floor) (hi = lo), (pHi = pLo), (lo = Math.max(floor, lo / 4)), (pLo = phi(lo));
  }
  if (!Number.isFinite(pHi)) pHi = -r;
  let side = 0;
  for (let k = 0; k < 60 && hi - lo > 1e-12 * hi && Math.min(pLo, -pHi) > 1e-11 * r; k++) {
    let mid = lo + (pLo * (hi - lo)) / (pLo - pHi);
    if (!(mid > lo && mid < hi) || k % 8 === 7) mid = (lo + hi) / 2;
    const pMid = phi(mid);
    if (pMid > 0) {
      (lo = mid), (pLo = pMid);
      if (side === 1) pHi /= 2;
      side = 1;
    } else {
      (hi = mid), (pHi = Number.isFinite(pMid) ? pMid : -r);
      if (side === -1) pLo /= 2;
      side = -1;
    }
  }
  const [fLo, fHi] = [f(lo), f(hi)];
  const [delta, out] = fHi - r * hi > fLo - r * lo ? [hi, fHi] : [lo, fLo];
  if (!(out > 0 && out - r * delta > 0)) return NONE;
  return { delta, out, dDelta: curvatureDelta(delta) };
  }
}

/**
 * Solves the reference problem for `amountIn` (float, raw source units) exactly under the one-pair-per-pool rule:
 * the dual above is the convex relaxation in which a contested pool (several pairs profitable at the optimal prices)
 * may mix its pairs; such a pool is branched on (each child fixes it to one pair), depth first, pruning a branch whose
 * upper bound does not beat the best feasible routing. Upper bound = max over the open leaves.
 * @example solveReference(graph, referenceProblem(graph, wpls, usdc, -1, 32), 1e24).upperBound
 */
export function solveReference(graph: GraphView, problem: ReferenceProblem, amountIn: number, options: SolveOptions = {}): ReferenceResult {
  const started = performance.now();
  const limit = options.timeLimitMs ?? 20_000;
  const lowers: [number, number][] = [];
  const solve = (disabled: Uint8Array, start: Float64Array | undefined) =>
    solveDual(graph, problem, amountIn, { ...options, disabled, start, timeLimitMs: Math.max(1, limit - (performance.now() - started)) }, (lb) =>
      lowers.push([performance.now() - started, lb]),
    );
  const root = solve(options.disabled ?? new Uint8Array(problem.trades.length), options.start);
  let best = root;
  let upper = -Infinity;
  let iterations = root.iterations;
  let nodes = 1;
  const stack: { disabled: Uint8Array; result: ReferenceResult }[] = [{ disabled: options.disabled ?? new Uint8Array(problem.trades.length), result: root }];
  while (stack.length > 0) {
    const { disabled, result } = stack.pop()!;
    if (result.lowerBound > best.lowerBound) best = result;
    // Pruned within 1e-11 (its bound still counts, so the reported upper bound stays valid).
    if (result.upperBound <= best.lowerBound * (1 + 1e-11)) {
      upper = Math.max(upper, result.upperBound);
      continue;
    }
    if (result.contested.length === 0 || result.gap <= (options.targetGap ?? TARGET_GAP) || performance.now() - started > limit) {
      upper = Math.max(upper, result.upperBound);
      continue;
    }
    // Children sorted by upper bound: the most promising is popped (explored) first.
    const group = result.contested[0];
    const children = group.map((keep) => {
      const child = Uint8Array.from(disabled);
      for (const k of group) if (k !== keep) child[k] = 1;
      return child;
    });
    const solved = children.map((child) => ({ disabled: child, result: solve(child, result.logPrices) }));
    iterations += solved.reduce((sum, c) => sum + c.result.iterations, 0);
    nodes += solved.length;
    solved.sort((a, b) => a.result.upperBound - b.result.upperBound);
    stack.push(...solved);
  }
  upper = Math.max(upper, best.upperBound);
  const final = lowers.find(([, lb]) => lb >= (1 - 1e-6) * upper);
  return {
    ...best,
    upperBound: upper,
    gap: (upper - best.lowerBound) / upper,
    iterations,
    nodes,
    msToGap6: final ? final[0] : NaN,
    msTotal: performance.now() - started,
  };
}

function solveDual(
  graph: GraphView,
  problem: ReferenceProblem,
  amountIn: number,
  options: SolveOptions,
  onLower: (lb: number) => void,
): ReferenceResult {
  const { maxIterations = 500, timeLimitMs = 20_000, targetGap = TARGET_GAP } = options;
  const started = performance.now();
  const n = problem.tokens.length;
  const trades = problem.trades;
  const flows: Flow[] = trades.map(() => NONE);
  const chosen = new Uint8Array(trades.length);
  const lastDelta = new Float64Array(trades.length);
  const weight = new Float64Array(trades.length);
  /** Pools where more than one pair would trade at the last evaluated prices. */
  const contested: { group: number[]; second: number }[] = [];
  const disabled = options.disabled ?? new Uint8Array(trades.length);
  const gasPrice = options.gasPrice ?? 0;
  const profits = new Float64Array(trades.length);

  interface Point {
    y: Float64Array;
    nu: Float64Array;
    value: number;
    grad: Float64Array;
  }
  const evaluate = (y: Float64Array, scan = false): Point => {
    const nu = Float64Array.from(problem.startPrice, (p, i) => (i === 1 ? 1 : p * Math.exp(y[i])));
    const grad = new Float64Array(n);
    let value = nu[0] * amountIn;
    grad[0] += nu[0] * amountIn;
    chosen.fill(0);
    contested.length = 0;
    for (const group of problem.poolTrades) {
      let best = -1;
      let bestProfit = 0;
      let positive = 0;
      for (const k of group) {
        if (disabled[k]) continue;
        const t = trades[k];
        const r = nu[t.u] / nu[t.v];
        let flow = t.v2 ? v2Arb(t.v2, r) : numericArb(graph, t, r, lastDelta[k], scan);
        if (!t.v2 && flow.delta > 0) lastDelta[k] = flow.delta;
        let tickCharge = 0;
        if (t.ticks && gasPrice > 0 && flow.delta > 0) {
          const net = netOfTicks(t.ticks, flow, nu[t.u], nu[t.v], gasPrice * TICK_CROSS_GAS);
          [flow, tickCharge] = [net.flow, net.charge];
        }
        flows[k] = flow;
        const profit = nu[t.v] * flow.out - nu[t.u] * flow.delta - tickCharge - gasPrice * t.gas;
        profits[k] = profit;
        if (flow.delta > 0 && profit > 0) positive++;
        if (flow.delta > 0 && profit > bestProfit) (best = k), (bestProfit = profit);
      }
      if (positive > 1) {
        let second = 0;
        for (const k of group) if (k !== best && flows[k].delta > 0) second = Math.max(second, profits[k]);
        contested.push({ group, second });
      }
      if (best < 0) continue;
      const t = trades[best];
      const flow = flows[best];
      chosen[best] = 1;
      value += bestProfit;
      grad[t.u] -= nu[t.u] * flow.delta;
      grad[t.v] += nu[t.v] * flow.out;
      weight[best] = -flow.dDelta * (nu[t.u] / nu[t.v]) * nu[t.u];
    }
    grad[1] = 0;
    return { y, nu, value, grad };
  };

  /** Output (less λ·gas of its trades) of the feasible routing that follows the current dual flows (see the header). */
  const primal = (): number => {
    const inflow = new Float64Array(n);
    inflow[0] = amountIn;
    const outgoing = new Float64Array(n);
    for (let k = 0; k < trades.length; k++) if (chosen[k]) outgoing[trades[k].u] += flows[k].delta;
    const byToken: number[][] = Array.from({ length: n }, () => []);
    let gas = 0;
    for (let k = 0; k < trades.length; k++) if (chosen[k] && flows[k].delta > 0) byToken[trades[k].u].push(k), (gas += trades[k].gas);
    for (const i of problem.order) {
      if (i === 1 || !(inflow[i] > 0) || !(outgoing[i] > 0)) continue;
      for (const k of byToken[i]) {
        const t = trades[k];
        const input = (inflow[i] * flows[k].delta) / outgoing[i];
        if (t.ticks) gas += TICK_CROSS_GAS * ticksBelow(t.ticks, input);
        const output = graph.estimateOut(t.pool, t.localIn, t.localOut, input);
        // Beyond a pool's input cap (Balancer's max in-ratio, an exhausted range) nothing comes out: swap only the
        // dual amount then, and leave the excess unspent (still a feasible routing).
        inflow[t.v] += output > 0 ? output : graph.estimateOut(t.pool, t.localIn, t.localOut, Math.min(input, flows[k].delta));
      }
    }
    return inflow[1] - gasPrice * gas;
  };

  /** Newton direction: (L + diag(μ·L_ii + |g_i|)) s = −g with L the Laplacian of the active trades' weights. */
  const direction = (point: Point, mu: number): Float64Array => {
    const laplacianDiag = new Float64Array(n);
    for (let k = 0; k < trades.length; k++) if (chosen[k]) (laplacianDiag[trades[k].u] += weight[k]), (laplacianDiag[trades[k].v] += weight[k]);
    const diag = laplacianDiag.map((l, i) => l * (1 + mu) + Math.abs(point.grad[i]) + 1e-300);
    diag[1] = 1;
    laplacianDiag[1] = 0;
    const apply = (x: Float64Array, out: Float64Array) => {
      for (let i = 0; i < n; i++) out[i] = 0;
      for (let k = 0; k < trades.length; k++) {
        if (!chosen[k]) continue;
        const { u, v } = trades[k];
        const d = weight[k] * (x[u] - x[v]);
        out[u] += d;
        out[v] -= d;
      }
      for (let i = 0; i < n; i++) {
        const lap = out[i];
        // diag[i] already holds L_ii·(1+μ) + |g_i|: add the non-Laplacian part only.
        out[i] = lap + (diag[i] - laplacianDiag[i]) * x[i];
      }
      out[1] = 0;
    };
    const b = point.grad.map((g) => -g);
    b[1] = 0;
    const x = new Float64Array(n);
    const r = Float64Array.from(b);
    const z = r.map((v, i) => v / diag[i]);
    const p = Float64Array.from(z);
    const ap = new Float64Array(n);
    let rz = dot(r, z);
    const bNorm = Math.sqrt(dot(b, b));
    for (let it = 0; it < 400 && Math.sqrt(dot(r, r)) > 1e-10 * bNorm; it++) {
      apply(p, ap);
      const alpha = rz / dot(p, ap);
      if (!Number.isFinite(alpha)) break;
      for (let i = 0; i < n; i++) (x[i] += alpha * p[i]), (r[i] -= alpha * ap[i]);
      for (let i = 0; i < n; i++) z[i] = r[i] / diag[i];
      const rzNext = dot(r, z);
      const beta = rzNext / rz;
      rz = rzNext;
      for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
    }
    return x;
  };

  let current = evaluate(options.start ? Float64Array.from(options.start) : new Float64Array(n));
  let bestLower = primal();
  onLower(bestLower);
  const gapOf = () => (current.value - bestLower) / current.value;
  let mu = 1e-3;
  let iterations = 0;
  let stalled = 0;
  const recent: number[] = [];
  for (; iterations < maxIterations && gapOf() > targetGap && performance.now() - started < timeLimitMs; iterations++) {
    let accepted: Point | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      if (attempt > 0) mu *= 100;
      const s = direction(current, mu);
      const slopeAlong = dot(s, current.grad);
      if (!(slopeAlong < 0)) continue;
      // Cap a step at one unit of log-price per token.
      let step = Math.min(1, 1 / Math.max(...s.map(Math.abs)));
      for (let k = 0; k < 40; k++, step /= 2) {
        const trial = evaluate(current.y.map((v, i) => v + step * s[i]));
        if (trial.value <= current.value + 1e-4 * step * slopeAlong) {
          accepted = trial;
          break;
        }
      }
      if (accepted) break;
    }
    if (!accepted) {
      current = evaluate(current.y);
      break;
    }
    mu = Math.max(1e-9, mu / 10);
    const previousLower = bestLower;
    stalled = current.value - accepted.value <= 1e-15 * current.value ? stalled + 1 : 0;
    current = accepted;
    bestLower = Math.max(bestLower, primal());
    if (bestLower > previousLower) (stalled = 0), onLower(bestLower);
    // Float resolution reached: neither bound moves any more.
    if (stalled >= 8) break;
    // A contested pool makes g kinked at its optimum: once progress slows, leave it to the caller's branching.
    recent.push(current.value);
    if (contested.length > 0 && recent.length > 3 && recent[recent.length - 4] - current.value < 1e-7 * current.value) break;
  }
  // Flows of the final point (the last evaluation may have been a rejected trial), then its certified bound.
  current = evaluate(current.y);
  bestLower = Math.max(bestLower, primal());
  onLower(bestLower);
  current = evaluate(current.y, true);
  const chosenTrades = [...chosen.keys()].filter((k) => chosen[k] === 1);
  const chosenInputs = chosenTrades.map((k) => flows[k].delta);
  return {
    upperBound: current.value,
    lowerBound: bestLower,
    gap: gapOf(),
    iterations,
    // A trade is chosen only with a positive input.
    activeTrades: chosenTrades.length,
    chosenTrades,
    chosenInputs,
    // The caller times the whole branch and bound (from the lower bounds it is told about).
    msToGap6: NaN,
    msTotal: performance.now() - started,
    nodes: 1,
    // Most valuable second pair first: the pool the caller should branch on.
    contested: contested.sort((a, b) => b.second - a.second).map((c) => c.group.slice()),
    logPrices: current.y,
  };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
