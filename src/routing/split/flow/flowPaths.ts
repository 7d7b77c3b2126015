// The optimal flow as paths for the router, which executes paths one after another: the flow cut into paths (peel.ts),
// those a transaction within the gas cap takes, then shares that make the sequential execution trade what the flow
// planned.
import { worthKeeping } from '../minShare.ts';
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';
import type { PathGas } from './pathGas.ts';
import { MAX_PEELED_PATHS, type Peeled, peelInOrder, peelInProportion } from './peel.ts';
import { tradeOut } from './trades.ts';

/**
 * When the peel in execution order runs out of paths (before MAX_PEELED_PATHS) with more than this share of the input
 * unplaced, the peel in proportion is fitted too and the better kept: the unplaced input is spread over the paths by
 * scaling their shares, which can take them far from the flow (a long-tail token's price-moving trade whose in-order
 * peel placed 63% of the input answered 0.9% less without the other).
 */
const UNPLACED_SHARE = 1e-3;
/** Rounds of the share correction (each one float pass over the paths). */
const SEQUENTIAL_ROUNDS = 6;
/**
 * An earlier round of the share correction is kept over the last only when its output on the flow's curves is higher
 * by more than this share (a basis point). Where the fitting converges, the later round fits the planned inputs
 * closer, and the answers that start from it are as good or better: on the routing-quality cases, keeping any
 * higher round moved a time-bound WPLS to USDC $10,000 answer from 99.9973% of the bound to 99.9947%.
 */
const EARLIER_ROUND_GAIN = 1e-4;
/**
 * The fitting stops once every trade's replayed input is within this share of its planned one: the output then
 * differs from the flow's by less than a hundredth of a basis point (a peel in execution order starts there).
 */
const FITTED = 1e-6;

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
 * The flow's paths of at most `maxHops` trades: peeled from the flow in execution order (and in proportion too when
 * that leaves input unplaced, the better fit kept), those a transaction within the gas cap takes (all of them without
 * `gas`), then shares fitted to sequential execution.
 * @example flowPaths(network, solveDual(network, disabled, prices), disabled, network.order, 4)
 */
export function flowPaths(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, order: Float64Array, maxHops: number, gas?: PathGas): FlowPaths {
  const fitted = (peeled: Peeled) => {
    const taken = withinCap(peeled, gas);
    return { peeled: taken, ...sequentialShares(network, taken.paths, taken.shares, taken.inputs) };
  };
  const inOrder = peelInOrder(network, solution, disabled, order, maxHops);
  let best = fitted(inOrder);
  const placed = inOrder.shares.reduce((sum, share) => sum + share, 0);
  if (placed < 1 - UNPLACED_SHARE && inOrder.paths.length < MAX_PEELED_PATHS) {
    const inProportion = fitted(peelInProportion(network, solution, disabled, order, maxHops));
    if (inProportion.output > best.output) best = inProportion;
  }
  const { peeled, shares, yields, output: fittedOutput } = best;
  const { trades } = network;
  // The fitting can take a path below the smallest share; with gas priced, the path optimiser's dropping then weighs
  // the gas of those it keeps for what they yield.
  const kept = shares.map((_, p) => p).filter((p) => worthKeeping(shares[p], 1, () => yields[p], fittedOutput));
  const sum = kept.reduce((total, p) => total + shares[p], 0);
  const paths = kept.map((p) => peeled.paths[p]);
  const keptShares = kept.map((p) => shares[p] / sum);
  const output = replayOnCurves(network, paths, keptShares, new Float64Array(trades.count), new Float64Array(trades.count));
  return { paths, shares: keptShares, capped: peeled.capped, gas: peeled.gas, output };
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
  const { paths, shares, inputs } = peeled;
  const density = paths.map((path, p) => shares[p] / gas.alone(path, inputs[p]));
  const offered = [...paths.keys()].sort((a, b) => density[b] - density[a] || a - b);
  const count = gas.count();
  const kept = new Uint8Array(paths.length);
  let keptCount = 0;
  for (const p of offered) if (count.fits(paths[p], inputs[p])) (kept[p] = 1), keptCount++;
  if (keptCount === paths.length) return { ...peeled, capped: false, gas: count.spent() };
  if (keptCount === 0) return { paths: paths.slice(0, 1), shares: shares.slice(0, 1), inputs: inputs.slice(0, 1), capped: true, gas: count.spent() };
  const taken = [...paths.keys()].filter((p) => kept[p] === 1);
  return { paths: taken.map((p) => paths[p]), shares: taken.map((p) => shares[p]), inputs: taken.map((p) => inputs[p]), capped: true, gas: count.spent() };
}

/** Shares fitted to sequential execution, with each path's output and the total output (normalised units) at them. */
interface FittedShares {
  shares: number[];
  yields: Float64Array;
  output: number;
}

/**
 * Shares for sequential execution. What the output depends on is each trade's total input, and the peeled paths
 * carry their planned inputs (`inputs`) only as peeled: not once the gas cap has left some out, nor where the peel
 * left input unplaced (the shares are then scaled to the whole input), nor for a peel in proportion (peel.ts). So the
 * shares are fitted to those totals (iterative proportional fitting): each round replays the paths in order on the
 * flow's curves (a pool gives each path the output between the cumulative inputs before and after it), then scales
 * each path's share by the geometric mean, over its trades, of planned over replayed total input.
 *
 * The fitting need not converge. Where a trade moves a pool's price far and its paths part after it, the first path's
 * branch gets many times its planned input, and the rounds can swing (a long-tail token's $30,000 into WPLS on the
 * default snapshot, from shares in proportion: 4.82, 5.38, 5.45, 4.93, 4.78, 5.05 and 5.33 × 10²⁴ raw units of
 * WPLS). So every round's shares are replayed, and the last round's are kept unless an earlier round's output beats
 * theirs by more than EARLIER_ROUND_GAIN.
 */
function sequentialShares(network: FlowNetwork, paths: number[][], shares: number[], inputs: number[][]): FittedShares {
  const { trades } = network;
  const sum = shares.reduce((a, b) => a + b, 0);
  let current = shares.map((s) => s / sum);
  const planned = new Float64Array(trades.count);
  paths.forEach((path, p) => path.forEach((i, k) => (planned[i] += inputs[p][k] / sum)));
  const fedIn = new Float64Array(trades.count);
  const fedOut = new Float64Array(trades.count);
  const yields = new Float64Array(paths.length);
  const best: FittedShares = { shares: current, yields: new Float64Array(paths.length), output: -Infinity };
  for (let round = 0; ; round++) {
    const output = replayOnCurves(network, paths, current, fedIn, fedOut, yields);
    if (round === SEQUENTIAL_ROUNDS || fits(paths, planned, fedIn)) return best.output > output * (1 + EARLIER_ROUND_GAIN) ? best : { shares: current, yields, output };
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

/** Whether every trade of the paths was fed its planned input, within FITTED. */
function fits(paths: number[][], planned: Float64Array, fedIn: Float64Array): boolean {
  for (const path of paths) for (const i of path) if (!(Math.abs(fedIn[i] - planned[i]) <= FITTED * planned[i])) return false;
  return true;
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
