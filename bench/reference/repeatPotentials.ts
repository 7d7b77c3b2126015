// Token potentials that price the repeated hops a routing's paths must make, for the capped bound's path charges
// (cappedBound.ts). A routing through a set of pools, executed as paths, sends f_e ≥ 1 paths through each pool e = u → v;
// its repeats x_e = f_e − 1 ≥ 0 satisfy, at every token t but the source and the target,
//   Σ_{e into t} x_e − Σ_{e out of t} x_e = k_out(t) − k_in(t)        (paths in = paths out)
// and cost Σ r_e·x_e, r_e the gas of a repeated hop through e's pool (a split's more out of the source: each extra path
// is one more split). Any potentials φ with φ_source = φ_target = 0 and φ_v − φ_u ≤ r_e on every trade are feasible in
// this min-cost flow's dual, so by weak duality the repeats cost at least Σ_t φ_t·(k_out(t) − k_in(t)) = Σ_{e used}
// (φ_u − φ_v): charging each trade φ_u − φ_v more never overcharges a routing, whichever pools it uses. The potentials
// chosen are the dual optimum for one routing's fan-out (min-cost flow by successive shortest paths; the source and
// the target merged into one node, as both are free). They count repeats a token's own fan-out does not show: with
// one pool into A, one from A to B and five from B to the target, the pool into A carries four repeats too.
import type { ReferenceProblem } from './referenceProblem.ts';

/**
 * Potentials (one per problem token, 0 at the source and the target) that make Σ_{e in routing} (φ_u − φ_v) the least
 * gas of the routing's repeated hops and extra splits (Trade.repeatGas), feasible on every trade of the problem.
 * @example const phi = repeatPotentials(problem, routing); // charge trade k phi[u] − phi[v] more
 */
export function repeatPotentials(problem: ReferenceProblem, routing: readonly number[]): Float64Array {
  const n = problem.tokens.length;
  // Node 0 stands for the source and the target.
  const node = (t: number) => (t === 1 ? 0 : t);
  // k_out − k_in: a demand for repeats into the token where positive, a supply where negative; node 0 balances them.
  const need = new Float64Array(n);
  for (const k of routing) need[node(problem.trades[k].u)]++, need[node(problem.trades[k].v)]--;
  need[0] = -need.reduce((sum, x, t) => (t === 0 ? sum : sum + x), 0);
  const flow = new MinCostFlow(n + 2);
  const [superSource, superSink] = [n, n + 1];
  for (const trade of problem.trades) flow.addEdge(node(trade.u), node(trade.v), Infinity, trade.repeatGas);
  for (let t = 0; t < n; t++) {
    if (need[t] > 0) flow.addEdge(t, superSink, need[t], 0);
    if (need[t] < 0) flow.addEdge(superSource, t, -need[t], 0);
  }
  flow.run(superSource, superSink);
  const phi = Float64Array.from({ length: n }, (_, t) => flow.potential[node(t)] - flow.potential[0]);
  // What makes the charges valid (integral gas: exact in doubles).
  for (const trade of problem.trades) {
    if (phi[trade.v] - phi[trade.u] > trade.repeatGas) throw new Error(`repeat potentials infeasible on a trade of pool ${trade.pool}`);
  }
  return phi;
}

/**
 * Successive shortest paths (Dijkstra on reduced costs) for integral capacities and nonnegative costs; `potential` ends
 * as dual prices: reduced costs c + π_u − π_v ≥ 0 on every residual edge, 0 on the edges that carry flow.
 */
export class MinCostFlow {
  readonly potential: Float64Array;
  private readonly head: number[][];
  private readonly to: number[] = [];
  private readonly capacity: number[] = [];
  private readonly cost: number[] = [];

  constructor(private readonly nodes: number) {
    this.potential = new Float64Array(nodes);
    this.head = Array.from({ length: nodes }, () => []);
  }

  addEdge(from: number, to: number, capacity: number, cost: number): void {
    this.head[from].push(this.to.length);
    this.to.push(to), this.capacity.push(capacity), this.cost.push(cost);
    this.head[to].push(this.to.length);
    this.to.push(from), this.capacity.push(0), this.cost.push(-cost);
  }

  /** Sends as much as the super source's edges carry, at the least cost; returns the cost. */
  run(source: number, sink: number): number {
    const { nodes, head, to, capacity, cost, potential } = this;
    let total = 0;
    const distance = new Float64Array(nodes);
    const via = new Int32Array(nodes);
    for (;;) {
      distance.fill(Infinity);
      via.fill(-1);
      distance[source] = 0;
      const heap = new MinHeap();
      heap.push(0, source);
      while (heap.size > 0) {
        const [d, u] = heap.pop();
        if (d > distance[u]) continue;
        for (const e of head[u]) {
          if (capacity[e] <= 0) continue;
          const v = to[e];
          const next = d + cost[e] + potential[u] - potential[v];
          if (next < distance[v]) (distance[v] = next), (via[v] = e), heap.push(next, v);
        }
      }
      if (distance[sink] === Infinity) return total;
      // Unreached nodes (and those beyond the sink) move by the sink's distance: reduced costs stay ≥ 0.
      for (let v = 0; v < nodes; v++) potential[v] += Math.min(distance[v], distance[sink]);
      let push = Infinity;
      for (let v = sink; v !== source; v = to[via[v] ^ 1]) push = Math.min(push, capacity[via[v]]);
      for (let v = sink; v !== source; v = to[via[v] ^ 1]) (capacity[via[v]] -= push), (capacity[via[v] ^ 1] += push), (total += push * cost[via[v]]);
    }
  }
}

/** Binary heap of (key, value) pairs, least key first. */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    const { keys, values } = this;
    let i = keys.length;
    keys.push(key), values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      (keys[i] = keys[parent]), (values[i] = values[parent]);
      i = parent;
    }
    (keys[i] = key), (values[i] = value);
  }

  pop(): [number, number] {
    const { keys, values } = this;
    const top: [number, number] = [keys[0], values[0]];
    const [key, value] = [keys.pop()!, values.pop()!];
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= key) break;
        (keys[i] = keys[child]), (values[i] = values[child]);
        i = child;
      }
      (keys[i] = key), (values[i] = value);
    }
    return top;
  }
}
