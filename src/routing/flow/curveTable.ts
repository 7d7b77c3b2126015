// A smooth concave model of one direction through a pool of any kind but UniV2, for the flow optimiser: the pool's
// float estimate is sampled on a geometric grid, the secant slopes between samples are made non-increasing (pool
// adjacent violators: the estimates round to whole raw units, which makes raw finite differences noisy), and the
// slope is interpolated linearly between segment midpoints. Output, slope and curvature are then exact for that
// model (the output is the slope's integral), so the optimiser's Newton steps see a consistent C1 concave curve.
// Tables depend on the pool's state only: they are built once per graph view and direction.
import type { GraphView } from '../../graph/graphView.ts';

/** Grid ratio between consecutive samples, from 1e-9 of the pool's depth up to where it stops executing. */
const RATIO = 1.04;
const FIRST = 1e-9;
/** Sampling stops this many times the depth in (no pool takes more). */
const LAST = 64;

export class CurveTable {
  /** Segment midpoints (increasing) and the slope there (non-increasing). */
  private readonly mid: Float64Array;
  private readonly slopeAt: Float64Array;
  /** Model output at each midpoint. */
  private readonly outAt: Float64Array;
  /** Largest input known to execute. */
  readonly cap: number;
  readonly slope0: number;

  constructor(sample: (d: number) => number, depth: number) {
    const xs: number[] = [0];
    const fs: number[] = [0];
    for (let x = depth * FIRST; x <= depth * LAST; x *= RATIO) {
      const f = sample(x);
      if (!(f > 0)) {
        if (xs.length > 1) break;
        continue;
      }
      xs.push(x);
      fs.push(f);
    }
    this.cap = xs[xs.length - 1];
    // Secant slopes, then pooled so they never rise (weights: segment lengths).
    const blocks: { slope: number; weight: number; count: number }[] = [];
    for (let j = 0; j + 1 < xs.length; j++) {
      let block = { slope: Math.max(0, (fs[j + 1] - fs[j]) / (xs[j + 1] - xs[j])), weight: xs[j + 1] - xs[j], count: 1 };
      while (blocks.length > 0 && blocks[blocks.length - 1].slope <= block.slope) {
        const last = blocks.pop()!;
        const weight = last.weight + block.weight;
        block = { slope: (last.slope * last.weight + block.slope * block.weight) / weight, weight, count: last.count + block.count };
      }
      blocks.push(block);
    }
    const segments = xs.length - 1;
    this.mid = new Float64Array(segments);
    this.slopeAt = new Float64Array(segments);
    this.outAt = new Float64Array(segments);
    let j = 0;
    for (const b of blocks) for (let c = 0; c < b.count; c++, j++) this.slopeAt[j] = b.slope;
    for (let s = 0; s < segments; s++) this.mid[s] = (xs[s] + xs[s + 1]) / 2;
    // Below the first midpoint the slope is the first one: the output there is linear.
    this.outAt[0] = this.slopeAt[0] * this.mid[0];
    for (let s = 1; s < segments; s++) {
      this.outAt[s] = this.outAt[s - 1] + ((this.slopeAt[s - 1] + this.slopeAt[s]) / 2) * (this.mid[s] - this.mid[s - 1]);
    }
    this.slope0 = segments > 0 ? this.slopeAt[0] : 0;
  }

  /** The segment s with mid[s] ≤ d < mid[s + 1] (−1 below the first midpoint). */
  private segment(d: number): number {
    let low = -1;
    let high = this.mid.length - 1;
    while (low < high) {
      const m = (low + high + 1) >> 1;
      if (this.mid[m] <= d) low = m;
      else high = m - 1;
    }
    return low;
  }

  out(d: number): number {
    if (!(d > 0)) return 0;
    const s = this.segment(d);
    if (s < 0) return this.slopeAt[0] * d;
    const last = this.mid.length - 1;
    if (s === last) return this.outAt[last] + this.slopeAt[last] * (d - this.mid[last]);
    const t = d - this.mid[s];
    const k = (this.slopeAt[s + 1] - this.slopeAt[s]) / (this.mid[s + 1] - this.mid[s]);
    return this.outAt[s] + this.slopeAt[s] * t + (k * t * t) / 2;
  }

  slope(d: number): number {
    const s = this.segment(d);
    if (s < 0) return this.slopeAt[0];
    if (s === this.mid.length - 1) return this.slopeAt[s];
    const k = (this.slopeAt[s + 1] - this.slopeAt[s]) / (this.mid[s + 1] - this.mid[s]);
    return this.slopeAt[s] + k * (d - this.mid[s]);
  }

  /** f''(d): the slope's gradient on d's segment (0 outside the midpoints). */
  curvature(d: number): number {
    const s = this.segment(d);
    if (s < 0 || s === this.mid.length - 1) return 0;
    return (this.slopeAt[s + 1] - this.slopeAt[s]) / (this.mid[s + 1] - this.mid[s]);
  }

  /** The input where the slope falls to r (0 when it starts below; the cap when it never does). */
  inputAtSlope(r: number): number {
    const n = this.mid.length;
    if (n === 0 || !(this.slopeAt[0] > r)) return 0;
    if (this.slopeAt[n - 1] >= r) return this.cap;
    // First midpoint whose slope is at most r.
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const m = (low + high) >> 1;
      if (this.slopeAt[m] <= r) high = m;
      else low = m + 1;
    }
    const a = low - 1;
    const span = this.slopeAt[a] - this.slopeAt[low];
    if (!(span > 0)) return this.mid[low];
    return this.mid[a] + ((this.slopeAt[a] - r) / span) * (this.mid[low] - this.mid[a]);
  }
}

const tables = new WeakMap<GraphView, Map<number, CurveTable>>();

/**
 * The table of `pool` from pool-local token `localIn` to `localOut`, built on first use for this graph view.
 * @example curveTable(graph, 20_005, 0, 1, 1e24).inputAtSlope(2.9e-5)
 */
export function curveTable(graph: GraphView, pool: number, localIn: number, localOut: number, depth: number): CurveTable {
  let byDirection = tables.get(graph);
  if (!byDirection) tables.set(graph, (byDirection = new Map()));
  const key = pool * 64 + localIn * 8 + localOut;
  let table = byDirection.get(key);
  if (!table) {
    table = new CurveTable((d) => graph.estimateOut(pool, localIn, localOut, d), depth);
    byDirection.set(key, table);
  }
  return table;
}
