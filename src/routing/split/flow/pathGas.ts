// The gas cap as the flow's paths meet it (flowPaths.ts): each path the flow is cut into adds its hops to the
// transaction's gas, and the UniV3 ticks its swaps cross. A path through a pool an earlier path already swapped
// through continues that pool's walk, so it pays only the ticks past where the earlier ones stopped. Left out, the
// ticks (a sixth of a price-moving split's gas) let more paths be taken than fit, and the replay then cut the
// smallest; counted, the flow is solved again over the paths that fit (flowRouting.ts).
import type { GraphView } from '../../../graph/graphView.ts';
import { type GasMeter, TICK_CROSS_GAS } from '../../gasModel.ts';
import type { Hop } from '../../types.ts';
import type { FlowNetwork } from './flowNetwork.ts';

/**
 * Whether a transaction within the gas cap takes one more path (and if so, counts it): the path's trades, with the
 * input the flow plans for each along it (normalised units).
 */
export type PathFits = (path: number[], inputs: readonly number[]) => boolean;

/** The gas cap as the flow's paths meet it (flowPaths.ts). */
export interface PathGas {
  /** A new count of the paths one transaction takes. */
  count(): PathCount;
  /**
   * The gas a path adds to a transaction that holds no other path: its split and hops and the UniV3 ticks its swaps
   * cross, at its inputs (normalised units). Next to other paths through its pools it adds less.
   */
  alone(path: number[], inputs: readonly number[]): number;
}

/** A running count of one transaction's paths: whether it takes one more (counting it if so), and its gas so far. */
export interface PathCount {
  fits: PathFits;
  spent(): number;
}

/**
 * The PathGas of a network's paths on meters from `newMeter` (each a transaction within the cap): hops as the meter
 * counts them, UniV3 tick crossings estimated from the pools' float tables. `leastGas(i)`: the least gas trade i's
 * pools cost a transaction (with a split's when it leaves the source, as a path's first trade does).
 * @example flowPaths(network, solution, disabled, order, 6, pathGas(graph, network, () => splitGasMeter(graph, cap, shape), asHops, leastGas))
 */
export function pathGas(graph: GraphView, network: FlowNetwork, newMeter: () => GasMeter, asHops: (path: number[]) => Hop[], leastGas: (trade: number) => number): PathGas {
  // Per trade, computed on first use (NaN: not yet).
  const least = new Float64Array(network.trades.count).fill(NaN);
  return {
    count: () => {
      const meter = newMeter();
      return { fits: fitsWithTicks(graph, network, meter, asHops), spent: () => meter.spent() };
    },
    alone: (path, inputs) => {
      let gas = 0;
      for (let k = 0; k < path.length; k++) {
        const i = path[k];
        if (Number.isNaN(least[i])) least[i] = leastGas(i);
        gas += least[i] + TICK_CROSS_GAS * ticksAt(graph, network, i, inputs[k]);
      }
      return gas;
    },
  };
}

/**
 * A PathFits that counts each accepted path's hops on `meter` and its UniV3 tick crossings (estimated from the pools'
 * float tables at the inputs the flow plans through them, cumulated over the paths accepted before it).
 * @example fitsWithTicks(graph, network, splitGasMeter(graph, cap, shape), asHops)([trade], [input]) // true: it fits
 */
export function fitsWithTicks(graph: GraphView, network: FlowNetwork, meter: GasMeter, asHops: (path: number[]) => Hop[]): PathFits {
  const { trades } = network;
  // Per trade: the input the accepted paths plan through it (normalised units), and the ticks that input crosses.
  const fed = new Float64Array(trades.count);
  const crossed = new Int32Array(trades.count);
  return (path, inputs) => {
    const after = path.map((i, k) => ticksAt(graph, network, i, fed[i] + inputs[k]));
    // More input never crosses fewer ticks: the walk only goes on.
    let ticks = 0;
    path.forEach((i, k) => (ticks += after[k] - crossed[i]));
    if (!meter.tryAdd(asHops(path), ticks * TICK_CROSS_GAS)) return false;
    path.forEach((i, k) => ((fed[i] += inputs[k]), (crossed[i] = after[k])));
    return true;
  };
}

/** UniV3 ticks trade i's swap of `input` (normalised units) crosses, estimated; 0 for other kinds. */
function ticksAt(graph: GraphView, network: FlowNetwork, i: number, input: number): number {
  const { trades } = network;
  // UniV2 pools (a chain's too) have no ticks, and are read without decoding them.
  if (trades.viaPool[i] >= 0 || graph.poolKind(trades.pool[i]) === 'univ2') return 0;
  const pool = graph.pool(trades.pool[i]);
  return pool.estimateTicksCrossed?.(trades.localIn[i], trades.localOut[i], input * network.rawPerUnit[trades.from[i]]) ?? 0;
}
