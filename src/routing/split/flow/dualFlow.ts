// The flow optimiser's dual (Angeris, Diamandis et al., "An Efficient Algorithm for Optimal Routing Through Constant
// Function Market Makers"): with a price ν_j for every token (the target's fixed at 1), each trade makes the profit
// of its best trade at those prices, and
//     g(ν) = ν_source·X + Σ_trades max_δ (ν_out·f(δ) − ν_in·δ)
// bounds the output of every routing of X over the network's trades. g is convex; at its minimum the trades' best
// flows balance at every token, and that flow is the optimal routing.
//
// Method: Newton's method on g, whose Hessian is a weighted graph Laplacian (each active trade adds w·a·aᵀ with
// a = e_in − r·e_out), solved densely by Cholesky (the pruned token sets hold tens of tokens), with a backtracking
// line search that keeps every price above a tenth of its value. g has kinks where a trade starts to pay (its
// curvature jumps from zero), so the Hessian is damped à la Levenberg-Marquardt: H + λ·diag(H), λ shrinking after a
// full step and growing after a cut one. Stopping rule: the Newton decrement (the predicted
// fall of g) below DECREMENT_TOLERANCE of g, MAX_ITERATIONS, or the deadline (after the first step of a cold start).
//
// With fixed charges c (gasSelection.ts: a gas price times each trade's least gas), a trade adds max(0, profit − c)
// instead: still convex in ν (the larger of two convex functions), so the same method applies, but a trade's flow jumps
// from zero to its best trade where its profit crosses c, and the solves stall at those kinks.
import type { CurveTable, CurveTrade } from './curveTable.ts';
import type { FlowNetwork } from './flowNetwork.ts';

const DECREMENT_TOLERANCE = 1e-12;
const MAX_ITERATIONS = 60;
/** A step may lower a price to no less than this share of it (prices must stay positive). */
const LOWEST_SHARE = 0.1;
const ARMIJO = 1e-4;
/** How far (share of its price) a token with no active trade moves against its gradient in one step. */
const ZERO_CURVATURE_MOVE = 0.01;
const INITIAL_DAMPING = 1e-2;
const MIN_DAMPING = 1e-8;
const MAX_DAMPING = 1e6;
/**
 * The damping falls by this factor after a full step and rises by that one after a cut step: back to nearly pure
 * Newton soon after a kink is passed (on the advanced latency mix, against ÷3 and ×10: +5 bp geometric-mean output,
 * 3% less time, on two seeds of 500 requests each).
 */
const DAMPING_FALL = 20;
const DAMPING_RISE = 4;

export interface DualLimits {
  /** The start is a previous solution's prices: the source is already about balanced. */
  warm?: boolean;
  maxIterations?: number;
  /** A fixed charge per network trade (normalised output units), paid when it trades at all: it trades only above it. */
  charges?: Float64Array;
  deadline?: number;
  now?: () => number;
}

/** The trades' best flows at the final prices (normalised units), and the bound g there. */
export interface DualSolution {
  prices: Float64Array;
  delta: Float64Array;
  out: Float64Array;
  profit: Float64Array;
  bound: number;
  /**
   * The deadline stopped the solve before its stopping rule: its flows need not balance, and its bound, though it
   * still bounds every routing, can lie far above the optimum (a solve cut at its start prices: many times above).
   */
  cut: boolean;
}

/**
 * Minimises g from `start` prices over the trades not `disabled`.
 * @example solveDual(network, new Uint8Array(network.trades.count), Float64Array.from(network.tokens, () => 1))
 */
export function solveDual(network: FlowNetwork, disabled: Uint8Array, start: Float64Array, limits: DualLimits = {}): DualSolution {
  const n = network.tokens.length;
  const dual = new Dual(network, disabled, limits.charges);
  let prices = start.slice();
  let grad = new Float64Array(n);
  let hessian = new Float64Array(n * n);
  // The first trial of a step is evaluated with its derivatives (most first trials are accepted): no second pass then.
  let trialGrad = new Float64Array(n);
  let trialHessian = new Float64Array(n * n);
  const step = new Float64Array(n);
  let trial = new Float64Array(n);
  const workspace = newtonWorkspace(n);
  if (!limits.warm) balanceSource(dual, network, prices);
  let g = dual.evaluate(prices, grad, hessian);
  let damping = INITIAL_DAMPING;
  let iterations = 0;
  let cut = false;
  for (; iterations < (limits.maxIterations ?? MAX_ITERATIONS); iterations++) {
    // A cold start takes its first step whatever the clock says: the flow at the zero-flow prices is no routing (a $3M
    // WPLS → USDC trade's flow cut there made 4% of the uncut flow's output, and 64% after one step).
    if ((iterations > 0 || limits.warm) && limits.deadline !== undefined && limits.now && limits.now() > limits.deadline) {
      cut = true;
      break;
    }
    newtonStep(hessian, grad, prices, step, n, damping, workspace);
    let slope = 0;
    for (let j = 0; j < n; j++) slope += grad[j] * step[j];
    if (!(-slope > DECREMENT_TOLERANCE * Math.abs(g))) break;
    let t = 1;
    for (let j = 0; j < n; j++) if (step[j] < 0) t = Math.min(t, ((1 - LOWEST_SHARE) * prices[j]) / -step[j]);
    let accepted = -1;
    let gTrial = g;
    for (let k = 0; k < 40; k++, t /= 2) {
      for (let j = 0; j < n; j++) trial[j] = prices[j] + t * step[j];
      gTrial = k === 0 ? dual.evaluate(trial, trialGrad, trialHessian) : dual.evaluate(trial, null, null);
      if (gTrial <= g + ARMIJO * t * slope) {
        accepted = k;
        break;
      }
    }
    if (accepted < 0) break;
    damping = t === 1 ? Math.max(damping / DAMPING_FALL, MIN_DAMPING) : Math.min(damping * DAMPING_RISE, MAX_DAMPING);
    [prices, trial] = [trial, prices];
    if (accepted === 0) {
      [grad, trialGrad] = [trialGrad, grad];
      [hessian, trialHessian] = [trialHessian, hessian];
      g = gTrial;
    } else {
      g = dual.evaluate(prices, grad, hessian);
    }
  }
  const delta = new Float64Array(network.trades.count);
  const out = new Float64Array(network.trades.count);
  const profit = new Float64Array(network.trades.count);
  const bound = dual.evaluate(prices, null, null, { delta, out, profit });
  return { prices, delta, out, profit, bound, cut };
}

/**
 * g and its derivatives; the enabled trades are copied into typed arrays, as g is evaluated thousands of times per
 * quote (index k here is trade `index[k]` of the network). They are grouped by token pair, each pair's by falling spot
 * rate: at any prices a pair's paying trades come first, and the scan leaves the pair at its first one that does not
 * pay (at most prices, most of a pair's pools do not).
 */
class Dual {
  // Started as doubles: V8 stores doubles into fields first given integers as new heap numbers, about 0.3 MB per
  // quote here (evaluate runs thousands of times).
  private readonly best: CurveTrade = { delta: 0.5, out: 0.5, dDelta: 0.5 };
  private readonly index: Int32Array;
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private readonly reserveIn: Float64Array;
  private readonly reserveOut: Float64Array;
  private readonly gamma: Float64Array;
  /** Rate at zero input of each trade (UniV2: γ·Rout/Rin; tabled: the table's first rate): no trade pays above it. */
  private readonly spot: Float64Array;
  private readonly tables: (CurveTable | null)[];
  private readonly inScale: Float64Array;
  private readonly outScale: Float64Array;
  /** pairEnd[k]: one past the last trade of trade k's token pair. */
  private readonly pairEnd: Int32Array;
  /** Each trade's fixed charge (null: none). */
  private readonly charge: Float64Array | null;

  constructor(
    private readonly network: FlowNetwork,
    disabled: Uint8Array,
    charges?: Float64Array,
  ) {
    const { trades, byPair } = network;
    let m = 0;
    for (const i of byPair) if (disabled[i] === 0) m++;
    this.index = new Int32Array(m);
    this.pairEnd = new Int32Array(m);
    [this.from, this.to] = [new Int32Array(m), new Int32Array(m)];
    [this.reserveIn, this.reserveOut, this.gamma] = [new Float64Array(m), new Float64Array(m), new Float64Array(m)];
    [this.inScale, this.outScale] = [new Float64Array(m), new Float64Array(m)];
    this.spot = new Float64Array(m);
    this.tables = [];
    this.charge = charges ? new Float64Array(m) : null;
    // Plain loops: TypedArray.from with a mapping function is slow in V8.
    for (let j = 0, k = 0; j < byPair.length; j++) {
      const i = byPair[j];
      if (disabled[i] !== 0) continue;
      this.index[k] = i;
      this.from[k] = trades.from[i];
      this.to[k] = trades.to[i];
      this.reserveIn[k] = trades.reserveIn[i];
      this.reserveOut[k] = trades.reserveOut[i];
      this.gamma[k] = trades.gamma[i];
      this.inScale[k] = trades.inScale[i];
      this.outScale[k] = trades.outScale[i];
      this.spot[k] = trades.spot[i];
      this.tables.push(trades.table[i]);
      if (charges) this.charge![k] = charges[i];
      k++;
    }
    for (let k = m - 1; k >= 0; k--) {
      const samePair = k + 1 < m && this.from[k + 1] === this.from[k] && this.to[k + 1] === this.to[k];
      this.pairEnd[k] = samePair ? this.pairEnd[k + 1] : k + 1;
    }
  }

  /** g at `prices`; fills its gradient and Hessian (row-major) when given, and the trades' flows when asked. */
  evaluate(
    prices: Float64Array,
    grad: Float64Array | null,
    hessian: Float64Array | null,
    flows?: { delta: Float64Array; out: Float64Array; profit: Float64Array },
  ): number {
    const { source, total } = this.network;
    const { from, to, reserveIn, reserveOut, gamma, index, spot, pairEnd } = this;
    const n = prices.length;
    let g = prices[source] * total;
    if (grad) grad.fill(0), (grad[source] = total);
    if (hessian) hessian.fill(0);
    for (let i = 0; i < from.length; i++) {
      const u = from[i];
      const v = to[i];
      const pIn = prices[u];
      const pOut = v < 0 ? 1 : prices[v];
      // Most trades do not pay at most prices: skip them, and the rest of their pair, before any division or root.
      if (!(pIn < spot[i] * pOut)) {
        i = pairEnd[i] - 1;
        continue;
      }
      const r = pIn / pOut;
      let delta: number, out: number, dDelta: number;
      if (gamma[i] > 0) {
        // UniV2: f'(δ) = γ·Rin·Rout / (Rin + γδ)² = r.
        const q = Math.sqrt((gamma[i] * reserveIn[i] * reserveOut[i]) / r);
        if (!(q > reserveIn[i])) continue;
        delta = (q - reserveIn[i]) / gamma[i];
        out = reserveOut[i] - (reserveIn[i] * reserveOut[i]) / q;
        dDelta = -q / (2 * r * gamma[i]);
      } else {
        const scale = this.inScale[i] * this.outScale[i];
        this.tables[i]!.bestTrade(r / scale, this.best);
        if (!(this.best.delta > 0)) continue;
        delta = this.best.delta / this.inScale[i];
        out = this.best.out * this.outScale[i];
        dDelta = this.best.dDelta / (this.inScale[i] * scale);
      }
      const profit = pOut * out - pIn * delta;
      const charge = this.charge ? this.charge[i] : 0;
      if (charge > 0 && !(profit > charge)) continue;
      g += profit - charge;
      if (flows) (flows.delta[index[i]] = delta), (flows.out[index[i]] = out), (flows.profit[index[i]] = profit);
      if (grad) {
        grad[u] -= delta;
        if (v >= 0) grad[v] += out;
      }
      if (hessian) {
        const w = -dDelta / pOut;
        hessian[u * n + u] += w;
        if (v >= 0) {
          hessian[u * n + v] -= w * r;
          hessian[v * n + u] -= w * r;
          hessian[v * n + v] += w * r * r;
        }
      }
    }
    return g;
  }
}

/**
 * Sets the source's price so that its trades (at the other prices) take the whole input: bisection on a monotone
 * function, done first because at the start no trade of the source pays, so Newton's method has no curvature to go by.
 */
function balanceSource(dual: Dual, network: FlowNetwork, prices: Float64Array): void {
  const grad = new Float64Array(prices.length);
  const s = network.source;
  // f(p) = grad[s] = X − (what the source's trades take at price p) rises with p; at the start nothing is taken.
  let high = prices[s];
  let fHigh = network.total;
  let low = high;
  let fLow = 0;
  for (let k = 0; k < 60; k++) {
    low /= 4;
    prices[s] = low;
    dual.evaluate(prices, grad, null);
    fLow = grad[s];
    if (fLow <= 0) break;
    [high, fHigh] = [low, fLow];
  }
  // A start for Newton's method, not the answer: a bracket of a millionth suffices. Illinois regula falsi: f is smooth
  // between the prices where a trade starts to pay, so the secant converges in a few steps where bisection takes twenty.
  let side = 0;
  for (let k = 0; k < 30 && high - low > 1e-6 * high; k++) {
    let p = high - (fHigh * (high - low)) / (fHigh - fLow);
    if (!(p > low && p < high)) p = (low + high) / 2;
    prices[s] = p;
    dual.evaluate(prices, grad, null);
    const f = grad[s];
    if (f > 0) {
      [high, fHigh] = [p, f];
      if (side === 1) fLow /= 2;
      side = 1;
    } else {
      [low, fLow] = [p, f];
      if (side === -1) fHigh /= 2;
      side = -1;
    }
  }
  prices[s] = high;
}

/**
 * Damped Newton direction: solves (H + λ·diag(H))·d = −∇g. A token no active trade touches has no curvature: its price moves by
 * ZERO_CURVATURE_MOVE against the gradient, or not at all when the gradient is zero. Such a token's row has nothing off
 * the diagonal, so only the tokens that active trades join are factorised (a small trade activates few of them).
 */
interface NewtonWorkspace {
  joined: Int32Array;
  factor: Float64Array;
  rhs: Float64Array;
}

/** Buffers of newtonStep for n tokens, allocated once per solve (it runs dozens of times). */
function newtonWorkspace(n: number): NewtonWorkspace {
  return { joined: new Int32Array(n), factor: new Float64Array(n * n), rhs: new Float64Array(n) };
}

function newtonStep(hessian: Float64Array, grad: Float64Array, prices: Float64Array, step: Float64Array, n: number, damping: number, workspace: NewtonWorkspace): void {
  let largest = 0;
  for (let j = 0; j < n; j++) largest = Math.max(largest, hessian[j * n + j]);
  for (let j = 0; j < n; j++) {
    const d = j * n + j;
    if (hessian[d] <= largest * 1e-14) hessian[d] = grad[j] !== 0 ? Math.abs(grad[j]) / (ZERO_CURVATURE_MOVE * prices[j]) : 1;
    else hessian[d] *= 1 + damping;
  }
  const { joined, factor, rhs: x } = workspace;
  let m = 0;
  for (let i = 0; i < n; i++) {
    step[i] = -grad[i] / hessian[i * n + i];
    for (let j = 0; j < n; j++) {
      if (j !== i && hessian[i * n + j] !== 0) {
        joined[m++] = i;
        break;
      }
    }
  }
  for (let a = 0; a < m; a++) for (let b = 0; b <= a; b++) factor[a * m + b] = hessian[joined[a] * n + joined[b]];
  // Not positive definite in floating point: the diagonal step (already in `step`) instead.
  if (!cholesky(factor, m)) return;
  // Forward then back substitution with the lower factor L (H = L·Lᵀ).
  for (let a = 0; a < m; a++) x[a] = -grad[joined[a]];
  for (let a = 0; a < m; a++) {
    let sum = x[a];
    for (let k = 0; k < a; k++) sum -= factor[a * m + k] * x[k];
    x[a] = sum / factor[a * m + a];
  }
  for (let a = m - 1; a >= 0; a--) {
    let sum = x[a];
    for (let k = a + 1; k < m; k++) sum -= factor[k * m + a] * x[k];
    x[a] = sum / factor[a * m + a];
  }
  for (let a = 0; a < m; a++) step[joined[a]] = x[a];
}

/** In-place Cholesky factorisation (lower triangle); false when a pivot is not positive. */
function cholesky(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j];
    for (let k = 0; k < j; k++) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    d = Math.sqrt(d);
    a[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
  }
  return true;
}
