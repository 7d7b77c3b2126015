// Two-pool chains through long-tail tokens, for the flow optimiser. A long-tail token pooled with two tokens the flow
// trades through can carry a little of the flow at a better rate than their own pools: small trades split over
// dozens of such chains (on the default snapshot, the optimum of a $10 trade from a long-tail token into WPLS runs
// through over a hundred of them). Their tokens stay out of the flow network, whose dense Newton system would grow
// past use (WPLS alone is pooled with thousands of tokens); a chain of two UniV2 pools is itself a UniV2 curve, so
// the network takes each chain as one trade (trades.ts).
//
// A token's chains are found by walking its long-tail neighbours (WPLS: 5 ms over its 10,000 on the default snapshot,
// 150 ms over its 130,000 on 250,000 pools) and kept, best rate against the graph's prices at zero flow first; a quote
// takes those whose other end is in its network. Those run mostly between the end and hubs: a quote also takes the
// best few between each token of its network and the end (pairChains), found when first asked for. A later graph
// version takes the chains found on an earlier one over for up to REFRESH_VERSIONS versions (reserves move, and new
// pools are added at the end of the pool list, so a found chain stays a candidate: each is checked against the
// version's pools when a quote takes it, and priced at the version's own reserves); then they are found again. A
// worker finds the deepest tokens' chains when a version arrives (warmChains).
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
/**
 * Chains kept between two given tokens. On the routing-quality benchmark's long-tail token into WPLS, whose flow runs
 * through tokens of its network that few of WPLS's best chains start from, four from each raised the answers by 0.1%
 * ($10) to 1.9% ($30,000); on the advanced latency mix, by 0.7 bp geometric mean (21 requests better by over 1 bp, 1
 * worse) for 0.4–1.5% more time. While the flow dropped chains under 0.1% of the output, eight added no output for 2%
 * more time; keeping them down to 0.03% (flowRounds.ts), sixteen against four raised that token's $1k and $30,000
 * answers by 0.04% and the $100 cases of WPLS → USDC and HEX → WPLS by 0.006–0.007% (PLSX → HEX −0.001%), for 0.3–0.4%
 * more time on the mix (at a 200 ms budget +0.07 bp: 4 requests better by over 1 bp, 1 worse).
 */
const KEPT_PER_PAIR = 16;
/**
 * The chains between two tokens are found by walking the one with fewer pools; between two tokens with more than this
 * many each (hubs), they are not looked for: the hubs' best chains hold those worth a quote's time.
 */
const MAX_PAIR_WALK = 4096;
/** Pairs whose chains a graph version keeps before it forgets them all (most pairs have none). */
const MAX_PAIRS = 65_536;
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
  /** The chains from one token to another, by from · tokenCount + to. */
  pairs: Map<number, Chain[]>;
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
  const byDirection = foundOn(graph);
  let chains = byDirection[direction].get(token);
  if (!chains) byDirection[direction].set(token, (chains = findChains(graph, token, direction === 'into')));
  return chains;
}

/**
 * The best chains (up to KEPT_PER_PAIR) from `from` to `to` on this graph version, best rate to the market first.
 * @example pairChains(graph, plsx, wpls)[0].via // the long-tail token of the best chain from PLSX into WPLS
 */
export function pairChains(graph: GraphView, from: number, to: number): Chain[] {
  const { pairs } = foundOn(graph);
  const key = from * graph.tokenCount + to;
  let chains = pairs.get(key);
  if (!chains) {
    if (pairs.size >= MAX_PAIRS) pairs.clear();
    pairs.set(key, (chains = findPairChains(graph, from, to)));
  }
  return chains;
}

function foundOn(graph: GraphView): Found {
  let byDirection = found.get(graph);
  if (!byDirection) {
    // Only a later version takes chains over (graphs of one version number are unrelated, as in tests).
    const takeOver = latest !== undefined && graph.version > latest.graph.version && graph.version - latest.chains.version < REFRESH_VERSIONS;
    byDirection = takeOver ? latest!.chains : { into: new Map(), outOf: new Map(), pairs: new Map(), version: graph.version };
    found.set(graph, byDirection);
    if (!latest || graph.version >= latest.graph.version) latest = { graph, chains: byDirection };
  }
  return byDirection;
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
 * The chains of a request's flow network: into `to` from a token of the network (`members`), then out of `from` into
 * one, the best of each end's first and then the best between it and each member, at most one per long-tail token (so
 * no two chains share a pool, nor a chain a pool of the network), over pools of `platformCode` (-1: all; chains are
 * found over every platform, so a one-platform request keeps fewer).
 * @example networkChains(graph, hex, wpls, new Set([hex, plsx]), -1)
 */
export function networkChains(graph: GraphView, from: number, to: number, members: ReadonlySet<number>, platformCode: number): Chain[] {
  const isMember = (token: number) => members.has(token);
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
  for (const member of members) if (member !== from && member !== to) for (const chain of pairChains(graph, member, to)) take(chain, true);
  for (const chain of outOf) take(chain, chain.to === to || isMember(chain.to));
  for (const member of [to, ...members]) if (member !== from) for (const chain of pairChains(graph, from, member)) take(chain, true);
  return chosen;
}

/** The chains of `end` through its long-tail neighbours, into it or out of it, best rate to the market first. */
function findChains(graph: GraphView, end: number, into: boolean): Chain[] {
  const { edges, tokenEdgeStart, poolV2Float: reserves, tokenNativePrice: price } = graph;
  if (!(price[end] > 0)) return [];
  const univ2 = (pool: number) => isUniV2(reserves, pool);
  const rateOf = (pool: number, localIn: number, localOut: number) => spotRate(reserves, pool, localIn, localOut);
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

/**
 * The best KEPT_PER_PAIR chains from `from` to `to`, walking the end with fewer pools: its long-tail neighbours pooled
 * with the other end.
 */
function findPairChains(graph: GraphView, from: number, to: number): Chain[] {
  const { edges, tokenEdgeStart, poolV2Float: reserves, tokenNativePrice: price } = graph;
  const degree = (t: number) => tokenEdgeStart[t + 1] - tokenEdgeStart[t];
  const into = degree(to) < degree(from);
  const [end, other] = into ? [to, from] : [from, to];
  if (!(price[from] > 0) || !(price[to] > 0) || degree(end) > MAX_PAIR_WALK) return [];
  const univ2 = (pool: number) => isUniV2(reserves, pool);
  const rateOf = (pool: number, localIn: number, localOut: number) => spotRate(reserves, pool, localIn, localOut);
  const market = price[from] / price[to];
  const best: { rate: number; e: number; f: number }[] = [];
  for (let e = tokenEdgeStart[end]; e < tokenEdgeStart[end + 1]; e++) {
    const at = e * EDGE_STRIDE;
    const via = edges[at + EdgeField.tokenOut];
    if (degree(via) > MAX_MIDDLE_DEGREE || !univ2(edges[at])) continue;
    const [endLocal, viaLocal] = [edges[at + EdgeField.localIn], edges[at + EdgeField.localOut]];
    const endRate = into ? rateOf(edges[at], viaLocal, endLocal) : rateOf(edges[at], endLocal, viaLocal);
    const viaEnd = tokenEdgeStart[via + 1];
    for (let f = graph.firstEdgeTo(via, other); f >= 0 && f < viaEnd && edges[f * EDGE_STRIDE + EdgeField.tokenOut] === other; f++) {
      const bt = f * EDGE_STRIDE;
      if (!univ2(edges[bt])) continue;
      const [viaOwn, otherLocal] = [edges[bt + EdgeField.localIn], edges[bt + EdgeField.localOut]];
      const rate = (endRate * (into ? rateOf(edges[bt], otherLocal, viaOwn) : rateOf(edges[bt], viaOwn, otherLocal))) / market;
      if (!(rate >= MIN_RATE_TO_MARKET) || !Number.isFinite(rate)) continue;
      let slot = best.length;
      while (slot > 0 && best[slot - 1].rate < rate) slot--;
      if (slot < KEPT_PER_PAIR) best.splice(slot, 0, { rate, e, f }), (best.length = Math.min(best.length, KEPT_PER_PAIR));
    }
  }
  return best.map(({ e, f }) => chainOf(graph, end, e, f, into));
}

/** Whether the pool is a UniV2 pool: only those have float reserves (zero for other kinds). */
function isUniV2(reserves: Float64Array, pool: number): boolean {
  return reserves[pool * V2_FLOAT_STRIDE + 2] > 0;
}

/** A UniV2 pool's rate at zero input, fee taken. */
function spotRate(reserves: Float64Array, pool: number, localIn: number, localOut: number): number {
  const p = pool * V2_FLOAT_STRIDE;
  return (reserves[p + 2] * reserves[p + localOut]) / reserves[p + localIn];
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
