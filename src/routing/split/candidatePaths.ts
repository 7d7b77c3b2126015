// Candidate paths for split routing: a K-best variant of the single-path search. Every token keeps its `keepPerToken`
// best partial paths per hop count (by float amount reached), so parallel pools and second-best intermediates survive
// to be split across; paths are pruned to tokens that can still reach the target within the hops left.
//
// Intermediates keep the work independent of the long tail's size (as in findBestPath): the `connectors` most liquid
// tokens, the tokens of the deepest pools of the source and of the target, and any token pooled with both ends when
// one end has few pools.
import type { GraphView } from '../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../graph/layout.ts';
import type { Hop } from '../types.ts';
import { BestPerToken } from './bestPerToken.ts';
import { claim, conflictsWith, hopsKey, pathEstimate } from './pathEstimate.ts';
import type { SplitOptions } from './types.ts';

const NOT_REACHED = 255;
/** Beyond this many pools on both ends the walk for common neighbours is skipped (hubs route through connectors). */
const COMMON_NEIGHBOUR_WALK_LIMIT = 256;
/**
 * Each end's tokens through its deepest pools join the searched ones, whether the end is a connector or not: a token
 * ranked just inside the connectors must not lose the neighbours it would have had just outside them.
 */
const END_NEIGHBOURS = 64;
/** Second ranking amount, as a share of the input: paths that are good for a slice of the trade. */
const SLICE = 0.1;

interface Partial {
  token: number;
  amount: number;
  hops: Hop[];
}

interface Search {
  graph: GraphView;
  from: number;
  to: number;
  options: SplitOptions;
  rank: Int32Array;
  dist: Uint8Array;
  extra: Set<number>;
  /** tokensAt[d]: allowed tokens at exactly distance d from the target. */
  tokensAt: number[][];
}

/** The tokens a split may route through, by hop distance to the target (tokensAt[0] is the target). */
export interface CandidateTokens {
  maxHops: number;
  tokensAt: number[][];
}

/**
 * Up to `options.maxPaths` candidate paths from `from` to `to` for `amountIn` (float), seed paths first, the rest
 * ranked by float output for the whole input and for a tenth of it (no two candidates use one pool for different
 * directions or token pairs: that would trade against the other use), with the token set searched, for later column
 * generation over the same tokens.
 * @example candidateSearch(graph, wpls, usdc, 1e21, { maxHops: 4, platformCode: -1, connectors: 32, keepPerToken: 3, maxPaths: 12 }).paths
 */
export function candidateSearch(graph: GraphView, from: number, to: number, amountIn: number, options: SplitOptions): { paths: Hop[][]; tokens: CandidateTokens } {
  const maxHops = Math.min(options.maxHops, 4);
  if (from === to || !(amountIn > 0) || maxHops < 1) return { paths: [], tokens: { maxHops: 0, tokensAt: [] } };
  const search: Search = {
    graph,
    from,
    to,
    options,
    rank: graph.tokenLiquidityRank(),
    dist: new Uint8Array(graph.tokenCount).fill(NOT_REACHED),
    extra: new Set(),
    tokensAt: [],
  };
  allowEndNeighbours(search);
  // A seed path's tokens: routes another search found worth taking.
  for (const seed of options.seedPaths ?? []) for (const hop of seed) search.extra.add(hop.tokenOut);
  markDistances(search, maxHops - 1);
  const arrivals = searchPaths(search, amountIn, maxHops);
  return { paths: selectCandidates(graph, arrivals, amountIn, options), tokens: { maxHops, tokensAt: search.tokensAt } };
}

function isConnector(search: Search, token: number): boolean {
  return search.rank[token] < search.options.connectors;
}

function allowed(search: Search, token: number): boolean {
  return isConnector(search, token) || search.extra.has(token);
}

function platformAllows(search: Search, pool: number): boolean {
  return search.options.platformCode < 0 || search.graph.poolPlatformCode(pool) === search.options.platformCode;
}

function degree(graph: GraphView, token: number): number {
  return graph.tokenEdgeStart[token + 1] - graph.tokenEdgeStart[token];
}

function neighbours(search: Search, token: number): number[] {
  const { graph } = search;
  const list: number[] = [];
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    const next = graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut];
    if (list[list.length - 1] !== next && platformAllows(search, graph.edges[e * EDGE_STRIDE])) list.push(next);
  }
  return list;
}

function allowEndNeighbours(search: Search): void {
  const { graph, from, to } = search;
  for (const end of [from, to]) for (const t of deepestNeighbours(search, end, END_NEIGHBOURS)) search.extra.add(t);
  const [small, large] = degree(graph, from) <= degree(graph, to) ? [from, to] : [to, from];
  if (degree(graph, small) > COMMON_NEIGHBOUR_WALK_LIMIT) return;
  for (const middle of neighbours(search, small)) {
    if (middle !== large && hasPoolBetween(search, large, middle)) search.extra.add(middle);
  }
}

/** The other tokens of `token`'s `count` deepest pools (every neighbour of a token with few pools). */
function deepestNeighbours(search: Search, token: number, count: number): number[] {
  const { graph } = search;
  // One pass keeping the deepest `count` edges in order (a hub has thousands of pools; sorting them all is slower).
  const edges: number[] = [];
  const depths: number[] = [];
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    const pool = graph.edges[e * EDGE_STRIDE];
    const depth = graph.poolLiquidity[pool];
    if ((edges.length === count && !(depth > depths[count - 1])) || !platformAllows(search, pool)) continue;
    let at = edges.length;
    while (at > 0 && depths[at - 1] < depth) at--;
    edges.splice(at, 0, e);
    depths.splice(at, 0, depth);
    if (edges.length > count) edges.pop(), depths.pop();
  }
  return edges.map((e) => graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]);
}

function hasPoolBetween(search: Search, a: number, b: number): boolean {
  const { graph } = search;
  const end = graph.tokenEdgeStart[a + 1];
  for (let e = graph.firstEdgeTo(a, b); e >= 0 && e < end; e++) {
    if (graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] !== b) break;
    if (platformAllows(search, graph.edges[e * EDGE_STRIDE])) return true;
  }
  return false;
}

/** Hop distance to the target, up to `depth`, for the allowed intermediates and the source. */
function markDistances(search: Search, depth: number): void {
  const { dist, to, from, graph } = search;
  dist[to] = 0;
  search.tokensAt = [[to]];
  const pool: number[] = [from, ...search.extra];
  const connectors = graph.tokensByLiquidity();
  for (let i = 0; i < Math.min(search.options.connectors, connectors.length); i++) pool.push(connectors[i]);
  for (let d = 1; d <= depth; d++) {
    const level: number[] = [];
    const previous = search.tokensAt[d - 1];
    for (const token of pool) {
      if (dist[token] !== NOT_REACHED || (token !== from && !allowed(search, token))) continue;
      if (previous.some((next) => hasPoolBetween(search, token, next))) level.push(token);
    }
    for (const token of level) dist[token] = d;
    search.tokensAt.push(level);
  }
}

/** Float K-best search; returns every path reaching the target with its float output. */
function searchPaths(search: Search, amountIn: number, maxHops: number): Partial[] {
  const { graph, to, from, dist, options } = search;
  const arrivals: Partial[] = [];
  let frontier: Partial[] = [{ token: from, amount: amountIn, hops: [] }];
  for (let level = 1; level <= maxHops && frontier.length > 0; level++) {
    const remaining = maxHops - level;
    const best = new BestPerToken<Partial>(options.keepPerToken, (partial) => partial.amount);
    const consider = (partial: Partial, edge: number) => {
      const at = edge * EDGE_STRIDE;
      const pool = graph.edges[at];
      const next = graph.edges[at + EdgeField.tokenOut];
      if (next === from || !platformAllows(search, pool) || partial.hops.some((h) => h.tokenIn === next || h.pool === pool)) return;
      const out = graph.estimateOut(pool, graph.edges[at + EdgeField.localIn], graph.edges[at + EdgeField.localOut], partial.amount);
      // Most extensions lose to the kept ones of their token: built only when kept.
      if (!(out > 0) || (next !== to && !best.wouldKeep(next, out))) return;
      const hop: Hop = { pool, tokenIn: partial.token, tokenOut: next, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] };
      const extended: Partial = { token: next, amount: out, hops: [...partial.hops, hop] };
      if (next === to) arrivals.push(extended);
      else best.add(extended);
    };
    for (const partial of frontier) {
      const token = partial.token;
      let reachable = 0;
      for (let d = 0; d <= remaining; d++) reachable += search.tokensAt[d]?.length ?? 0;
      if (reachable * (Math.log2(degree(graph, token)) + 1) < degree(graph, token)) {
        for (let d = 0; d <= remaining; d++) {
          for (const next of search.tokensAt[d] ?? []) forEachEdgeBetween(graph, token, next, (e) => consider(partial, e));
        }
      } else {
        for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
          if (dist[graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]] <= remaining) consider(partial, e);
        }
      }
    }
    frontier = best.all();
  }
  return arrivals;
}

function forEachEdgeBetween(graph: GraphView, token: number, next: number, visit: (edge: number) => void): void {
  const end = graph.tokenEdgeStart[token + 1];
  for (let e = graph.firstEdgeTo(token, next); e >= 0 && e < end; e++) {
    if (graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] !== next) break;
    visit(e);
  }
}

/** Seeds first, then alternately the best by whole-input and by slice output, skipping duplicates and conflicting pool uses. */
function selectCandidates(graph: GraphView, arrivals: Partial[], amountIn: number, options: SplitOptions): Hop[][] {
  const chosen: Hop[][] = [];
  const keys = new Set<string>();
  const direction = new Map<number, number>();
  const add = (hops: Hop[]) => {
    if (chosen.length >= options.maxPaths) return;
    const key = hopsKey(hops);
    if (keys.has(key) || conflictsWith(direction, hops)) return;
    keys.add(key);
    claim(direction, hops);
    chosen.push(hops);
  };
  for (const seed of options.seedPaths ?? []) add(seed);
  const byWhole = [...arrivals].sort((a, b) => b.amount - a.amount);
  const slice = arrivals.map((a) => ({ a, out: pathEstimate(graph, a.hops, amountIn * SLICE) })).sort((x, y) => y.out - x.out);
  const half = Math.ceil(options.maxPaths / 2);
  for (let i = 0; i < arrivals.length && chosen.length < half; i++) {
    add(byWhole[i].hops);
    add(slice[i].a.hops);
  }
  // Parallel pools: the same path with one hop through another pool joining the same two tokens.
  for (let c = 0; c < chosen.length && chosen.length < options.maxPaths; c++) {
    const base = chosen[c];
    base.forEach((hop, k) =>
      forEachEdgeBetween(graph, hop.tokenIn, hop.tokenOut, (e) => {
        const at = e * EDGE_STRIDE;
        const pool = graph.edges[at];
        if (pool === hop.pool || !(options.platformCode < 0 || graph.poolPlatformCode(pool) === options.platformCode)) return;
        const variant = base.slice();
        // A literal of the same shape as every other hop: a spread copy gets a map of its own, on which the
        // conflict checks optimised for plain hops deoptimise.
        variant[k] = { pool, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] };
        add(variant);
      }),
    );
  }
  for (let i = 0; i < arrivals.length && chosen.length < options.maxPaths; i++) {
    add(byWhole[i].hops);
    add(slice[i].a.hops);
  }
  return chosen;
}
