// The reference routing problem for one request, built independently of src/routing: every pool (of the platform)
// among the source, the target, the `majors` most liquid tokens and every neighbour of an end outside them, each pool
// direction as a trade with the reference's own curve (poolCurves.ts). Tokens that cannot carry flow from the source
// to the target without a round trip (fewer than two distinct neighbours in the set) are removed, repeatedly: that
// loses nothing, since a routing never passes a token twice.
import type { GraphView } from '../../src/graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../src/graph/layout.ts';
import { type Curve, curveOf } from './poolCurves.ts';

/** A directed trade through one pool: token u in, token v out (indices into ReferenceProblem.tokens). */
export interface Trade {
  pool: number;
  u: number;
  v: number;
  localIn: number;
  localOut: number;
  curve: Curve;
}

export interface ReferenceProblem {
  /** Graph token indices; tokens[0] is the source, tokens[1] the target. */
  tokens: number[];
  /** Every direction of every pool among the tokens (both ways: the solver orients them). */
  trades: Trade[];
  /** Value of one raw unit of each token in raw target units at the graph's prices (1 where unknown). */
  fairPrice: number[];
  /** Pools with three or more tokens in the set (their directions are solved as independent trades; see dualSolver). */
  multiTokenPools: number[];
}

/**
 * @example referenceProblem(graph, wpls, usdc, -1, 64)
 */
export function referenceProblem(graph: GraphView, from: number, to: number, platformCode: number, majors: number): ReferenceProblem {
  const allows = (pool: number) => platformCode < 0 || graph.poolPlatformCode(pool) === platformCode;
  const member = new Set<number>([from, to, ...graph.tokensByLiquidity().subarray(0, majors)]);
  // A major end's neighbours are mostly the long tail, reached through majors anyway: only a long-tail end brings its own.
  for (const end of [from, to]) {
    if (graph.tokenLiquidityRank()[end] >= majors) forEachPool(graph, end, allows, (pool) => graph.poolTokens(pool).forEach((t) => member.add(t)));
  }

  // Remove tokens with fewer than two distinct neighbours in the set until none is left.
  const neighbourCount = (token: number) => {
    const seen = new Set<number>();
    forEachPool(graph, token, allows, (pool) => graph.poolTokens(pool).forEach((t) => t !== token && member.has(t) && seen.add(t)));
    return seen.size;
  };
  let queue = [...member];
  while (queue.length > 0) {
    const next: number[] = [];
    for (const t of queue) {
      if (t === from || t === to || !member.has(t) || neighbourCount(t) >= 2) continue;
      member.delete(t);
      forEachPool(graph, t, allows, (pool) => graph.poolTokens(pool).forEach((n) => member.has(n) && next.push(n)));
    }
    queue = next;
  }

  const tokens = [from, to, ...[...member].filter((t) => t !== from && t !== to).sort((a, b) => a - b)];
  const index = new Map(tokens.map((t, i) => [t, i]));
  const targetPrice = graph.tokenNativePrice[to];
  const fairPrice = tokens.map((t) => (graph.tokenNativePrice[t] > 0 && targetPrice > 0 ? graph.tokenNativePrice[t] / targetPrice : 1));
  const trades: Trade[] = [];
  const multiTokenPools: number[] = [];
  const seen = new Set<number>();
  for (const token of tokens) {
    forEachPool(graph, token, allows, (pool) => {
      if (seen.has(pool)) return;
      seen.add(pool);
      const poolTokens = graph.poolTokens(pool);
      const inSet = [...poolTokens.keys()].filter((k) => index.has(poolTokens[k]));
      if (inSet.length > 2) multiTokenPools.push(pool);
      for (const a of inSet) {
        for (const b of inSet) {
          if (a === b) continue;
          const curve = curveOf(graph, pool, a, b);
          if (curve) trades.push({ pool, u: index.get(poolTokens[a])!, v: index.get(poolTokens[b])!, localIn: a, localOut: b, curve });
        }
      }
    });
  }
  return { tokens, trades, fairPrice, multiTokenPools };
}

function forEachPool(graph: GraphView, token: number, allows: (pool: number) => boolean, visit: (pool: number) => void): void {
  let previous = -1;
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    const pool = graph.edges[e * EDGE_STRIDE + EdgeField.pool];
    // A multi-token pool has an edge to each of its other tokens, so it can be visited more than once: callers
    // tolerate repeats.
    if (pool !== previous && allows(pool)) visit(pool);
    previous = pool;
  }
}
