// Split optimisation on the float model: divides the input among candidate paths so that their marginal output
// rates equalise (the optimality condition of this concave problem).
//
// Method: water-filling in `CHUNKS` equal slices (each slice goes to the path whose rate at the slice's middle is
// highest), then marginal-rate equalisation by diagonal Newton steps on the simplex: with each path's rate g_i and
// curvature c_i, the common rate λ is solved in closed form so that x_i' = max(0, x_i + (g_i − λ)/c_i) sums to the input,
// and the step is halved until the output rises. When that fails, and on every other iteration, a pairwise step moves
// input from the active path with the lowest rate to the one with the highest, with an exact line search (regula
// falsi on the difference of the two rates; for paths coupled through a shared pool, whose rates are not the
// derivatives of the sequential output, a golden-section search on the output where the rates' meeting point, or
// moving all, loses): the diagonal curvature overstates the curvature between coupled paths. Neither kind of step
// lowers the output.
// Stopping rule: the Frank-Wolfe gap  X·max_i g_i − Σ_i x_i g_i  falls to `tolerance` × objective, or the output
// rises by less than STALL of itself over STALL_WINDOW iterations, or `maxIterations`, or the deadline. For paths
// that share no pool the gap bounds the distance to the optimum over these paths (the objective is concave); for
// paths that share one the rates are the network-flow marginals (splitModel.ts) and the gap is the same optimality
// measure, not a strict bound.
import { worthKeeping } from './minShare.ts';
import type { SplitModel } from './splitModel.ts';

const CHUNKS = 32;
const STALL_WINDOW = 10;
const STALL = 1e-8;
const LINE_SEARCH_STEPS = 16;
/** Golden-section steps of the output along a line, and the golden ratio's inverse. */
const GOLDEN_STEPS = 24;
const GOLDEN = (Math.sqrt(5) - 1) / 2;
/** The line search stops when the two rates agree to this share. */
const RATE_MATCH = 1e-11;

export interface OptimiseOptions {
  tolerance: number;
  maxIterations: number;
  /** Paths that may not be used. */
  disabled?: Uint8Array;
  /** Start from this allocation instead of water-filling. */
  initial?: Float64Array;
  deadline?: number;
  now?: () => number;
}

export interface Allocation {
  /** Float input of each path; sums to the total. */
  x: Float64Array;
  objective: number;
  /** Frank-Wolfe gap relative to the objective when the loop stopped. */
  relativeGap: number;
  /**
   * The highest marginal rate of the active paths over their lowest, at the last evaluation: 1 at the optimum of a
   * concave model (shared pools can make it stop above).
   */
  rateSpread: number;
  iterations: number;
}

/**
 * Allocation of `total` across the model's paths maximising the model's output.
 * @example optimiseSplit(model, 1e21, { tolerance: 1e-9, maxIterations: 300 }).x
 */
export function optimiseSplit(model: SplitModel, total: number, options: OptimiseOptions): Allocation {
  const n = model.pathCount;
  // A copy: paths dropped as not worth keeping (minShare.ts) stay dropped, or their high rate at zero input would keep
  // drawing them back.
  const disabled = options.disabled ? options.disabled.slice() : new Uint8Array(n);
  const late = () => options.deadline !== undefined && options.now !== undefined && options.now() > options.deadline;
  const x = options.initial ? Float64Array.from(options.initial) : waterFill(model, total, disabled, late);
  for (let i = 0; i < n; i++) if (disabled[i] && x[i] > 0) moveAll(model, x, i, disabled);
  const g = new Float64Array(n);
  let relativeGap = Infinity;
  let rateSpread = 1;
  let iterations = 0;
  let windowStart = -Infinity;
  for (; iterations < options.maxIterations; iterations++) {
    let best = -1;
    let worst = -1;
    let activeHighest = 0;
    model.prepare(x);
    for (let i = 0; i < n; i++) {
      if (disabled[i]) continue;
      g[i] = model.marginal(i, x);
      if (best < 0 || g[i] > g[best]) best = i;
      if (x[i] > 0 && (worst < 0 || g[i] < g[worst])) worst = i;
      if (x[i] > 0) activeHighest = Math.max(activeHighest, g[i]);
    }
    if (best < 0 || worst < 0) break;
    rateSpread = activeHighest / g[worst];
    let gap = 0;
    for (let i = 0; i < n; i++) if (x[i] > 0) gap += x[i] * (g[best] - g[i]);
    const objective = model.objective(x);
    relativeGap = objective > 0 ? gap / objective : Infinity;
    if (relativeGap <= options.tolerance || best === worst || late()) break;
    // Shared pools make the rates of coupled paths inexact, and the gap can stall above the tolerance: stop when the
    // output has stopped rising.
    if (iterations % STALL_WINDOW === 0) {
      if (objective - windowStart <= STALL * objective) break;
      windowStart = objective;
    }
    if (!newtonStep(model, x, g, disabled, total, objective) || iterations % 2 === 1) lineSearch(model, x, best, worst);
    // A path left with a tiny input is dropped unless its output alone is worth keeping.
    if (x[worst] > 0 && !worthKeeping(x[worst], total, () => model.aloneOut(worst, x[worst]), objective)) {
      x[best] += x[worst];
      x[worst] = 0;
      disabled[worst] = 1;
    }
  }
  return { x, objective: model.objective(x), relativeGap, rateSpread, iterations };
}

/** Curvature probe as a share of a path's input (or of the input per path when it has none). */
const CURVATURE_STEP = 1e-3;
const BACKTRACKS = 6;

/** One diagonal Newton step towards equal rates; false when no step length raised the output. */
function newtonStep(model: SplitModel, x: Float64Array, g: Float64Array, disabled: Uint8Array, total: number, objective: number): boolean {
  const n = model.pathCount;
  const curvature = new Float64Array(n);
  const enabled: number[] = [];
  for (let i = 0; i < n; i++) {
    if (disabled[i]) continue;
    const h = CURVATURE_STEP * Math.max(x[i], total / n);
    const further = model.marginal(i, x, h);
    curvature[i] = Math.max((g[i] - further) / h, (1e-12 * g[i]) / total);
    enabled.push(i);
  }
  const lambda = commonRate(enabled, x, g, curvature, total);
  const target = new Float64Array(n);
  let sum = 0;
  for (const i of enabled) sum += target[i] = Math.max(0, x[i] + (g[i] - lambda) / curvature[i]);
  if (!(sum > 0)) return false;
  for (let i = 0; i < n; i++) target[i] *= total / sum;
  const trial = new Float64Array(n);
  for (let step = 1, k = 0; k < BACKTRACKS; k++, step /= 2) {
    for (let i = 0; i < n; i++) trial[i] = x[i] + step * (target[i] - x[i]);
    if (model.objective(trial) > objective) {
      x.set(trial);
      return true;
    }
  }
  return false;
}

/**
 * The rate λ at which the Newton targets x_i + (g_i − λ)/c_i, floored at zero, sum to `total`, in closed form: path i
 * stays in while λ is below its threshold t_i = g_i + c_i·x_i, so with the paths taken by falling threshold, λ is the
 * first k-path solution (Σ t_i/c_i − total) / Σ 1/c_i that lies at or above the next threshold.
 */
function commonRate(enabled: number[], x: Float64Array, g: Float64Array, c: Float64Array, total: number): number {
  const m = enabled.length;
  const threshold = new Float64Array(m);
  const order = new Int32Array(m);
  // By falling threshold, ties in path order: an insertion sort (tens of paths, every Newton step).
  for (let k = 0; k < m; k++) {
    const i = enabled[k];
    const t = g[i] + c[i] * x[i];
    let at = k;
    for (; at > 0 && threshold[at - 1] < t; at--) (threshold[at] = threshold[at - 1]), (order[at] = order[at - 1]);
    threshold[at] = t;
    order[at] = i;
  }
  let weighted = 0;
  let inverse = 0;
  let lambda = -Infinity;
  for (let k = 0; k < m; k++) {
    const i = order[k];
    weighted += threshold[k] / c[i];
    inverse += 1 / c[i];
    lambda = (weighted - total) / inverse;
    if (k + 1 === m || lambda >= threshold[k + 1]) break;
  }
  return lambda;
}

function waterFill(model: SplitModel, total: number, disabled: Uint8Array, late: () => boolean): Float64Array {
  const n = model.pathCount;
  const x = new Float64Array(n);
  const gain = new Float64Array(n);
  const slice = total / CHUNKS;
  // A slice's yield is its width times the rate at its middle.
  const refresh = (c: number) => {
    model.prepareComponent(c, x);
    for (const i of model.members[c]) if (!disabled[i]) gain[i] = model.marginal(i, x, slice / 2);
  };
  for (let c = 0; c < model.members.length; c++) refresh(c);
  let placed = 0;
  for (let k = 0; k < CHUNKS; k++) {
    let best = -1;
    for (let i = 0; i < n; i++) if (!disabled[i] && (best < 0 || gain[i] > gain[best])) best = i;
    if (best < 0) break;
    // The last slice takes the rounding remainder so the allocation sums to the total; past the deadline, the best
    // path takes all that is left.
    const last = k === CHUNKS - 1 || late();
    x[best] += last ? total - placed : slice;
    if (last) break;
    placed += slice;
    refresh(model.component[best]);
  }
  return x;
}

/** Moves path i's whole input to the enabled path with the highest marginal rate. */
function moveAll(model: SplitModel, x: Float64Array, i: number, disabled: Uint8Array): void {
  let best = -1;
  let bestRate = -Infinity;
  model.prepare(x);
  for (let j = 0; j < model.pathCount; j++) {
    if (disabled[j]) continue;
    const rate = model.marginal(j, x);
    if (rate > bestRate) (best = j), (bestRate = rate);
  }
  if (best >= 0) x[best] += x[i];
  x[i] = 0;
}

/** Moves t ∈ [0, x[from]] of input from path `from` to path `to` where their marginal rates meet. */
function lineSearch(model: SplitModel, x: Float64Array, to: number, from: number): void {
  const start = x.slice();
  const slope = (t: number) => {
    x[to] = start[to] + t;
    x[from] = start[from] - t;
    model.prepare(x);
    return model.marginal(to, x) - model.marginal(from, x);
  };
  let low = 0;
  let high = start[from];
  let fLow = slope(low);
  if (!(fLow > 0)) return void slope(0);
  let fHigh = slope(high);
  // Illinois variant of regula falsi: keeps the bracket shrinking on both sides. When the rates still favour `to`
  // with all of `from`'s input moved, the move is all of it.
  let side = 0;
  let t = high;
  let rate = 0;
  if (fHigh < 0) {
    model.prepare(x);
    rate = model.marginal(to, x);
  }
  for (let k = 0; k < LINE_SEARCH_STEPS && fHigh < 0; k++) {
    t = (low * fHigh - high * fLow) / (fHigh - fLow);
    if (!(t > low && t < high)) t = (low + high) / 2;
    const f = slope(t);
    if (Math.abs(f) <= RATE_MATCH * rate) break;
    if (f > 0) {
      low = t;
      fLow = f;
      if (side === 1) fHigh /= 2;
      side = 1;
    } else {
      high = t;
      fHigh = f;
      if (side === -1) fLow /= 2;
      side = -1;
    }
  }
  slope(t);
  // Where the two paths share a pool, their rates are the network-flow marginals, not the derivatives of the
  // sequential output: the point where they meet, or moving all, can yield less than not moving at all. Then the
  // output itself is maximised along the line (golden section), and the move is kept only where it gains.
  if (model.alone(to) && model.alone(from)) return;
  const output = (at: number) => {
    x[to] = start[to] + at;
    x[from] = start[from] - at;
    const c = model.component[to];
    const d = model.component[from];
    return model.componentOut(c, x) + (d === c ? 0 : model.componentOut(d, x));
  };
  const atStart = output(0);
  if (output(t) >= atStart) return void output(t);
  // Each step keeps one interior point and its output, so it evaluates the output once.
  let [a, b] = [0, start[from]];
  let [m1, m2] = [b - GOLDEN * (b - a), a + GOLDEN * (b - a)];
  let [f1, f2] = [output(m1), output(m2)];
  for (let k = 0; k < GOLDEN_STEPS; k++) {
    if (f1 < f2) {
      [a, m1, f1] = [m1, m2, f2];
      m2 = a + GOLDEN * (b - a);
      f2 = output(m2);
    } else {
      [b, m2, f2] = [m2, m1, f1];
      m1 = b - GOLDEN * (b - a);
      f1 = output(m1);
    }
  }
  const best = (a + b) / 2;
  output(output(best) > atStart ? best : 0);
}
