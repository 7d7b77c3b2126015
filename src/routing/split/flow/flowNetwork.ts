// The network the flow optimiser works on: every token pair of every pool among a set of tokens, each direction a
// separate trade (prices decide which one, if either, is used), and chains of two UniV2 pools through long-tail
// tokens outside the set into the target or out of the source (chainIndex.ts). Amounts are measured in units of the
// target worth one raw unit of it at spot prices, so that every token's price starts near 1 whatever its decimals.
//
// Only the trades that go one way through an order of the tokens (`order`, nearest the target lowest; the source first)
// are enabled at a time, so the enabled network is acyclic: no value can circle through pools whose prices disagree,
// and every flow cuts into simple paths. The first order is by hop distance to the target, then liquidity rank;
// flowRounds.ts then orders the tokens by the dual's prices, which is the order of any optimal flow.
import type { GraphView } from '../../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../../graph/layout.ts';
import type { Hop } from '../../types.ts';
import { type Chain, networkChains } from './chainIndex.ts';
import { type Trades, TradesBuilder } from './trades.ts';

export interface FlowNetwork {
  /** Graph index of each slot's token, farthest from the target first; the target is not a slot (its price is 1). */
  tokens: number[];
  /** Graph index of the target token. */
  target: number;
  source: number;
  /** Input in normalised units. */
  total: number;
  /** Each slot's place in the first order (lower: nearer the target; the source highest). */
  order: Float64Array;
  /** Raw units of each slot's token per normalised unit (multiply a normalised amount by it to get raw units). */
  rawPerUnit: Float64Array;
  trades: Trades;
  /** The trades grouped by token pair, each pair's by falling spot rate. */
  byPair: Int32Array;
}

/**
 * The trades among the tokens of `tokensAt` (tokensAt[d]: tokens at hop distance d from `to`) for `amountIn` raw
 * units of `from`, over pools of `platformCode` (-1: all), with the chains into the target and out of the source
 * through tokens outside the set.
 */
export function flowNetwork(
  graph: GraphView,
  from: number,
  to: number,
  tokensAt: readonly number[][],
  amountIn: number,
  platformCode: number,
): FlowNetwork {
  const rank = graph.tokenLiquidityRank();
  // Order of the tokens towards the target: hop distance, then liquidity rank; the source first, the target last.
  const orderKey = new Map<number, number>();
  tokensAt.forEach((level, d) => level.forEach((t) => orderKey.has(t) || orderKey.set(t, d * 1e9 + rank[t])));
  orderKey.set(from, Infinity);
  orderKey.set(to, -1);
  // Slots in a topological order of the trades: farthest from the target first (the source), so trades go up.
  const members = [...orderKey.keys()].filter((t) => t !== to).sort((a, b) => orderKey.get(b)! - orderKey.get(a)!);
  const outputs = [...members, to];
  const value = unitValues(graph, outputs);
  const rawPerUnit = new Float64Array(members.length);
  for (let slot = 0; slot < members.length; slot++) rawPerUnit[slot] = value.get(to)! / value.get(members[slot])!;
  const slotOf = new Map(members.map((t, slot) => [t, slot]));
  // Each token pair's chains join its pools' trades: the dual scans a pair's trades together.
  const chainsByPair = new Map<number, Chain[]>();
  const pairKey = (slotIn: number, slotOut: number) => slotIn * (members.length + 1) + slotOut + 1;
  for (const chain of networkChains(graph, from, to, new Set(members), platformCode)) {
    const key = pairKey(slotOf.get(chain.from)!, chain.to === to ? -1 : slotOf.get(chain.to)!);
    const list = chainsByPair.get(key);
    if (list) list.push(chain);
    else chainsByPair.set(key, [chain]);
  }
  const builder = new TradesBuilder();
  members.forEach((u, slotIn) => {
    outputs.forEach((v, k) => {
      if (v === u || v === from) return;
      const slotOut = v === to ? -1 : k;
      const outRaw = slotOut < 0 ? 1 : rawPerUnit[slotOut];
      // Chains run into the target or out of the source only.
      if (chainsByPair.size > 0 && (slotOut < 0 || u === from)) {
        for (const chain of chainsByPair.get(pairKey(slotIn, slotOut)) ?? []) builder.addChain(graph, chain, slotIn, slotOut, rawPerUnit[slotIn], outRaw);
      }
      const end = graph.tokenEdgeStart[u + 1];
      for (let e = graph.firstEdgeTo(u, v); e >= 0 && e < end && graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] === v; e++) {
        const at = e * EDGE_STRIDE;
        const pool = graph.edges[at];
        if (platformCode >= 0 && graph.poolPlatformCode(pool) !== platformCode) continue;
        builder.add(graph, pool, graph.edges[at + EdgeField.localIn], graph.edges[at + EdgeField.localOut], slotIn, slotOut, rawPerUnit[slotIn], outRaw, value.get(u)!);
      }
    });
  });
  const trades = builder.build();
  const order = new Float64Array(members.length);
  for (let slot = 0; slot < members.length; slot++) order[slot] = orderKey.get(members[slot])!;
  const source = members.indexOf(from);
  return { tokens: members, target: to, source, total: amountIn / rawPerUnit[source], order, rawPerUnit, trades, byPair: byPairBySpot(trades) };
}

/** The trades' indices, each token pair's (contiguous, as built) by falling spot rate: an insertion sort per pair. */
function byPairBySpot(trades: Trades): Int32Array {
  const { spot, from, to } = trades;
  const byPair = new Int32Array(trades.count);
  for (let i = 0, start = 0; i < trades.count; i++) {
    if (i > 0 && (from[i] !== from[i - 1] || to[i] !== to[i - 1])) start = i;
    let k = i;
    for (; k > start && spot[byPair[k - 1]] < spot[i]; k--) byPair[k] = byPair[k - 1];
    byPair[k] = i;
  }
  return byPair;
}

/** Trade i as hops of the graph: one, or two for a chain. */
export function tradeHops(network: FlowNetwork, i: number): Hop[] {
  const { trades, tokens } = network;
  const [pool, tokenIn, localIn, localOut] = [trades.pool[i], tokens[trades.from[i]], trades.localIn[i], trades.localOut[i]];
  const tokenOut = trades.to[i] < 0 ? network.target : tokens[trades.to[i]];
  // Hops are built with the properties in one order everywhere: the hot loops that read them stay monomorphic (a
  // second shape slowed the whole advanced search by a quarter).
  if (trades.viaPool[i] < 0) return [{ pool, tokenIn, tokenOut, localIn, localOut }];
  const via = trades.via[i];
  return [
    { pool, tokenIn, tokenOut: via, localIn, localOut },
    { pool: trades.viaPool[i], tokenIn: via, tokenOut, localIn: trades.viaLocalIn[i], localOut: trades.viaLocalOut[i] },
  ];
}

/**
 * Each token's value in wrapped-native raw units per raw unit: the graph's price, or for a token it has none for, the
 * spot rate of its deepest pool with a priced token of the set (1 when it has none).
 */
function unitValues(graph: GraphView, tokens: number[]): Map<number, number> {
  const value = new Map<number, number>();
  for (const t of tokens) if (graph.tokenNativePrice[t] > 0) value.set(t, graph.tokenNativePrice[t]);
  for (let pass = 0; pass < 3 && value.size < tokens.length; pass++) {
    for (const t of tokens) {
      if (value.has(t)) continue;
      let best = 0;
      let depth = 0;
      for (let e = graph.tokenEdgeStart[t]; e < graph.tokenEdgeStart[t + 1]; e++) {
        const at = e * EDGE_STRIDE;
        const other = value.get(graph.edges[at + EdgeField.tokenOut]);
        const pool = graph.edges[at];
        if (!other || graph.poolLiquidity[pool] <= depth) continue;
        const probe = graph.poolLiquidity[pool] / other / 1e6;
        const out = graph.estimateOut(pool, graph.edges[at + EdgeField.localOut], graph.edges[at + EdgeField.localIn], probe);
        if (out > 0) (best = (probe * other) / out), (depth = graph.poolLiquidity[pool]);
      }
      if (best > 0) value.set(t, best);
    }
  }
  for (const t of tokens) if (!value.has(t)) value.set(t, 1);
  return value;
}

/** The trades that go one way through `order` (slot → place; the target's is below every slot's): 1 = disabled. */
export function againstOrder(network: FlowNetwork, order: Float64Array): Uint8Array {
  const { from, to, count } = network.trades;
  const against = new Uint8Array(count);
  for (let i = 0; i < count; i++) against[i] = to[i] < 0 || order[to[i]] < order[from[i]] ? 0 : 1;
  return against;
}

/**
 * Prices at which no enabled trade pays (each token at its best rate into nearer tokens at zero flow, from the target
 * back, through `order`): the dual's start, where only the source has to fall to sell. A token with no trade out gets a
 * negligible price.
 */
export function zeroFlowPrices(network: FlowNetwork, disabled: Uint8Array, order: Float64Array = network.order): Float64Array {
  const { from, to, spot, count } = network.trades;
  const prices = new Float64Array(network.tokens.length);
  const byFrom: number[][] = network.tokens.map(() => []);
  for (let i = 0; i < count; i++) if (disabled[i] === 0) byFrom[from[i]].push(i);
  // Nearest the target first, so that every enabled trade's output token is priced before its input token.
  const nearestFirst = [...prices.keys()].sort((a, b) => order[a] - order[b]);
  for (const u of nearestFirst) {
    let best = 0;
    for (const i of byFrom[u]) best = Math.max(best, spot[i] * (to[i] < 0 ? 1 : prices[to[i]]));
    prices[u] = best > 0 ? best * (1 - 1e-9) : 1e-9;
  }
  return prices;
}
