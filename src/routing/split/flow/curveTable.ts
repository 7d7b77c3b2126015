// A pool direction's output curve as a table, for the flow optimiser's pools that have no closed form (every kind but
// UniV2). The float estimate is sampled on a geometric grid of inputs; the secant slope of each interval stands for
// the marginal rate at its midpoint, and the marginal rate is linear between midpoints. That makes the curve concave
// (slopes are forced to decrease) and its best trade at a price ratio continuous in the ratio, which Newton's method
// needs. Tables are built once per pool state, and kept across graph versions while the pool's state words are the
// same.
import type { GraphView } from '../../../graph/graphView.ts';
import type { PoolBase } from '../../../pools/poolBase.ts';

/** Grid: from this share of the input side's depth up to this multiple of it, each input this factor above the last. */
const FIRST_SHARE = 1e-8;
const LAST_MULTIPLE = 30;
const GROWTH = 1.15;
/**
 * The grid starts at the first input whose output is at least this many raw units (or this share of the output for the
 * pool's depth, for a pool that never gives that many): estimates that follow a pool's integer maths (a floored scaled
 * input, a truncated invariant) move in steps at tiny sizes, and a secant slope across outputs of a few hundred units
 * is off by a few tenths of a percent, which the concavity clamp would then carry along the whole curve.
 */
const MIN_SAMPLE_OUTPUT = 1e7;
const MIN_SAMPLE_SHARE = 1e-4;

/** Best trade at one price ratio: input, output and the input's derivative in the ratio (≤ 0). */
export interface CurveTrade {
  delta: number;
  out: number;
  dDelta: number;
}

export class CurveTable {
  private constructor(
    /** Zero, then the midpoints of the grid intervals, increasing. */
    private readonly mid: Float64Array,
    /** Marginal rate at each of those inputs, strictly decreasing. */
    private readonly slope: Float64Array,
    /** Output for an input of mid[k]. */
    private readonly integral: Float64Array,
  ) {}

  /** Marginal rate at zero input. */
  get firstRate(): number {
    return this.slope[0];
  }

  /** A pool's depth on one token's side, in raw units of that token worth `unitValue` wrapped-native raw units each. */
  static depthIn(graph: GraphView, pool: number, unitValue: number): number {
    return graph.poolLiquidity[pool] / graph.poolTokenCount(pool) / unitValue;
  }

  /**
   * The table of `pool`'s curve from local token `localIn` to `localOut` (raw units), or null when the pool cannot
   * trade that way. `depthIn` is the input side's depth in raw units of the input token.
   */
  static of(graph: GraphView, pool: number, localIn: number, localOut: number, depthIn: number): CurveTable | null {
    const state = graph.pool(pool);
    const key = localIn * 256 + localOut;
    let byUse = tables.get(state);
    if (!byUse) tables.set(state, (byUse = new Map()));
    if (byUse.has(key)) return byUse.get(key)!;
    const estimate = (x: number) => state.estimateOut(localIn, localOut, x);
    const executes = (x: number) => state.swapExactIn(localIn, localOut, BigInt(Math.floor(x))) !== null;
    const table = CurveTable.sample(estimate, depthIn, executes);
    byUse.set(key, table);
    return table;
  }

  /**
   * A table sampled from `estimate` (raw input → raw output) over a pool of input depth `depthIn`, ending before the
   * first input that `executes` rejects (a pool's limits: liquidity running out, a maximum input ratio).
   */
  static sample(estimate: (amountIn: number) => number, depthIn: number, executes: (amountIn: number) => boolean = () => true): CurveTable | null {
    const xs = [0];
    const outs = [0];
    const firstOutput = Math.min(MIN_SAMPLE_OUTPUT, estimate(depthIn) * MIN_SAMPLE_SHARE) || 0;
    for (let x = depthIn * FIRST_SHARE; x <= depthIn * LAST_MULTIPLE; x *= GROWTH) {
      const out = estimate(x);
      // Dust that rounds to nothing or to a few units: start the curve at the first input that trades enough.
      if (xs.length === 1 && !(out >= firstOutput)) continue;
      if (!(out > 0)) break;
      xs.push(x);
      outs.push(out);
    }
    // A pool's limits only grow with the input, so the last input the exact maths accepts is found by bisection.
    if (xs.length > 1 && !executes(xs[xs.length - 1])) {
      let [low, high] = [0, xs.length - 1];
      while (high - low > 1) {
        const m = (low + high) >>> 1;
        if (executes(xs[m])) low = m;
        else high = m;
      }
      xs.length = outs.length = low + 1;
    }
    // The rate at zero input, extrapolated from the first two intervals, starts the curve: the best trade then grows
    // from zero as the price ratio falls below it (no jump to the first midpoint).
    const mid: number[] = [0];
    const slope: number[] = [Infinity];
    for (let k = 0; k + 1 < xs.length; k++) {
      let s = (outs[k + 1] - outs[k]) / (xs[k + 1] - xs[k]);
      // Concavity: an estimate's rounding can make a slope rise; a flat stretch would make the best trade jump.
      s = Math.min(s, slope[slope.length - 1] * (1 - 1e-12));
      if (!(s > 0)) break;
      mid.push((xs[k] + xs[k + 1]) / 2);
      slope.push(s);
    }
    if (slope.length < 3) return null;
    slope[0] = Math.max(slope[1] + ((slope[1] - slope[2]) * mid[1]) / (mid[2] - mid[1]), slope[1] * (1 + 1e-9));
    const integral = new Float64Array(mid.length);
    for (let k = 1; k < mid.length; k++) integral[k] = integral[k - 1] + ((mid[k] - mid[k - 1]) * (slope[k - 1] + slope[k])) / 2;
    return new CurveTable(Float64Array.from(mid), Float64Array.from(slope), integral);
  }

  /** Output for `delta` of input (the table's units), on the interpolated curve; its last rate beyond the table. */
  outAt(delta: number): number {
    const { mid, slope, integral } = this;
    const last = mid.length - 1;
    if (!(delta > 0)) return 0;
    if (delta >= mid[last]) return integral[last] + (delta - mid[last]) * slope[last];
    const k = intervalOf(mid, delta);
    const rate = slope[k] + ((slope[k + 1] - slope[k]) * (delta - mid[k])) / (mid[k + 1] - mid[k]);
    return integral[k] + ((delta - mid[k]) * (slope[k] + rate)) / 2;
  }

  /** Input (the table's units) whose output is `out`, on the interpolated curve: the inverse of outAt. */
  inFor(out: number): number {
    const { mid, slope, integral } = this;
    const last = mid.length - 1;
    if (!(out > 0)) return 0;
    if (out >= integral[last]) return mid[last] + (out - integral[last]) / slope[last];
    const k = intervalOf(integral, out);
    // Within interval k the output is integral[k] + s·x + c·x²/2 for x past mid[k] (s = slope[k], c ≤ 0 the rate's
    // fall per unit of input); its root in the stable form 2y / (s + √(s² + 2cy)).
    const c = (slope[k + 1] - slope[k]) / (mid[k + 1] - mid[k]);
    const y = out - integral[k];
    return mid[k] + (2 * y) / (slope[k] + Math.sqrt(Math.max(0, slope[k] * slope[k] + 2 * c * y)));
  }

  /** The trade maximising out − r·delta (r: price of the input in units of the output), written into `into`. */
  bestTrade(r: number, into: CurveTrade): void {
    const { mid, slope, integral } = this;
    const last = slope.length - 1;
    if (!(r < slope[0])) {
      into.delta = into.out = into.dDelta = 0;
      return;
    }
    // k: the interval with slope[k] ≥ r > slope[k + 1] (the last one when r is below every rate: the pool's end).
    let k = 0;
    if (r <= slope[last]) k = last - 1;
    else {
      let high = last;
      while (high - k > 1) {
        const m = (k + high) >>> 1;
        if (slope[m] >= r) k = m;
        else high = m;
      }
    }
    const width = mid[k + 1] - mid[k];
    const fall = slope[k] - slope[k + 1];
    const rate = Math.max(r, slope[k + 1]);
    into.delta = mid[k] + ((slope[k] - rate) / fall) * width;
    into.out = integral[k] + ((into.delta - mid[k]) * (slope[k] + rate)) / 2;
    into.dDelta = -width / fall;
  }
}

/** The k with values[k] ≤ x < values[k + 1], in increasing `values` that hold x before their last. */
function intervalOf(values: Float64Array, x: number): number {
  let k = 0;
  let high = values.length - 1;
  while (high - k > 1) {
    const m = (k + high) >>> 1;
    if (values[m] <= x) k = m;
    else high = m;
  }
  return k;
}

/**
 * Builds the tables of every pool that needs one (every kind but UniV2), both ways for every pair of its tokens, so
 * that quotes find them ready: a graph version's workers call it when the version arrives. Pools unchanged since the
 * previous version keep their tables, so after the first version this costs only the pools a block changed.
 */
export function warmCurveTables(graph: GraphView): void {
  for (let pool = 0; pool < graph.poolCount; pool++) {
    if (graph.poolKind(pool) === 'univ2') continue;
    const tokens = graph.poolTokens(pool);
    for (let i = 0; i < tokens.length; i++) {
      // Tokens without a price wait for the first quote, which values them from their pools (flowNetwork.ts).
      const depthIn = CurveTable.depthIn(graph, pool, graph.tokenNativePrice[tokens[i]]);
      if (!(depthIn > 0 && Number.isFinite(depthIn))) continue;
      for (let o = 0; o < tokens.length; o++) if (o !== i) CurveTable.of(graph, pool, i, o, depthIn);
    }
  }
}

/**
 * Tables by decoded pool state, keyed by localIn·256 + localOut. A graph version takes an earlier one's decoded pool
 * when its state words are unchanged (GraphView.pool), and so its tables.
 */
const tables = new WeakMap<PoolBase, Map<number, CurveTable | null>>();
