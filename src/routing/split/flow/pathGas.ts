// The gas cap as the peeling meets it (flowPaths.ts): each path the flow is cut into adds its hops to the
// transaction's gas, and the UniV3 ticks its swaps cross. A path through a pool an earlier path already swapped
// through continues that pool's walk, so it pays only the ticks past where the earlier ones stopped. Left out, the
// ticks (a sixth of a price-moving split's gas) let the peeling take more paths than fit, and the replay then cut the
// smallest; counted, the flow is solved again over the paths that fit (flowRouting.ts).
import type { GraphView } from '../../../graph/graphView.ts';
import { type GasMeter, TICK_CROSS_GAS } from '../../gasModel.ts';
import type { Hop } from '../../types.ts';
import type { FlowNetwork } from './flowNetwork.ts';
import type { PathFits } from './flowPaths.ts';

/**
 * A PathFits that counts each accepted path's hops on `meter` and its UniV3 tick crossings (estimated from the pools'
 * float tables at the inputs the flow plans through them, cumulated over the paths accepted before it).
 * @example flowPaths(network, solution, disabled, order, 6, fitsWithTicks(graph, network, meter, asHops))
 */
export function fitsWithTicks(graph: GraphView, network: FlowNetwork, meter: GasMeter, asHops: (path: number[]) => Hop[]): PathFits {
  const { trades } = network;
  // Per trade: the input the accepted paths plan through it (normalised units), and the ticks that input crosses.
  const fed = new Float64Array(trades.count);
  const crossed = new Int32Array(trades.count);
  const crossedAt = (i: number, input: number): number => {
    // UniV2 pools (a chain's too) have no ticks, and are read without decoding them.
    if (trades.viaPool[i] >= 0 || graph.poolKind(trades.pool[i]) === 'univ2') return 0;
    const pool = graph.pool(trades.pool[i]);
    return pool.estimateTicksCrossed?.(trades.localIn[i], trades.localOut[i], input * network.rawPerUnit[trades.from[i]]) ?? 0;
  };
  return (path, inputs) => {
    const after = path.map((i, k) => crossedAt(i, fed[i] + inputs[k]));
    // More input never crosses fewer ticks: the walk only goes on.
    let ticks = 0;
    path.forEach((i, k) => (ticks += after[k] - crossed[i]));
    if (!meter.tryAdd(asHops(path), ticks * TICK_CROSS_GAS)) return false;
    path.forEach((i, k) => ((fed[i] += inputs[k]), (crossed[i] = after[k])));
    return true;
  };
}
