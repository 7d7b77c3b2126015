// The optimal flow cut into paths from the source to the target (peeling), for the router, which executes paths one
// after another: in execution order, so that each path carries what it really will, or in proportion to the flow.
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';
import { type Trades, tradeIn, tradeOut } from './trades.ts';

/**
 * Paths carrying less than this share of the input are not peeled: far below MIN_SPLIT_SHARE, as what a path yields
 * is known only after the share fitting (which then drops the paths not worth keeping), and far above the float
 * residue that peeling leaves on emptied trades.
 */
const MIN_PEEL_SHARE = 1e-9;
/** Most paths peeled. */
export const MAX_PEELED_PATHS = 160;

/**
 * Peeled paths (trade indices) with their shares of the input, and the input (normalised units) each path puts into
 * each of its trades.
 */
export interface Peeled {
  paths: number[][];
  shares: number[];
  inputs: number[][];
}

/**
 * Peeling in execution order. Executed one after another, paths that share a pool do not get the same rate from it:
 * the first gets the pool's best prices and the later ones what is left (a small late path through a pool that a
 * trade moves far gets a fraction of a percent of the average rate), so shares taken in proportion to the flow send
 * several times the planned input down the first paths' branches. Here the widest path left (by the share of the flow
 * its trades have still to take) takes the most input that lets every trade on it, after the paths before it, reach
 * at most its planned input: at least one exactly. The paths then trade what the flow planned, in their order. Each
 * peel fills a trade, so a flow over k trades needs at most k paths. Where the flow is not balanced at a token (the
 * dual stopped short of its tolerance) or what is left only reaches the target by paths longer than `maxHops`, the
 * peel ends with part of the input unplaced.
 * @example peelInOrder(network, solution, disabled, order, 6)
 */
export function peelInOrder(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array, maxHops: number): Peeled {
  const { trades, total } = network;
  const { active, share } = flowShares(network, solution, disabled, order);
  const planned = solution.delta;
  const fed = new Float64Array(trades.count);
  const left = Float64Array.from(planned);
  // The share of the flow a trade has still to take: its share of the source's input, times what it has left.
  const width = share.slice();
  return peelPaths(network, active, width, maxHops, (path) => {
    const { amounts, filled } = fillPath(trades, path, fed, left);
    for (let k = 0; k < path.length; k++) {
      const i = path[k];
      fed[i] += amounts[k];
      left[i] = k === filled ? 0 : Math.max(0, planned[i] - fed[i]);
      width[i] = (share[i] * left[i]) / planned[i];
    }
    return { share: amounts[0] / total, inputs: amounts };
  });
}

/**
 * Peeling in proportion: each token's throughput is divided among its active trades in proportion to their inputs (so
 * the flow is conserved at every token), and each path takes the share of the flow its narrowest trade carries; its
 * input into each trade is that share of the trade's planned input per unit of share. Executed in order, such paths
 * follow the flow only where their pools barely move (see peelInOrder).
 * @example peelInProportion(network, solution, disabled, order, 6)
 */
export function peelInProportion(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array, maxHops: number): Peeled {
  const { active, share } = flowShares(network, solution, disabled, order);
  const width = share.slice();
  return peelPaths(network, active, width, maxHops, (path) => {
    let taken = Infinity;
    for (const i of path) taken = Math.min(taken, width[i]);
    for (const i of path) width[i] -= taken;
    return { share: taken, inputs: path.map((i) => (taken * solution.delta[i]) / share[i]) };
  });
}

/**
 * The active trades in a topological order of the flow, and each one's share of the source's input when every token's
 * throughput is divided among its trades in proportion to their inputs.
 */
function flowShares(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array): { active: number[]; share: Float64Array } {
  const { trades } = network;
  const n = network.tokens.length;
  const used: number[] = [];
  for (let i = 0; i < trades.count; i++) if (disabled[i] === 0 && solution.delta[i] > 0) used.push(i);
  const rank = flowRank(network, used, order);
  // A trade against the rank lies on a cycle of the flow: left out, as a path cannot take it.
  const active = used.filter((i) => trades.to[i] < 0 || rank[trades.from[i]] < rank[trades.to[i]]);
  const outflow = new Float64Array(n);
  for (const i of active) outflow[trades.from[i]] += solution.delta[i];
  active.sort((a, b) => rank[trades.from[a]] - rank[trades.from[b]]);
  const through = new Float64Array(n);
  through[network.source] = 1;
  const share = new Float64Array(trades.count);
  for (const i of active) {
    share[i] = (through[trades.from[i]] * solution.delta[i]) / outflow[trades.from[i]];
    if (trades.to[i] >= 0) through[trades.to[i]] += share[i];
  }
  return { active, share };
}

/**
 * Each slot's place in a topological order of the `used` trades: next, of the slots whose inputs are all placed, the
 * one highest in `order` (the source first). The enabled trades go down the order they were solved in, which this
 * then is; but the peel scans trades in this order and traces paths back by their hop counts, so a trade against it
 * would make it trace a path that is none and take it again and again. Where no slot is free (a cycle), the highest
 * is placed anyway.
 */
function flowRank(network: FlowNetwork, used: number[], order: Float64Array): Int32Array {
  const n = network.tokens.length;
  const { from, to } = network.trades;
  const inputsLeft = new Int32Array(n);
  const next: number[][] = network.tokens.map(() => []);
  for (const i of used) if (to[i] >= 0) inputsLeft[to[i]]++, next[from[i]].push(to[i]);
  const free = (slot: number) => inputsLeft[slot] === 0;
  const rank = new Int32Array(n).fill(-1);
  for (let place = 0; place < n; place++) {
    let pick = -1;
    for (let slot = 0; slot < n; slot++) {
      if (rank[slot] >= 0) continue;
      if (pick < 0 || (free(slot) && !free(pick)) || (free(slot) === free(pick) && order[slot] > order[pick])) pick = slot;
    }
    rank[pick] = place;
    for (const v of next[pick]) inputsLeft[v]--;
  }
  return rank;
}

/**
 * Takes the widest path of at most `maxHops` trades (the one whose narrowest `width` is largest) from the source to
 * the target, over `active` trades in topological order, until none is as wide as MIN_PEEL_SHARE or MAX_PEELED_PATHS
 * are taken; `take` removes a path from the widths and says what share of the input it carries and its inputs.
 */
function peelPaths(network: FlowNetwork, active: number[], width: Float64Array, maxHops: number, take: (path: number[]) => { share: number; inputs: number[] }): Peeled {
  const { trades } = network;
  const n = network.tokens.length;
  // widest[h·(n + 1) + v]: the largest bottleneck of a path of h trades from the source to slot v (n: the target),
  // and via[…] its last trade.
  const slots = n + 1;
  const widest = new Float64Array((maxHops + 1) * slots);
  const via = new Int32Array((maxHops + 1) * slots);
  const peeled: Peeled = { paths: [], shares: [], inputs: [] };
  // A trade narrower than MIN_PEEL_SHARE can be on no path worth peeling: it leaves the scan.
  const live = active.filter((i) => width[i] >= MIN_PEEL_SHARE);
  const fromSlot = trades.from;
  // The target's slot in the arrays below is n.
  const toSlot = new Int32Array(trades.count);
  for (let i = 0; i < trades.count; i++) toSlot[i] = trades.to[i] < 0 ? n : trades.to[i];
  // The widest path regardless of length, in one pass over the live trades in topological order: most flows peel
  // into short paths, and only when that path is too long does the search by hop count run.
  const anyWidth = new Float64Array(slots);
  const anyHops = new Int32Array(slots);
  const anyVia = new Int32Array(slots);
  const narrow = new Uint8Array(trades.count);
  let narrowCount = 0;
  while (peeled.paths.length < MAX_PEELED_PATHS && live.length > narrowCount) {
    anyWidth.fill(0);
    anyWidth[network.source] = Infinity;
    for (const i of live) {
      const w = Math.min(anyWidth[fromSlot[i]], width[i]);
      const to = toSlot[i];
      const hops = anyHops[fromSlot[i]] + 1;
      if (w > anyWidth[to] || (w === anyWidth[to] && w > 0 && hops < anyHops[to])) (anyWidth[to] = w), (anyHops[to] = hops), (anyVia[to] = i);
    }
    let path: number[];
    if (anyHops[n] <= maxHops) {
      if (!(anyWidth[n] >= MIN_PEEL_SHARE)) break;
      path = traceBack(anyHops[n], (_, slot) => anyVia[slot], fromSlot, n);
    } else {
      widest.fill(0);
      widest[network.source] = Infinity;
      let hops = 0;
      for (let h = 1; h <= maxHops; h++) {
        for (const i of live) {
          const w = Math.min(widest[(h - 1) * slots + fromSlot[i]], width[i]);
          const at = h * slots + toSlot[i];
          if (w > widest[at]) (widest[at] = w), (via[at] = i);
        }
        if (widest[h * slots + n] > widest[hops * slots + n]) hops = h;
      }
      if (hops === 0 || widest[hops * slots + n] < MIN_PEEL_SHARE) break;
      path = traceBack(hops, (h, slot) => via[h * slots + slot], fromSlot, n);
    }
    const { share, inputs } = take(path);
    if (share > 0) {
      peeled.paths.push(path);
      peeled.shares.push(share);
      peeled.inputs.push(inputs);
    }
    // Only the path's trades narrowed. The scan is compacted once an eighth of it has gone narrow: a narrow trade left in
    // it carries less than MIN_PEEL_SHARE to any slot, so no path it is on is taken, and no wider one loses to it.
    for (const i of path) if (width[i] < MIN_PEEL_SHARE && !narrow[i]) (narrow[i] = 1), narrowCount++;
    if (narrowCount * 8 > live.length) {
      let kept = 0;
      for (const i of live) if (narrow[i] === 0) live[kept++] = i;
      live.length = kept;
      narrowCount = 0;
    }
  }
  return peeled;
}

/** The path of `hops` trades ending at slot `target`, from the last trade into each slot (at each hop count). */
function traceBack(hops: number, lastInto: (hop: number, slot: number) => number, fromSlot: Int32Array, target: number): number[] {
  const path = new Array<number>(hops);
  for (let h = hops, slot = target; h > 0; h--) {
    path[h - 1] = lastInto(h, slot);
    slot = fromSlot[path[h - 1]];
  }
  return path;
}

/**
 * The inputs a path carries, trade by trade, when it takes the most input that lets none of its trades, after the
 * inputs `fed` before it, take more than it has `left`; and the trade that input fills (the last one that binds).
 * Forward, each trade takes the lesser of what arrives and what it has left; back from the trade that bound last, each
 * input is the one whose output is the next trade's input (the curve's inverse); then the path is replayed forward.
 */
function fillPath(trades: Trades, path: number[], fed: Float64Array, left: Float64Array): { amounts: number[]; filled: number } {
  const amounts = new Array<number>(path.length);
  const gain = (k: number, amount: number) => tradeOut(trades, path[k], fed[path[k]] + amount) - tradeOut(trades, path[k], fed[path[k]]);
  let arriving = Infinity;
  let filled = 0;
  for (let k = 0; k < path.length; k++) {
    if (left[path[k]] <= arriving) (arriving = left[path[k]]), (filled = k);
    amounts[k] = arriving;
    arriving = gain(k, arriving);
  }
  for (let k = filled - 1; k >= 0; k--) {
    const i = path[k];
    amounts[k] = Math.max(0, tradeIn(trades, i, tradeOut(trades, i, fed[i]) + amounts[k + 1]) - fed[i]);
  }
  for (let k = 1; k < path.length; k++) amounts[k] = gain(k - 1, amounts[k - 1]);
  return { amounts, filled };
}
