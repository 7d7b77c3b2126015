// Two-pool chains through long-tail tokens, for the flow optimiser. A long-tail token pooled with two tokens the flow
// trades through can carry a little of the flow at a better rate than their own pools: small trades split over
// dozens of such chains (on the default snapshot, the optimum of a $10 trade from a long-tail token into WPLS runs
// through over a hundred of them). Their tokens stay out of the flow network, whose dense Newton system would grow
// past use (WPLS alone is pooled with thousands of tokens); a chain of two UniV2 pools is itself a UniV2 curve, so
// the network takes each chain as one trade (trades.ts).
//
// A token's chains are found by walking its long-tail neighbours (WPLS: 5 ms over its 10,000 on the default snapshot,
// 150 ms over its 130,000 on 250,000 pools) and kept, best rate against the graph's prices at zero flow first; a quote
// takes those whose other end is in its network. A later graph version takes the chains found on an earlier one over
// for up to REFRESH_VERSIONS versions (reserves move, and new pools are added at the end of the pool list, so a
// found chain stays a candidate: each is checked against the version's pools when a quote takes it, and priced at
// the version's own reserves); then they are found again. A worker finds the deepest tokens' chains when a version
// arrives (warmChains).
import type { GraphView } from '../../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField, V2_FLOAT_STRIDE } from '../../../graph/layout.ts';

/**
 * Tokens with at most this many pool edges (a pool counts once per other token it holds) can be the middle of a
 * chain: the long tail. A token with more is a hub, which the candidate search reaches when it matters.
 */
const MAX_MIDDLE_DEGREE = 16;
/**
 * A chain is indexed when its zero-flow rate is at least this share of the graph's price ratio of its ends: the flow
 * moves its ends' prices apart by the trade's impact, so a chain somewhat below the market can still pay.
 */
const MIN_RATE_TO_MARKET = 0.99;
/** Chains kept per token and direction, best rate to the market first. */
const KEPT_PER_TOKEN = 128;
/** Tokens whose chains a new graph version finds before it serves quotes: the deepest, which most quotes end at. */
const WARMED_TOKENS = 8;
/**
 * Versions a set of chains is taken over for before it is found again (on 10-second blocks, about ten minutes): the
 * chains' ranking follows the reserves only that often, and chains through pools added meanwhile join then.
 */
const REFRESH_VERSIONS = 64;

/** A chain `from` → `via` → `to` through two UniV2 pools (each with its local token indices). */
export interface Chain {
  from: number;
  via: number;
  to: number;
  pool: number;
  localIn: number;
  localOut: number;
  viaPool: number;
  viaLocalIn: number;
  viaLocalOut: number;
}

type Direction = 'into' | 'outOf';

/** The chains found per token and direction, and the graph version they were found on. */
interface Found {
  into: Map<number, Chain[]>;
  outOf: Map<number, Chain[]>;
  version: number;
}

const found = new WeakMap<GraphView, Found>();
/** The newest version's chains, for the next version to take over. */
let latest: { graph: GraphView; chains: Found } | undefined;

/**
 * The best chains into `token` (`into`) or out of it (`outOf`) on this graph version, best rate to the market first.
 * @example chainsOf(graph, wpls, 'into')[0].via // the long-tail token of the best chain into WPLS
 */
export function chainsOf(graph: GraphView, token: number, direction: Direction): Chain[] {
  let byDirection = found.get(graph);
  if (!byDirection) {
    // Only a later version takes chains over (graphs of one version number are unrelated, as in tests).
    const takeOver = latest !== undefined && graph.version > latest.graph.version && graph.version - latest.chains.version < REFRESH_VERSIONS;
    byDirection = takeOver ? latest!.chains : { into: new Map(), outOf: new Map(), version: graph.version };
    found.set(graph, byDirection);
    if (!latest || graph.version >= latest.graph.version) latest = { graph, chains: byDirection };
  }
  let chains = byDirection[direction].get(token);
  if (!chains) byDirection[direction].set(token, (chains = findChains(graph, token, direction === 'into')));
  return chains;
}

/**
 * Finds the chains of the deepest tokens of a new graph version (or takes them over from the last version), so that
 * no quote waits for them (WPLS's take 150 ms on 250,000 pools).
 * @example warmChains(new GraphView(buffer))
 */
export function warmChains(graph: GraphView): void {
  for (const token of graph.tokensByLiquidity().subarray(0, WARMED_TOKENS)) {
    chainsOf(graph, token, 'into');
    chainsOf(graph, token, 'outOf');
  }
}

/** Whether the chain's pools still join its tokens as it says in this graph version (it may come from an earlier one). */
function holds(graph: GraphView, chain: Chain): boolean {
  if (chain.pool >= graph.poolCount || chain.viaPool >= graph.poolCount) return false;
  const [first, second] = [graph.poolTokens(chain.pool), graph.poolTokens(chain.viaPool)];
  return first[chain.localIn] === chain.from && first[chain.localOut] === chain.via && second[chain.viaLocalIn] === chain.via && second[chain.viaLocalOut] === chain.to;
}

/**
 * The chains of a request's flow network: into `to` from a token of the network, then out of `from` into one, at
 * most one per long-tail token (so no two chains share a pool, nor a chain a pool of the network), over pools of
 * `platformCode` (-1: all; a token's chains are found over every platform, so a one-platform request keeps fewer).
 * @example networkChains(graph, hex, wpls, (t) => slotOf.has(t), -1)
 */
export function networkChains(graph: GraphView, from: number, to: number, isMember: (token: number) => boolean, platformCode: number): Chain[] {
  const [into, outOf] = [chainsOf(graph, to, 'into'), chainsOf(graph, from, 'outOf')];
  // Chains found on this very version hold by construction.
  const carried = found.get(graph)!.version !== graph.version;
  const allowed = (pool: number) => platformCode < 0 || graph.poolPlatformCode(pool) === platformCode;
  const used = new Set<number>([from, to]);
  const chosen: Chain[] = [];
  const take = (chain: Chain, ends: boolean) => {
    if (!ends || used.has(chain.via) || isMember(chain.via) || (carried && !holds(graph, chain)) || !allowed(chain.pool) || !allowed(chain.viaPool)) return;
    used.add(chain.via);
    chosen.push(chain);
  };
  for (const chain of into) take(chain, isMember(chain.from));
  for (const chain of outOf) take(chain, chain.to === to || isMember(chain.to));
  return chosen;
}

/** The chains of `end` through its long-tail neighbours, into it or out of it, best rate to the market first. */
function findChains(graph: GraphView, end: number, into: boolean): Chain[] {
  const { edges, tokenEdgeStart, poolV2Float: reserves, tokenNativePrice: price } = graph;
  if (!(price[end] > 0)) return [];
  // UniV2 only (its float reserves; zero for other kinds).
  const univ2 = (pool: number) => reserves[pool * V2_FLOAT_STRIDE + 2] > 0;
  const rateOf = (pool: number, localIn: number, localOut: number) => {
    const p = pool * V2_FLOAT_STRIDE;
    return (reserves[p + 2] * reserves[p + localOut]) / reserves[p + localIn];
  };
  // The best KEPT_PER_TOKEN so far as (rate to market, end's edge, via's edge), with the slot of the worst once full:
  // a hub has hundreds of thousands of candidates on large graphs, and an object each would cost more than the walk.
  const kept = new Float64Array(KEPT_PER_TOKEN);
  const edgesOf = new Int32Array(2 * KEPT_PER_TOKEN);
  let count = 0;
  let worst = 0;
  for (let e = tokenEdgeStart[end]; e < tokenEdgeStart[end + 1]; e++) {
    const at = e * EDGE_STRIDE;
    const via = edges[at + EdgeField.tokenOut];
    const viaStart = tokenEdgeStart[via];
    const viaEnd = tokenEdgeStart[via + 1];
    if (viaEnd - viaStart > MAX_MIDDLE_DEGREE || !univ2(edges[at])) continue;
    // The edge runs end → via.
    const endLocal = edges[at + EdgeField.localIn];
    const viaLocal = edges[at + EdgeField.localOut];
    const endRate = into ? rateOf(edges[at], viaLocal, endLocal) : rateOf(edges[at], endLocal, viaLocal);
    for (let f = viaStart; f < viaEnd; f++) {
      const bt = f * EDGE_STRIDE;
      const other = edges[bt + EdgeField.tokenOut];
      if (other === end || !(price[other] > 0) || !univ2(edges[bt])) continue;
      // The edge runs via → other.
      const viaOwn = edges[bt + EdgeField.localIn];
      const otherLocal = edges[bt + EdgeField.localOut];
      const rate = endRate * (into ? rateOf(edges[bt], otherLocal, viaOwn) : rateOf(edges[bt], viaOwn, otherLocal));
      const rateToMarket = into ? (rate * price[end]) / price[other] : (rate * price[other]) / price[end];
      if (!(rateToMarket >= MIN_RATE_TO_MARKET) || !Number.isFinite(rateToMarket)) continue;
      if (count === KEPT_PER_TOKEN && rateToMarket <= kept[worst]) continue;
      const slot = count < KEPT_PER_TOKEN ? count++ : worst;
      kept[slot] = rateToMarket;
      edgesOf[2 * slot] = e;
      edgesOf[2 * slot + 1] = f;
      if (count === KEPT_PER_TOKEN) for (let k = 0; k < count; k++) if (kept[k] < kept[worst]) worst = k;
    }
  }
  const order = [...Array(count).keys()].sort((x, y) => kept[y] - kept[x]);
  return order.map((slot) => chainOf(graph, end, edgesOf[2 * slot], edgesOf[2 * slot + 1], into));
}

/** The chain through the end's edge `e` (end → via) and the via token's edge `f` (via → other). */
function chainOf(graph: GraphView, end: number, e: number, f: number, into: boolean): Chain {
  const { edges } = graph;
  const [at, bt] = [e * EDGE_STRIDE, f * EDGE_STRIDE];
  const [via, endPool, endLocal, viaLocal] = [edges[at + EdgeField.tokenOut], edges[at], edges[at + EdgeField.localIn], edges[at + EdgeField.localOut]];
  const [other, otherPool, viaOwn, otherLocal] = [edges[bt + EdgeField.tokenOut], edges[bt], edges[bt + EdgeField.localIn], edges[bt + EdgeField.localOut]];
  return into
    ? { from: other, via, to: end, pool: otherPool, localIn: otherLocal, localOut: viaOwn, viaPool: endPool, viaLocalIn: viaLocal, viaLocalOut: endLocal }
    : { from: end, via, to: other, pool: endPool, localIn: endLocal, localOut: viaLocal, viaPool: otherPool, viaLocalIn: viaOwn, viaLocalOut: otherLocal };
}
