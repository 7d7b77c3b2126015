// Turns an acyclic flow into paths: each trade's flow is measured in source units (what share of the source's input
// passes through it, tokens mixing what they receive), which makes it a conserved network flow from the source to the
// target; the widest remaining path is taken out, again and again (standard flow decomposition, biggest first).
import type { Hop } from '../types.ts';
import type { FlowSolution } from './dualFlow.ts';
import type { Subgraph } from './subgraph.ts';

export interface FlowPath {
  hops: Hop[];
  /** Source input of the path (float); the paths' inputs sum to the flow's input. */
  input: number;
}

/** Paths carrying less than this share of the input are not taken out (their input goes to the others). */
const NEGLIGIBLE = 1e-12;

/**
 * At most `maxPaths` paths of `flow`, widest first; what the paths left out carried is spread over those taken in
 * proportion, so their inputs sum to `amountIn`.
 * @example decomposeFlow(sub, solveFlow(graph, sub, 1e24, options), 1e24, 24)
 */
export function decomposeFlow(sub: Subgraph, flow: FlowSolution, amountIn: number, maxPaths: number): FlowPath[] {
  const n = sub.tokens.length;
  const m = sub.tradeCount;
  const byPosition = new Int32Array(n);
  for (let i = 0; i < n; i++) byPosition[flow.order[i]] = i;
  const incoming: number[][] = Array.from({ length: n }, () => []);
  const outgoing: number[][] = Array.from({ length: n }, () => []);
  const planned = new Float64Array(n);
  for (let k = 0; k < m; k++) {
    if (!(flow.input[k] > 0)) continue;
    incoming[sub.v[k]].push(k);
    outgoing[sub.u[k]].push(k);
    planned[sub.u[k]] += flow.input[k];
  }
  // Source units through each trade: a token passes on what it received in proportion to its trades' inputs.
  const through = new Float64Array(n);
  const units = new Float64Array(m);
  through[0] = amountIn;
  for (let p = 0; p < n; p++) {
    const t = byPosition[p];
    if (t !== 0) for (const k of incoming[t]) through[t] += units[k];
    if (t === 1 || !(planned[t] > 0)) continue;
    for (const k of outgoing[t]) units[k] = (through[t] * flow.input[k]) / planned[t];
  }

  const paths: FlowPath[] = [];
  const width = new Float64Array(n);
  const via = new Int32Array(n);
  while (paths.length < maxPaths) {
    width.fill(0);
    width[0] = Infinity;
    for (let p = 1; p < n; p++) {
      const t = byPosition[p];
      via[t] = -1;
      for (const k of incoming[t]) {
        const w = Math.min(width[sub.u[k]], units[k]);
        if (w > width[t]) (width[t] = w), (via[t] = k);
      }
    }
    const bottleneck = width[1];
    if (!(bottleneck > NEGLIGIBLE * amountIn)) break;
    const trades: number[] = [];
    for (let t = 1; t !== 0; t = sub.u[via[t]]) trades.unshift(via[t]);
    for (const k of trades) units[k] -= bottleneck;
    paths.push({
      input: bottleneck,
      hops: trades.map((k) => ({ pool: sub.pool[k], tokenIn: sub.tokens[sub.u[k]], tokenOut: sub.tokens[sub.v[k]], localIn: sub.localIn[k], localOut: sub.localOut[k] })),
    });
  }
  const taken = paths.reduce((s, p) => s + p.input, 0);
  if (taken > 0) for (const p of paths) p.input *= amountIn / taken;
  return paths;
}
