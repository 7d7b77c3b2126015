// Column generation for the split optimiser: the path whose marginal output rate, at the pools' current flows, is
// the highest among every path of the pruned token set. When it beats the rate the current split has equalised to,
// adding it raises the output (the objective is concave); when none does, the split is optimal over every such path.
//
// The rate of a path is the product of its hops' marginal rates at the flow each pool direction already carries
// (a layered search, keeping the best few partial paths per token and hop count so that a path blocked by a repeated
// token still has an alternative).
import type { GraphView } from '../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../graph/layout.ts';
import type { Hop } from '../types.ts';
import type { CandidateTokens } from './candidatePaths.ts';
import { BestPerToken } from './bestPerToken.ts';
import { claim, directionKey, hopConflicts } from './pathEstimate.ts';

const KEEP_PER_TOKEN = 3;
/** Finite-difference step of a hop's marginal rate, relative to its flow (or to the trade when it carries none). */
const STEP = 1e-6;

interface Partial {
  token: number;
  rate: number;
  hops: Hop[];
}

/** Flow (float input) through each pool direction (by directionKey), and the use each pool is claimed for. */
export interface PoolFlows {
  input: Map<number, number>;
  claimed: Map<number, number>;
}

/** Float flows of `paths` at inputs `x`, executed in order. */
export function poolFlows(graph: GraphView, paths: readonly Hop[][], x: ArrayLike<number>): PoolFlows {
  const input = new Map<number, number>();
  const claimed = new Map<number, number>();
  // Every path claims its pools' uses, even one the optimiser left without input: it may get input again.
  for (const hops of paths) claim(claimed, hops);
  // Each direction's output at its input so far: a later path's share needs one estimate.
  const output = new Map<number, number>();
  paths.forEach((hops, i) => {
    let amount = x[i];
    for (const h of hops) {
      if (!(amount > 0)) return;
      const key = directionKey(h);
      const before = input.get(key) ?? 0;
      input.set(key, before + amount);
      const after = graph.estimateOut(h.pool, h.localIn, h.localOut, before + amount);
      amount = after - (before > 0 ? output.get(key)! : 0);
      output.set(key, after);
    }
  });
  return { input, claimed };
}

/**
 * The paths from `from` to `to` over `tokens` at `flows` with their rates (output per unit of input at the margin),
 * highest first, at most `count`; empty when no path can trade. `total` scales the probe on pools that carry no flow.
 * @example bestMarginalPaths(graph, wpls, usdc, tokens, flows, 1e24, -1, 4)[0].rate
 */
export function bestMarginalPaths(
  graph: GraphView,
  from: number,
  to: number,
  tokens: CandidateTokens,
  flows: PoolFlows,
  total: number,
  platformCode: number,
  count: number,
): { hops: Hop[]; rate: number }[] {
  // The `count` arrivals of highest rate, highest first (the earlier one first among equal rates).
  const arrivals = new BestPerToken<Partial>(count, (arrival) => arrival.rate);
  // A hop's marginal rate depends on its pool direction's flow, not on the path that reaches it (bar the probe step
  // from zero flow, scaled by the first path to reach it): computed once per edge.
  const rateOfEdge = new Map<number, number>();
  let frontier: Partial[] = [{ token: from, rate: 1, hops: [] }];
  for (let level = 1; level <= tokens.maxHops && frontier.length > 0; level++) {
    const remaining = tokens.maxHops - level;
    const kept = new BestPerToken<Partial>(KEEP_PER_TOKEN, (partial) => partial.rate);
    for (const partial of frontier) {
      for (let d = 0; d <= remaining; d++) {
        for (const next of tokens.tokensAt[d] ?? []) {
          if (next === from || partial.hops.some((h) => h.tokenIn === next)) continue;
          const end = graph.tokenEdgeStart[partial.token + 1];
          for (let e = graph.firstEdgeTo(partial.token, next); e >= 0 && e < end; e++) {
            const at = e * EDGE_STRIDE;
            if (graph.edges[at + EdgeField.tokenOut] !== next) break;
            const pool = graph.edges[at];
            if (platformCode >= 0 && graph.poolPlatformCode(pool) !== platformCode) continue;
            if (partial.hops.some((h) => h.pool === pool)) continue;
            let hopRateHere = rateOfEdge.get(e);
            if (hopRateHere === undefined) {
              const hop: Hop = { pool, tokenIn: partial.token, tokenOut: next, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] };
              // A pool serves one direction of one token pair across a split: a second use would trade against the first.
              hopRateHere = hopConflicts(flows.claimed, hop) ? 0 : hopRate(graph, hop, flows.input.get(directionKey(hop)) ?? 0, total * partial.rate);
              rateOfEdge.set(e, hopRateHere);
            }
            const rate = partial.rate * hopRateHere;
            if (!(rate > 0) || (next !== to && !kept.wouldKeep(next, rate))) continue;
            const hop: Hop = { pool, tokenIn: partial.token, tokenOut: next, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] };
            const extended: Partial = { token: next, rate, hops: [...partial.hops, hop] };
            if (next === to) {
              arrivals.add(extended);
            } else {
              kept.add(extended);
            }
          }
        }
      }
    }
    frontier = kept.all();
  }
  return arrivals.all().map((a) => ({ hops: a.hops, rate: a.rate }));
}

/** Marginal rate of one hop at input `flow` (central difference; forward from zero). */
function hopRate(graph: GraphView, h: Hop, flow: number, scale: number): number {
  const step = STEP * (flow > 0 ? flow : scale);
  if (!(step > 0)) return 0;
  const up = graph.estimateOut(h.pool, h.localIn, h.localOut, flow + step);
  if (!(up > 0)) return 0;
  if (flow > step) return (up - graph.estimateOut(h.pool, h.localIn, h.localOut, flow - step)) / (2 * step);
  return (up - (flow > 0 ? graph.estimateOut(h.pool, h.localIn, h.localOut, flow) : 0)) / step;
}
