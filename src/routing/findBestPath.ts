// Best single path between two tokens. A float search keeps, for every token and hop count, the largest amount
// that can reach it (outputs grow with inputs, so this is the best path of that length through the allowed
// intermediates), pruned to tokens that can still reach the target; the best candidates are then re-evaluated
// exactly and ranked by exact output, net of gas when gas is priced.
//
// Allowed intermediates keep the work independent of the long tail's size: the `connectors` most liquid tokens,
// the neighbours of a source or target that is not itself a connector, and, for two-hop paths, any token pooled
// with both ends (found by intersecting the shorter neighbour list with the other).
import type { GraphView } from '../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../graph/layout.ts';
import { type CoreEdges, coreEdges } from './coreEdges.ts';
import { ESTIMATE_MARGIN, evaluatePath } from './evaluatePath.ts';
import { MAX_SEARCH_HOPS, type SearchScratch, UNREACHABLE, scratchFor } from './searchScratch.ts';
import type { Hop, PathQuote, SearchOptions } from './types.ts';

interface Candidate {
  level: number;
  lastEdge: number;
  lastToken: number;
  estimate: number;
}

/** Everything one search needs, passed down instead of a long argument list. */
interface Search {
  graph: GraphView;
  s: SearchScratch;
  from: number;
  to: number;
  options: SearchOptions;
  rank: Int32Array;
  connectors: Int32Array;
  core: CoreEdges;
  /** The best candidates by float estimate, highest first (addCandidate keeps them so). */
  candidates: Candidate[];
}

/**
 * The best path from `from` to `to` for `amountIn`, or null when no path executes with a non-zero output.
 * @example findBestPath(graph, wpls, usdc, 10n ** 21n, { maxHops: 3, platformCode: -1, candidates: 8, connectors: 64 })
 */
export function findBestPath(
  graph: GraphView,
  from: number,
  to: number,
  amountIn: bigint,
  options: SearchOptions,
): PathQuote | null {
  const maxHops = Math.min(options.maxHops, MAX_SEARCH_HOPS);
  if (from === to || amountIn <= 0n || maxHops < 1) return null;
  const search: Search = {
    graph,
    s: scratchFor(graph),
    from,
    to,
    options,
    rank: graph.tokenLiquidityRank(),
    connectors: graph.tokensByLiquidity().subarray(0, options.connectors),
    core: coreEdges(graph),
    candidates: [],
  };
  for (const end of [from, to]) {
    if (!isConnector(search, end)) forEachNeighbour(search, end, (t) => search.s.allowIntermediate(t));
  }
  markDistanceToTarget(search, maxHops - 1);
  searchCandidates(search, Number(amountIn), maxHops);

  let best: PathQuote | null = null;
  let bestValue = 0n;
  // Candidates come best estimate first: once an estimate cannot reach the best exact value so far (float estimates
  // stay within ESTIMATE_MARGIN of the exact maths, and gas only lowers a value), no later candidate is evaluated.
  for (const candidate of search.candidates) {
    if (best && candidate.estimate * (1 + ESTIMATE_MARGIN) < Number(bestValue)) break;
    const quote = evaluatePath(graph, pathOf(search, candidate), amountIn);
    if (!quote || quote.amountOut === 0n) continue;
    const value = quote.amountOut - (options.gasCostInOutput?.(quote) ?? 0n);
    if (!best || value > bestValue || (value === bestValue && quote.hops.length < best.hops.length)) {
      best = quote;
      bestValue = value;
    }
  }
  return best;
}

function isConnector(search: Search, token: number): boolean {
  return search.rank[token] < search.options.connectors;
}

/** Whether a token may be an intermediate that continues to another intermediate. */
function roams(search: Search, token: number): boolean {
  return search.rank[token] < search.options.connectors || search.s.extraIntermediate[token] === 1;
}

function forEachNeighbour(search: Search, token: number, visit: (neighbour: number) => void): void {
  const { graph } = search;
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    if (platformAllows(search, graph.edges[e * EDGE_STRIDE])) visit(graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]);
  }
}

/**
 * Marks distanceToTarget up to `depth` for the tokens that may be intermediates (and the source), over pools
 * of the platform.
 */
function markDistanceToTarget(search: Search, depth: number): void {
  const { s, to, from } = search;
  const mark = (token: number, distance: number) => {
    s.distanceToTarget[token] = distance;
    s.reached[s.reachedCount++] = token;
  };
  mark(to, 0);
  s.reachedEnd[0] = s.reachedCount;
  for (let distance = 1; distance <= depth; distance++) {
    const consider = (token: number) => {
      if (s.distanceToTarget[token] === UNREACHABLE && hasEdgeAtDistance(search, token, distance - 1)) mark(token, distance);
    };
    if (distance === 1 && !isConnector(search, to)) {
      forEachNeighbour(search, to, (t) => s.distanceToTarget[t] === UNREACHABLE && mark(t, 1));
    } else {
      for (let i = 0; i < search.connectors.length; i++) consider(search.connectors[i]);
      for (let i = 0; i < s.extraCount; i++) consider(s.extraList[i]);
      consider(from);
    }
    s.reachedEnd[distance] = s.reachedCount;
  }
  for (let distance = depth + 1; distance < s.reachedEnd.length; distance++) s.reachedEnd[distance] = s.reachedCount;
}

/** Whether `token` has a pool (of the platform) with a token at exactly `distance` from the target. */
function hasEdgeAtDistance(search: Search, token: number, distance: number): boolean {
  const { graph, s } = search;
  if (distance === 0) return firstAllowedEdge(search, token, search.to) >= 0;
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    const at = e * EDGE_STRIDE;
    if (s.distanceToTarget[graph.edges[at + EdgeField.tokenOut]] === distance && platformAllows(search, graph.edges[at])) {
      return true;
    }
  }
  return false;
}

function firstAllowedEdge(search: Search, token: number, next: number): number {
  const { graph } = search;
  const end = graph.tokenEdgeStart[token + 1];
  for (let e = graph.firstEdgeTo(token, next); e >= 0 && e < end; e++) {
    if (graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] !== next) break;
    if (platformAllows(search, graph.edges[e * EDGE_STRIDE])) return e;
  }
  return -1;
}

function searchCandidates(search: Search, amountIn: number, maxHops: number): void {
  const { graph, s, to, from, core, rank } = search;
  setAmount(s, 0, from, amountIn, -1, -1);
  if (maxHops >= 2) relaxTwoHopIntermediates(search, amountIn);
  for (let level = 1; level <= maxHops; level++) {
    const remaining = maxHops - level;
    const targetCount = s.reachedEnd[remaining];
    for (let i = 0; i < s.touchedCount[level - 1]; i++) {
      const token = s.touched[level - 1][i];
      if (token === to) continue;
      const amount = s.amount[level - 1][token];
      // An intermediate that may not roam steps straight to the target.
      if (level > 1 && !roams(search, token)) {
        relaxPoolsBetween(search, level, token, to, amount);
        continue;
      }
      // The pools into the allowed next tokens, found the way that reads the fewest edges: each allowed token looked
      // up in the token's edges (sorted by the other token); for a deep token, its few pools with other deep tokens
      // (coreEdges.ts) and the allowed tokens outside those looked up; or every pool of the token scanned.
      const degree = graph.tokenEdgeStart[token + 1] - graph.tokenEdgeStart[token];
      const lookUps = targetCount * (Math.log2(degree) + 1);
      const coreScan = rank[token] < core.size ? core.start[rank[token] + 1] - core.start[rank[token]] + targetCount : Infinity;
      if (lookUps < degree && lookUps <= coreScan) {
        for (let t = 0; t < targetCount; t++) relaxPoolsBetween(search, level, token, s.reached[t], amount);
      } else if (coreScan < degree) {
        for (let k = core.start[rank[token]]; k < core.start[rank[token] + 1]; k++) {
          const e = core.edges[k];
          if (s.distanceToTarget[graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]] <= remaining) relax(search, level, token, e, amount);
        }
        for (let t = 0; t < targetCount; t++) if (rank[s.reached[t]] >= core.size) relaxPoolsBetween(search, level, token, s.reached[t], amount);
      } else {
        for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
          if (s.distanceToTarget[graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]] <= remaining) {
            relax(search, level, token, e, amount);
          }
        }
      }
    }
  }
}

/** Beyond this many pools on both ends, both are hubs whose connectors route well: the walk is skipped. */
const TWO_HOP_WALK_LIMIT = 256;

/**
 * Two-hop paths through tokens that are not otherwise intermediates: walk the shorter neighbour list of the
 * two ends and look each token up in the other's sorted edges.
 */
function relaxTwoHopIntermediates(search: Search, amountIn: number): void {
  const { graph, from, to, s } = search;
  const degree = (t: number) => graph.tokenEdgeStart[t + 1] - graph.tokenEdgeStart[t];
  const walkFrom = degree(from) <= degree(to);
  const walked = walkFrom ? from : to;
  if (degree(walked) > TWO_HOP_WALK_LIMIT) return;
  const other = walkFrom ? to : from;
  let previous = -1;
  for (let e = graph.tokenEdgeStart[walked]; e < graph.tokenEdgeStart[walked + 1]; e++) {
    const middle = graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut];
    if (middle === previous || middle === other || s.distanceToTarget[middle] <= 1 || roams(search, middle)) continue;
    previous = middle;
    if (firstAllowedEdge(search, other, middle) < 0) continue;
    relaxPoolsBetween(search, 1, from, middle, amountIn);
  }
}

function relaxPoolsBetween(search: Search, level: number, token: number, next: number, amount: number): void {
  const { graph } = search;
  const end = graph.tokenEdgeStart[token + 1];
  for (let e = graph.firstEdgeTo(token, next); e >= 0 && e < end; e++) {
    if (graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] !== next) break;
    relax(search, level, token, e, amount);
  }
}

/** Considers the swap along edge `e` from `token` (reached with `amount` after level-1 hops). */
function relax(search: Search, level: number, token: number, e: number, amount: number): void {
  const { graph, s, to, from } = search;
  const at = e * EDGE_STRIDE;
  const next = graph.edges[at + EdgeField.tokenOut];
  const pool = graph.edges[at + EdgeField.pool];
  if (next === from || !platformAllows(search, pool)) return;
  if (next !== to && onPath(s, level - 1, token, next)) return;
  // A pool used twice would be priced twice on its starting state; on chain the second hop sees the first.
  if (poolOnPath(graph, s, level - 1, token, pool)) return;
  const out = graph.estimateOut(pool, graph.edges[at + EdgeField.localIn], graph.edges[at + EdgeField.localOut], amount);
  if (!(out > 0)) return;
  if (next === to) addCandidate(search, { level, lastEdge: e, lastToken: token, estimate: out });
  else if (out > s.amount[level][next]) setAmount(s, level, next, out, e, token);
}

function platformAllows(search: Search, pool: number): boolean {
  return search.options.platformCode < 0 || search.graph.poolPlatformCode(pool) === search.options.platformCode;
}

function setAmount(s: SearchScratch, level: number, token: number, amount: number, edge: number, pred: number) {
  if (s.amount[level][token] === 0) s.touched[level][s.touchedCount[level]++] = token;
  s.amount[level][token] = amount;
  s.predEdge[level][token] = edge;
  s.predToken[level][token] = pred;
}

/** Whether `pool` is already a hop of the best path reaching `at` after `level` hops (multi-token pools). */
function poolOnPath(graph: GraphView, s: SearchScratch, level: number, at: number, pool: number): boolean {
  for (let l = level, t = at; l > 0; l--) {
    if (graph.edges[s.predEdge[l][t] * EDGE_STRIDE + EdgeField.pool] === pool) return true;
    t = s.predToken[l][t];
  }
  return false;
}

/** Whether `token` already lies on the best path reaching `at` after `level` hops (no token is visited twice). */
function onPath(s: SearchScratch, level: number, at: number, token: number): boolean {
  for (let l = level, t = at; l > 0; l--) {
    t = s.predToken[l][t];
    if (t === token) return true;
  }
  return false;
}

/** Keeps the best `options.candidates` arrivals at the target, by float estimate. */
function addCandidate(search: Search, candidate: Candidate): void {
  const list = search.candidates;
  const limit = search.options.candidates;
  if (list.length >= limit && candidate.estimate <= list[list.length - 1].estimate) return;
  let i = list.length;
  while (i > 0 && list[i - 1].estimate < candidate.estimate) i--;
  list.splice(i, 0, candidate);
  if (list.length > limit) list.pop();
}

function pathOf(search: Search, candidate: Candidate): Hop[] {
  const { graph, s } = search;
  const hops: Hop[] = [hopOf(graph, candidate.lastEdge, candidate.lastToken)];
  for (let level = candidate.level - 1, token = candidate.lastToken; level > 0; level--) {
    const pred = s.predToken[level][token];
    hops.unshift(hopOf(graph, s.predEdge[level][token], pred));
    token = pred;
  }
  return hops;
}

function hopOf(graph: GraphView, edge: number, tokenIn: number): Hop {
  const at = edge * EDGE_STRIDE;
  return {
    pool: graph.edges[at + EdgeField.pool],
    tokenIn,
    tokenOut: graph.edges[at + EdgeField.tokenOut],
    localIn: graph.edges[at + EdgeField.localIn],
    localOut: graph.edges[at + EdgeField.localOut],
  };
}
