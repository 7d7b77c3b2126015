// Planned shares of the input made exact: apportioned to the wei and executed in order (replaySplit). A path the exact
// maths rejects at its turn (dust that rounds to no output, a pool limit a float curve missed) is dropped and the input
// shared among the others; a split whose gas exceeds the cap drops its smallest shares, as many as the excess gas
// needs. Copies of one path run as one leg.
import type { GraphView } from '../../graph/graphView.ts';
import type { Hop } from '../types.ts';
import { apportion } from './apportion.ts';
import { hopsKey } from './pathEstimate.ts';
import { replaySplit } from './simulateSplit.ts';
import type { SplitLeg } from './types.ts';

/** Replays before giving up: each one drops every path that failed in it, or trims to the gas cap. */
const MAX_REPLAYS = 12;
/**
 * A trimmed split aims this far below the gas cap, as dropping paths also changes the others' tick crossings (a replay
 * still over the cap trims again).
 */
const GAS_MARGIN = 0.995;

export interface GasCap {
  /** Estimated gas of executing these legs as one transaction. */
  gasUnits?: (legs: SplitLeg[]) => number;
  maxGasUnits?: number;
}

/**
 * The legs of `paths` with `weights` (non-negative, any scale) of `amountIn`, executed in order; null when no subset
 * executes within MAX_REPLAYS.
 * @example executeShares(graph, [pathA, pathB], [3n, 1n], 10n ** 21n, { gasUnits, maxGasUnits: 15_000_000 })
 */
export function executeShares(graph: GraphView, given: readonly Hop[][], givenWeights: readonly bigint[], amountIn: bigint, cap: GasCap = {}): SplitLeg[] | null {
  const { paths, weights } = mergeIdentical(given, givenWeights);
  let kept = paths.map((_, i) => i).filter((i) => weights[i] > 0n);
  for (let replay = 0; replay < MAX_REPLAYS && kept.length > 0; replay++) {
    const amounts = apportion(kept.map((i) => weights[i]), amountIn);
    const { legs, failed } = replaySplit(graph, kept.map((i) => paths[i]), amounts);
    if (failed.length > 0) {
      kept = kept.filter((_, k) => !failed.includes(k));
      continue;
    }
    const gas = cap.gasUnits && cap.maxGasUnits !== undefined && legs.length > 1 ? cap.gasUnits(legs) : 0;
    if (cap.maxGasUnits === undefined || gas <= cap.maxGasUnits) return legs;
    const dropped = smallestOverGas(kept, paths, weights, gas - cap.maxGasUnits * GAS_MARGIN, gas);
    kept = kept.filter((i) => !dropped.has(i));
  }
  return null;
}

/**
 * The fewest smallest shares whose gas covers `excess`, each path's gas taken as its hops' part of the split's `gas`
 * (a count in proportion to the cap, with a margin of a few percent, drops several legs more than needed). At least
 * one path stays.
 */
function smallestOverGas(kept: number[], paths: readonly Hop[][], weights: readonly bigint[], excess: number, gas: number): Set<number> {
  const hops = kept.reduce((total, i) => total + paths[i].length, 0);
  const smallestFirst = [...kept].sort((a, b) => (weights[a] < weights[b] ? -1 : weights[a] > weights[b] ? 1 : b - a));
  const dropped = new Set<number>();
  for (let k = 0, covered = 0; k < smallestFirst.length - 1 && covered < excess; k++) {
    dropped.add(smallestFirst[k]);
    covered += (gas * paths[smallestFirst[k]].length) / hops;
  }
  return dropped;
}

/** One path per route, at its first place, with the weights of its copies summed: a copy would only cost gas. */
function mergeIdentical(paths: readonly Hop[][], weights: readonly bigint[]): { paths: Hop[][]; weights: bigint[] } {
  const at = new Map<string, number>();
  const merged: { paths: Hop[][]; weights: bigint[] } = { paths: [], weights: [] };
  paths.forEach((hops, i) => {
    const key = hopsKey(hops);
    const first = at.get(key);
    if (first !== undefined) {
      merged.weights[first] += weights[i];
      return;
    }
    at.set(key, merged.paths.length);
    merged.paths.push(hops);
    merged.weights.push(weights[i]);
  });
  return merged;
}
