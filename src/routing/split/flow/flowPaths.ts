// The optimal flow as paths for the router, which executes paths one after another: a decomposition of the flow into
// paths, then shares that make the sequential execution trade what the flow planned.
import { worthKeeping } from '../minShare.ts';
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';
import type { PathGas } from './pathGas.ts';
import { tradeOut } from './trades.ts';

/**
 * Paths carrying less than this share of the input are not peeled: far below MIN_SPLIT_SHARE, as what a path yields
 * is known only after the share fitting (which then drops the paths not worth keeping), and far above the float
 * residue that peeling leaves on emptied trades.
 */
const MIN_PEEL_SHARE = 1e-9;
/** Most paths peeled. */
const MAX_PATHS = 160;
/** Rounds of the share correction (each one float pass over the paths). */
const SEQUENTIAL_ROUNDS = 6;
/**
 * An earlier round of the share correction is kept over the last only when its output on the flow's curves is higher
 * by more than this share (a basis point). Where the fitting converges, the later round fits the planned inputs
 * closer, and the answers that start from it are as good or better: on the routing-quality cases, keeping any
 * higher round moved a time-bound WPLS to USDC $10,000 answer from 99.9973% of the bound to 99.9947%.
 */
const EARLIER_ROUND_GAIN = 1e-4;

/** Paths as trade indices of the network, with their shares of the input (summing to 1). */
export interface FlowPaths {
  paths: number[][];
  shares: number[];
  /** Whether the gas cap left paths out (the paths then carry less than the whole flow). */
  capped: boolean;
  /** Gas of a transaction over the paths kept within the cap (before the share fitting; 0 without a cap). */
  gas: number;
  /** The output (normalised units) of the paths with these shares, executed in order on the flow's curves. */
  output: number;
}

/**
 * The flow's paths of at most `maxHops` trades: peeled from the flow, those a transaction within the gas cap takes
 * (all of them without `gas`), then shares fitted to sequential execution.
 * @example flowPaths(network, solveDual(network, disabled, prices), disabled, network.order, 4)
 */
export function flowPaths(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array, maxHops: number, gas?: PathGas): FlowPaths {
  const peeled = withinCap(peel(network, solution, disabled, order, maxHops), gas);
  const { shares, yields, output: fitted } = sequentialShares(network, peeled.paths, peeled.shares, peeled.inputPerShare);
  const { trades } = network;
  // The fitting can take a path below the smallest share; with gas priced, the path optimiser's dropping then weighs
  // the gas of those it keeps for what they yield.
  const kept = shares.map((_, p) => p).filter((p) => worthKeeping(shares[p], 1, () => yields[p], fitted));
  const sum = kept.reduce((total, p) => total + shares[p], 0);
  const paths = kept.map((p) => peeled.paths[p]);
  const keptShares = kept.map((p) => shares[p] / sum);
  const output = replayOnCurves(network, paths, keptShares, new Float64Array(trades.count), new Float64Array(trades.count));
  return { paths, shares: keptShares, capped: peeled.capped, gas: peeled.gas, output };
}

/** Peeled paths with their shares, and each trade's planned input per unit of share (see peel). */
interface Peeled {
  paths: number[][];
  shares: number[];
  inputPerShare: Float64Array;
}

/**
 * The peeled paths a transaction within the gas cap takes, in peeling order. Keeping a path costs gas whatever it
 * carries, so this is a knapsack: the paths are offered by falling share of the flow per unit of the gas each adds
 * alone (greedy by density), each taken if it fits and skipped if not. Taken widest first, a wide path through a
 * costly hop (a stable pool's, a fourth hop) would fill the cap that several cheaper ones use for more of the flow.
 * When no path fits, the widest is kept alone (the exact replay holds the transaction to the cap).
 */
function withinCap(peeled: Peeled, gas: PathGas | undefined): Peeled & { capped: boolean; gas: number } {
  if (!gas) return { ...peeled, capped: false, gas: 0 };
  const { paths, shares, inputPerShare } = peeled;
  const inputs = paths.map((path, p) => path.map((i) => shares[p] * inputPerShare[i]));
  const density = paths.map((path, p) => shares[p] / gas.alone(path, inputs[p]));
  const offered = [...paths.keys()].sort((a, b) => density[b] - density[a] || a - b);
  const count = gas.count();
  const kept = new Uint8Array(paths.length);
  let keptCount = 0;
  for (const p of offered) if (count.fits(paths[p], inputs[p])) (kept[p] = 1), keptCount++;
  if (keptCount === paths.length) return { ...peeled, capped: false, gas: count.spent() };
  if (keptCount === 0) return { paths: paths.slice(0, 1), shares: shares.slice(0, 1), inputPerShare, capped: true, gas: count.spent() };
  const taken = [...paths.keys()].filter((p) => kept[p] === 1);
  return { paths: taken.map((p) => paths[p]), shares: taken.map((p) => shares[p]), inputPerShare, capped: true, gas: count.spent() };
}

/**
 * Peeling: each token's throughput is divided among its active trades in proportion to their inputs (so the flow is
 * conserved at every token), then the widest path of at most `maxHops` hops (the one whose smallest trade carries
 * most) is taken out with that share, until what is left is below MIN_PEEL_SHARE or MAX_PATHS are found. Each peel
 * empties at least one trade, so a flow over k trades needs at most k paths. `inputPerShare[i]`: trade i's planned
 * input (normalised units) per unit of the source's input routed through it.
 */
function peel(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array, maxHops: number): Peeled {
  const { trades } = network;
  const n = network.tokens.length;
  const outflow = new Float64Array(n);
  const active: number[] = [];
  for (let i = 0; i < trades.count; i++) {
    if (disabled[i] !== 0 || !(solution.delta[i] > 0)) continue;
    active.push(i);
    outflow[trades.from[i]] += solution.delta[i];
  }
  // Enabled trades go down `order` (the source highest): that is a topological order of the flow.
  const rank = new Int32Array(n);
  [...rank.keys()].sort((a, b) => order[b] - order[a] || a - b).forEach((slot, k) => (rank[slot] = k));
  active.sort((a, b) => rank[trades.from[a]] - rank[trades.from[b]]);
  const through = new Float64Array(n);
  through[network.source] = 1;
  const flow = new Float64Array(trades.count);
  const inputPerShare = new Float64Array(trades.count);
  for (const i of active) {
    flow[i] = (through[trades.from[i]] * solution.delta[i]) / outflow[trades.from[i]];
    inputPerShare[i] = solution.delta[i] / flow[i];
    if (trades.to[i] >= 0) through[trades.to[i]] += flow[i];
  }
  // widest[h·(n + 1) + v]: the largest bottleneck of a path of h trades from the source to slot v (n: the target),
  // and via[…] its last trade.
  const width = n + 1;
  const widest = new Float64Array((maxHops + 1) * width);
  const via = new Int32Array((maxHops + 1) * width);
  const paths: number[][] = [];
  const shares: number[] = [];
  // A trade left with less than MIN_PEEL_SHARE can be on no path worth peeling: it leaves the scan.
  const live = active.filter((i) => flow[i] >= MIN_PEEL_SHARE);
  const fromSlot = trades.from;
  // The target's slot in the arrays below is n.
  const toSlot = new Int32Array(trades.count);
  for (let i = 0; i < trades.count; i++) toSlot[i] = trades.to[i] < 0 ? n : trades.to[i];
  // The widest path regardless of length, in one pass over the live trades in topological order: most flows peel
  // into short paths, and only when that path is too long does the search by hop count run.
  const anyWidth = new Float64Array(width);
  const anyHops = new Int32Array(width);
  const anyVia = new Int32Array(width);
  while (paths.length < MAX_PATHS) {
    anyWidth.fill(0);
    anyWidth[network.source] = Infinity;
    for (const i of live) {
      const w = Math.min(anyWidth[fromSlot[i]], flow[i]);
      const to = toSlot[i];
      const hops = anyHops[fromSlot[i]] + 1;
      if (w > anyWidth[to] || (w === anyWidth[to] && w > 0 && hops < anyHops[to])) (anyWidth[to] = w), (anyHops[to] = hops), (anyVia[to] = i);
    }
    let path: number[];
    let share: number;
    if (anyHops[n] <= maxHops) {
      share = anyWidth[n];
      if (!(share >= MIN_PEEL_SHARE)) break;
      path = traceBack(anyHops[n], (_, slot) => anyVia[slot], fromSlot, n);
    } else {
      widest.fill(0);
      widest[network.source] = Infinity;
      let hops = 0;
      for (let h = 1; h <= maxHops; h++) {
        for (const i of live) {
          const w = Math.min(widest[(h - 1) * width + fromSlot[i]], flow[i]);
          const at = h * width + toSlot[i];
          if (w > widest[at]) (widest[at] = w), (via[at] = i);
        }
        if (widest[h * width + n] > widest[hops * width + n]) hops = h;
      }
      share = widest[hops * width + n];
      if (hops === 0 || share < MIN_PEEL_SHARE) break;
      path = traceBack(hops, (h, slot) => via[h * width + slot], fromSlot, n);
    }
    for (const i of path) flow[i] -= share;
    paths.push(path);
    shares.push(share);
    let kept = 0;
    for (const i of live) if (flow[i] >= MIN_PEEL_SHARE) live[kept++] = i;
    live.length = kept;
  }
  return { paths, shares, inputPerShare };
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

/** Shares fitted to sequential execution, with each path's output and the total output (normalised units) at them. */
interface FittedShares {
  shares: number[];
  yields: Float64Array;
  output: number;
}

/**
 * Shares for sequential execution. Executed one after another, paths that share a pool do not get the same rate from
 * it: the first gets the pool's best prices. Where such paths part after the pool, the shares the flow gives them
 * would send more than planned down the first one's branch. What the output depends on is each trade's total input,
 * so the shares are fitted to those (iterative proportional fitting): each round replays the paths in order on the
 * flow's curves (a pool gives each path the output between the cumulative inputs before and after it), then scales
 * each path's share by the geometric mean, over its trades, of planned over replayed total input.
 *
 * The fitting need not converge. Where a trade moves a pool's price far and its paths part after it, the first path's
 * branch gets many times its planned input, and the rounds can swing (a long-tail token's $30,000 into WPLS on the
 * default snapshot: 4.82, 5.38, 5.45, 4.93, 4.78, 5.05 and 5.33 × 10²⁴ raw units of WPLS, from the peeled shares on).
 * So every round's shares are replayed, and the last round's are kept unless an earlier round's output beats theirs
 * by more than EARLIER_ROUND_GAIN.
 */
function sequentialShares(network: FlowNetwork, paths: number[][], shares: number[], inputPerShare: Float64Array): FittedShares {
  const { trades } = network;
  const sum = shares.reduce((a, b) => a + b, 0);
  let current = shares.map((s) => s / sum);
  const planned = new Float64Array(trades.count);
  paths.forEach((path, p) => path.forEach((i) => (planned[i] += current[p] * inputPerShare[i])));
  const fedIn = new Float64Array(trades.count);
  const fedOut = new Float64Array(trades.count);
  const yields = new Float64Array(paths.length);
  const best: FittedShares = { shares: current, yields: new Float64Array(paths.length), output: -Infinity };
  for (let round = 0; ; round++) {
    const output = replayOnCurves(network, paths, current, fedIn, fedOut, yields);
    if (round === SEQUENTIAL_ROUNDS) return best.output > output * (1 + EARLIER_ROUND_GAIN) ? best : { shares: current, yields, output };
    if (output > best.output) {
      best.shares = current;
      best.yields.set(yields);
      best.output = output;
    }
    const scaled = current.map((share, p) => {
      let logRatio = 0;
      for (const i of paths[p]) logRatio += Math.log(planned[i] / fedIn[i]);
      const factor = Math.exp(logRatio / paths[p].length);
      return Number.isFinite(factor) ? share * factor : share;
    });
    const scaledSum = scaled.reduce((a, b) => a + b, 0);
    current = scaled.map((s) => s / scaledSum);
  }
}

/**
 * The paths with `shares` of the input executed in order on the flow's curves (a pool gives each path the output
 * between its cumulative inputs before and after it); returns the output at the target (normalised units) and leaves
 * each trade's total input and output in `fedIn` and `fedOut`, and each path's output in `yields` when given.
 */
function replayOnCurves(network: FlowNetwork, paths: number[][], shares: readonly number[], fedIn: Float64Array, fedOut: Float64Array, yields?: Float64Array): number {
  const { trades, total } = network;
  fedIn.fill(0);
  fedOut.fill(0);
  let output = 0;
  for (let p = 0; p < paths.length; p++) {
    let amount = shares[p] * total;
    for (const i of paths[p]) {
      if (!(amount > 0)) break;
      const after = tradeOut(trades, i, fedIn[i] + amount);
      fedIn[i] += amount;
      amount = after - fedOut[i];
      fedOut[i] = after;
    }
    if (amount > 0) output += amount;
    if (yields) yields[p] = amount > 0 ? amount : 0;
  }
  return output;
}
