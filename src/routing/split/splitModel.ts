// The float model the split optimiser works on: paths executed one after the other in index order, so a path that
// reuses a pool (same pool, same direction) meets the state the earlier paths left. Paths are grouped into components
// that share pools; a change to one path's input only changes its component's output.
//
// Marginal rates: a path alone in its component gets the derivative of its own output. A path in a shared component
// gets the rate of one more unit routed along it through the pools' total flows (the product of each pool's
// derivative at its total input: the network-flow optimality condition), computed after `prepare(x)` in one pass.
import type { GraphView } from '../../graph/graphView.ts';
import type { Hop } from '../types.ts';
import { directionKey } from './pathEstimate.ts';

/**
 * Relative finite-difference step of the marginal rates, and its floor as a share of the whole input: the float
 * estimates of some kinds (Balancer's power functions, UniV3's tick walk) carry ~1e-12 relative noise, so a step below
 * ~1e-7 of the input would turn that noise into rate errors.
 */
const STEP = 1e-5;
const STEP_FLOOR = 1e-2;

export class SplitModel {
  readonly pathCount: number;
  /** component[i]: the component of path i; members[c]: its paths in execution order. */
  readonly component: Int32Array;
  readonly members: number[][];
  private readonly dirs: Int32Array[];
  private readonly shared: Uint8Array;
  private readonly usage: Float64Array;
  /** usageOut[d]: the output of pool direction d at its total input usage[d] (so a later path's share needs one estimate). */
  private readonly usageOut: Float64Array;
  /**
   * Each component's output at the allocation of its last settled evaluation (objective, prepare), with its members'
   * inputs there: the optimiser asks again at allocations where only a few components changed. A shared component's
   * pool totals (`usage`) are those of that allocation while the entry is valid.
   */
  private readonly settledX: Float64Array;
  private readonly settledOut: Float64Array;
  private readonly settled: Uint8Array;
  /**
   * Each pool direction's rate (and the probe step it was taken with) at its total input, valid while rateEpoch[d]
   * equals usageEpoch, which every change of the totals advances.
   */
  private readonly rateAt: Float64Array;
  private readonly rateStep: Float64Array;
  private readonly rateEpoch: Int32Array;
  private usageEpoch = 1;

  constructor(
    private readonly graph: GraphView,
    readonly paths: readonly Hop[][],
    private readonly total: number,
  ) {
    this.pathCount = paths.length;
    const dirIndex = new Map<number, number>();
    const users: number[][] = [];
    // Plain loops: TypedArray.from with a mapping function is about twenty times slower in V8.
    this.dirs = paths.map((hops, i) => {
      const dirs = new Int32Array(hops.length);
      for (let k = 0; k < hops.length; k++) {
        const key = directionKey(hops[k]);
        let d = dirIndex.get(key);
        if (d === undefined) dirIndex.set(key, (d = users.length)), users.push([]);
        if (users[d][users[d].length - 1] !== i) users[d].push(i);
        dirs[k] = d;
      }
      return dirs;
    });
    this.shared = new Uint8Array(users.length);
    for (let d = 0; d < users.length; d++) this.shared[d] = users[d].length > 1 ? 1 : 0;
    this.usage = new Float64Array(users.length);
    this.usageOut = new Float64Array(users.length);
    this.rateAt = new Float64Array(users.length);
    this.rateStep = new Float64Array(users.length);
    this.rateEpoch = new Int32Array(users.length);
    this.settledX = new Float64Array(paths.length);
    // Union-find over paths joined by a shared pool direction.
    const parent = new Int32Array(paths.length);
    for (let i = 0; i < paths.length; i++) parent[i] = i;
    const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
    for (const u of users) for (let k = 1; k < u.length; k++) parent[root(u[k])] = root(u[0]);
    const byRoot = new Map<number, number>();
    this.component = new Int32Array(paths.length);
    this.members = [];
    for (let i = 0; i < paths.length; i++) {
      let c = byRoot.get(root(i));
      if (c === undefined) byRoot.set(root(i), (c = this.members.length)), this.members.push([]);
      this.component[i] = c;
      this.members[c].push(i);
    }
    this.settledOut = new Float64Array(this.members.length);
    this.settled = new Uint8Array(this.members.length);
  }

  /** Whether path i shares no pool direction with another path. */
  alone(i: number): boolean {
    return this.members[this.component[i]].length === 1;
  }

  /** Float output of path i for an input of `amountIn`, as if no other path used its pools. */
  aloneOut(i: number, amountIn: number): number {
    return this.pathOut(i, amountIn, false);
  }

  /** Float output of component c's paths when path i gets x[i]. */
  componentOut(c: number, x: Float64Array): number {
    const members = this.members[c];
    if (members.length === 1) return this.pathOut(members[0], x[members[0]], false);
    // The pool totals move to this allocation.
    this.settled[c] = 0;
    return this.sequentialOut(members, x);
  }

  /** Float output of every path at allocation x. */
  objective(x: Float64Array): number {
    let out = 0;
    for (let c = 0; c < this.members.length; c++) out += this.settledComponentOut(c, x);
    return out;
  }

  /** Records each shared pool direction's total input at allocation x, for `marginal`. */
  prepare(x: Float64Array): void {
    for (let c = 0; c < this.members.length; c++) if (this.members[c].length > 1) this.settledComponentOut(c, x);
  }

  /** `prepare` for one component only. */
  prepareComponent(c: number, x: Float64Array): void {
    if (this.members[c].length > 1) this.settledComponentOut(c, x);
  }

  /** componentOut, from the settled entry when the component's inputs are those of its last settled evaluation. */
  private settledComponentOut(c: number, x: Float64Array): number {
    const members = this.members[c];
    if (this.settled[c] === 1 && members.every((i) => x[i] === this.settledX[i])) return this.settledOut[c];
    const out = members.length === 1 ? this.pathOut(members[0], x[members[0]], false) : this.sequentialOut(members, x);
    for (const i of members) this.settledX[i] = x[i];
    this.settledOut[c] = out;
    this.settled[c] = 1;
    return out;
  }

  /** Output of a shared component's paths in order, recording each pool direction's total input. */
  private sequentialOut(members: number[], x: Float64Array): number {
    this.usageEpoch++;
    for (const i of members) for (const d of this.dirs[i]) (this.usage[d] = 0), (this.usageOut[d] = 0);
    let out = 0;
    for (const i of members) out += this.pathOut(i, x[i], true);
    return out;
  }

  /**
   * Marginal rate of path i at allocation x with `extra` more input on path i (for curvature probes); shared
   * components read the totals of the last `prepare`.
   */
  marginal(i: number, x: Float64Array, extra = 0): number {
    if (!this.alone(i)) return this.flowMarginal(i, extra);
    const c = this.component[i];
    const xi = x[i] + extra;
    const h = STEP * Math.max(xi, STEP_FLOOR * this.total);
    x[i] = xi + h;
    const up = this.componentOut(c, x);
    if (xi >= h) {
      x[i] = xi - h;
      const down = this.componentOut(c, x);
      x[i] = xi - extra;
      return (up - down) / (2 * h);
    }
    x[i] = xi;
    const rate = (up - this.componentOut(c, x)) / h;
    x[i] = xi - extra;
    return rate;
  }

  private flowMarginal(i: number, extra: number): number {
    const hops = this.paths[i];
    let rate = 1;
    let added = extra;
    for (let k = 0; k < hops.length; k++) {
      const h = hops[k];
      const d = this.dirs[i][k];
      const base = this.usage[d];
      const at = base + added;
      const step = STEP * Math.max(at, STEP_FLOOR * this.total * rate);
      let factor: number;
      // Paths that share a pool direction ask for its rate at the same total: computed once per allocation.
      if (added === 0 && this.rateEpoch[d] === this.usageEpoch && this.rateStep[d] === step) {
        factor = this.rateAt[d];
      } else {
        const low = Math.max(0, at - step);
        const up = this.graph.estimateOut(h.pool, h.localIn, h.localOut, at + step);
        const down = low > 0 ? this.graph.estimateOut(h.pool, h.localIn, h.localOut, low) : 0;
        factor = Math.max(0, (up - down) / (at + step - low));
        if (added === 0) (this.rateAt[d] = factor), (this.rateStep[d] = step), (this.rateEpoch[d] = this.usageEpoch);
      }
      rate *= factor;
      if (added > 0) {
        added = this.graph.estimateOut(h.pool, h.localIn, h.localOut, at) - (base > 0 ? this.usageOut[d] : 0);
      }
      if (!(rate > 0)) return 0;
    }
    return rate;
  }

  private pathOut(i: number, amountIn: number, sequential: boolean): number {
    if (!(amountIn > 0)) return 0;
    const hops = this.paths[i];
    const dirs = this.dirs[i];
    let amount = amountIn;
    for (let k = 0; k < hops.length; k++) {
      const h = hops[k];
      const d = dirs[k];
      let out: number;
      if (sequential) {
        // Every direction's total input is recorded for the flow marginals; only shared ones change the output.
        const before = this.shared[d] ? this.usage[d] : 0;
        const totalOut = this.graph.estimateOut(h.pool, h.localIn, h.localOut, before + amount);
        out = before > 0 ? totalOut - this.usageOut[d] : totalOut;
        this.usage[d] = before + amount;
        this.usageOut[d] = totalOut;
      } else {
        out = this.graph.estimateOut(h.pool, h.localIn, h.localOut, amount);
      }
      if (!(out > 0)) return 0;
      amount = out;
    }
    return amount;
  }
}
