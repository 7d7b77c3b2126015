// The UniV3 ticks a trade walks past, for the capped bound. The gas model charges TICK_CROSS_GAS for every initialized
// tick a transaction's swaps through a UniV3 pool cross; the swaps through one pool all go one way (one pair per pool,
// one direction), each starting where the last one stopped, so together they cross the ticks between the pool's
// price and the price after their total input. A trade's tick charge is therefore a step function of its input: at
// least TICK_CROSS_GAS times the number of tick boundaries below it.
import type { GraphView } from '../../src/graph/graphView.ts';
import { buildFloatTables } from '../../src/pools/univ3/univ3Estimate.ts';
import { UniV3Pool } from '../../src/pools/univ3/univ3Pool.ts';

/**
 * inputs[j]: the input (raw, fee included) that takes the pool's price to the (j + 1)-th tick boundary on the trade's
 * way, and outputs[j] the output then (the pool's float walk, as its estimate). A range without liquidity costs
 * nothing to cross and adds no boundary, so the count below an input is at most the ticks crossed (conservative).
 */
export interface TickSteps {
  inputs: Float64Array;
  outputs: Float64Array;
}

/**
 * The tick boundaries of a trade through `pool` from local token `localIn`, or undefined for other kinds.
 * @example tickSteps(graph, pool, 0)?.inputs.length // boundaries below the first token's way down
 */
export function tickSteps(graph: GraphView, pool: number, localIn: number): TickSteps | undefined {
  if (graph.poolKind(pool) !== 'univ3') return undefined;
  const decoded = graph.pool(pool);
  if (!(decoded instanceof UniV3Pool)) return undefined;
  const t = buildFloatTables(decoded.state);
  const inputs: number[] = [];
  const outputs: number[] = [];
  let [curveIn, out, s] = [0, 0, t.sqrtPrice];
  const record = () => (inputs.push(curveIn / t.feeFactor), outputs.push(out));
  if (localIn === 0) {
    for (let k = t.current; k > 0; k--) {
      const [L, sNext] = [t.rangeLiquidity[k], t.tickSqrt[k - 1]];
      if (sNext < s && L > 0) {
        curveIn += (L * (s - sNext)) / (s * sNext);
        out += L * (s - sNext);
        record();
      }
      if (sNext < s) s = sNext;
    }
  } else {
    for (let k = t.current; k < t.tickSqrt.length; k++) {
      const [L, sNext] = [t.rangeLiquidity[k], t.tickSqrt[k]];
      if (sNext > s && L > 0) {
        curveIn += L * (sNext - s);
        out += (L * (sNext - s)) / (s * sNext);
        record();
      }
      if (sNext > s) s = sNext;
    }
  }
  return { inputs: Float64Array.from(inputs), outputs: Float64Array.from(outputs) };
}

/** Boundaries strictly below `input`: the ticks a trade of that input is charged. */
export function ticksBelow(steps: TickSteps, input: number): number {
  let [low, high] = [0, steps.inputs.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (steps.inputs[mid] < input) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A trade's input, output and dδ/dr (the dual solver's flow). */
export interface TickedFlow {
  delta: number;
  out: number;
  dDelta: number;
}

/**
 * A UniV3 trade's best flow net of its tick charge (`tickPrice` per boundary below its input), given its best flow
 * without it. Between two boundaries the charge is constant and the gain ν_out·f(δ) − ν_in·δ concave, rising up to
 * the flow's input: the best is that input, or the end of a range below it (where the next tick would start to be
 * charged). Beyond it the gain falls and the charge rises. A boundary is a kink: no curvature there (dDelta 0).
 * @example netOfTicks(steps, { delta: 1e20, out: 3e9, dDelta: -1e30 }, 3e-11, 1, 23_100 * gasPrice).charge
 */
export function netOfTicks(steps: TickSteps, flow: TickedFlow, nuIn: number, nuOut: number, tickPrice: number): { flow: TickedFlow; charge: number } {
  const crossed = ticksBelow(steps, flow.delta);
  let best = { flow, charge: tickPrice * crossed };
  let bestValue = nuOut * flow.out - nuIn * flow.delta - best.charge;
  for (let j = 0; j < crossed; j++) {
    const value = nuOut * steps.outputs[j] - nuIn * steps.inputs[j] - tickPrice * j;
    if (value > bestValue) (bestValue = value), (best = { flow: { delta: steps.inputs[j], out: steps.outputs[j], dDelta: 0 }, charge: tickPrice * j });
  }
  return best;
}
