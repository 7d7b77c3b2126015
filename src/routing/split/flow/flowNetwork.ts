// The network the flow optimiser works on: every token pair of every pool among a set of tokens, each direction a
// separate trade (prices decide which one, if either, is used). Amounts are measured in units of the target worth one
// raw unit of it at spot prices, so that every token's price starts near 1 whatever its decimals.
//
// Only the trades that go one way through an order of the tokens (`order`, nearest the target lowest; the source first)
// are enabled at a time, so the enabled network is acyclic: no value can circle through pools whose prices disagree,
// and every flow cuts into simple paths. The first order is by hop distance to the target, then liquidity rank;
// flowRouting.ts then orders the tokens by the dual's prices, which is the order of any optimal flow.
import type { GraphView } from '../../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField, V2_FLOAT_STRIDE } from '../../../graph/layout.ts';
import type { Hop } from '../../types.ts';
import { CurveTable } from './curveTable.ts';

export interface FlowNetwork {
  /** Graph index of each slot's token, farthest from the target first; the target is not a slot (its price is 1). */
  tokens: number[];
  source: number;
  /** Input in normalised units. */
  total: number;
  /** Each slot's place in the first order (lower: nearer the target; the source highest). */
  order: Float64Array;
  /** Raw units of each slot's token per normalised unit (multiply a normalised amount by it to get raw units). */
  rawPerUnit: Float64Array;
  trades: Trade[];
  /** The trades grouped by token pair, each pair's by falling spot rate. */
  byPair: Int32Array;
}

export interface Trade {
  hop: Hop;
  /** Slot of the input token, and of the output token (-1: the target). */
  from: number;
  to: number;
  /** UniV2 in normalised units: out = gamma·reserveOut·d / (reserveIn + gamma·d). Zero for tabled pools. */
  reserveIn: number;
  reserveOut: number;
  gamma: number;
  /** Other kinds: the raw curve, and the factors from normalised input to raw and from raw output to normalised. */
  table: CurveTable | null;
  inScale: number;
  outScale: number;
}

/**
 * The trades among the tokens of `tokensAt` (tokensAt[d]: tokens at hop distance d from `to`) for `amountIn` raw
 * units of `from`, over pools of `platformCode` (-1: all).
 */
export function flowNetwork(graph: GraphView, from: number, to: number, tokensAt: readonly number[][], amountIn: number, platformCode: number): FlowNetwork {
  const rank = graph.tokenLiquidityRank();
  // Order of the tokens towards the target: hop distance, then liquidity rank; the source first, the target last.
  const orderKey = new Map<number, number>();
  tokensAt.forEach((level, d) => level.forEach((t) => orderKey.has(t) || orderKey.set(t, d * 1e9 + rank[t])));
  orderKey.set(from, Infinity);
  orderKey.set(to, -1);
  // Slots in a topological order of the trades: farthest from the target first (the source), so trades go up.
  const members = [...orderKey.keys()].filter((t) => t !== to).sort((a, b) => orderKey.get(b)! - orderKey.get(a)!);
  const slot = new Map(members.map((t, i) => [t, i]));
  const outputs = [...members, to];
  const value = unitValues(graph, outputs);
  const rawPerUnit = Float64Array.from(members, (t) => value.get(to)! / value.get(t)!);
  const trades: Trade[] = [];
  for (const u of members) {
    for (const v of outputs) {
      if (v === u || v === from) continue;
      const end = graph.tokenEdgeStart[u + 1];
      for (let e = graph.firstEdgeTo(u, v); e >= 0 && e < end && graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] === v; e++) {
        const at = e * EDGE_STRIDE;
        const pool = graph.edges[at];
        if (platformCode >= 0 && graph.poolPlatformCode(pool) !== platformCode) continue;
        const hop: Hop = { pool, tokenIn: u, tokenOut: v, localIn: graph.edges[at + EdgeField.localIn], localOut: graph.edges[at + EdgeField.localOut] };
        const inRaw = rawPerUnit[slot.get(u)!];
        const outRaw = v === to ? 1 : rawPerUnit[slot.get(v)!];
        const trade = makeTrade(graph, hop, slot.get(u)!, v === to ? -1 : slot.get(v)!, inRaw, outRaw, value.get(u)!);
        if (trade) trades.push(trade);
      }
    }
  }
  const order = Float64Array.from(members, (t) => orderKey.get(t)!);
  return { tokens: members, source: slot.get(from)!, total: amountIn / rawPerUnit[slot.get(from)!], order, rawPerUnit, trades, byPair: byPairBySpot(trades) };
}

/** The trades' indices, each token pair's (contiguous, as built) by falling spot rate: an insertion sort per pair. */
function byPairBySpot(trades: Trade[]): Int32Array {
  const spots = new Float64Array(trades.length);
  for (let i = 0; i < trades.length; i++) spots[i] = spotRate(trades[i]);
  const byPair = new Int32Array(trades.length);
  for (let i = 0, start = 0; i < trades.length; i++) {
    if (i > 0 && (trades[i].from !== trades[i - 1].from || trades[i].to !== trades[i - 1].to)) start = i;
    let k = i;
    for (; k > start && spots[byPair[k - 1]] < spots[i]; k--) byPair[k] = byPair[k - 1];
    byPair[k] = i;
  }
  return byPair;
}

function makeTrade(graph: GraphView, hop: Hop, from: number, to: number, inRaw: number, outRaw: number, inValue: number): Trade | null {
  if (graph.poolKind(hop.pool) === 'univ2') {
    const f = graph.poolV2Float;
    const at = hop.pool * V2_FLOAT_STRIDE;
    const reserveIn = f[at + hop.localIn];
    const reserveOut = f[at + hop.localOut];
    if (!(reserveIn > 0 && reserveOut > 0)) return null;
    return { hop, from, to, reserveIn: reserveIn / inRaw, reserveOut: reserveOut / outRaw, gamma: f[at + 2], table: null, inScale: 0, outScale: 0 };
  }
  const depthIn = CurveTable.depthIn(graph, hop.pool, inValue);
  if (!(depthIn > 0)) return null;
  const table = CurveTable.of(graph, hop.pool, hop.localIn, hop.localOut, depthIn);
  if (!table) return null;
  return { hop, from, to, reserveIn: 0, reserveOut: 0, gamma: 0, table, inScale: inRaw, outScale: 1 / outRaw };
}

/** A trade's marginal rate at zero input (normalised units): it pays only while its input is priced below this. */
export function spotRate(trade: Trade): number {
  return trade.table ? trade.table.firstRate * trade.inScale * trade.outScale : (trade.gamma * trade.reserveOut) / trade.reserveIn;
}

/** A trade's output for `delta` of input, both in normalised units, on the curve the dual optimises over. */
export function tradeOut(trade: Trade, delta: number): number {
  if (!trade.table) return (trade.gamma * trade.reserveOut * delta) / (trade.reserveIn + trade.gamma * delta);
  return trade.table.outAt(delta * trade.inScale) * trade.outScale;
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
  const against = new Uint8Array(network.trades.length);
  network.trades.forEach((t, i) => (against[i] = t.to < 0 || order[t.to] < order[t.from] ? 0 : 1));
  return against;
}

/**
 * Prices at which no enabled trade pays (each token at its best rate into nearer tokens at zero flow, from the target
 * back): the dual's start, where only the source has to fall to sell. A token with no trade out gets a negligible price.
 */
export function zeroFlowPrices(network: FlowNetwork, disabled: Uint8Array): Float64Array {
  const prices = new Float64Array(network.tokens.length);
  const byFrom: Trade[][] = network.tokens.map(() => []);
  network.trades.forEach((t, i) => disabled[i] === 0 && byFrom[t.from].push(t));
  // Nearest the target first, so that every enabled trade's output token is priced before its input token.
  const nearestFirst = [...prices.keys()].sort((a, b) => network.order[a] - network.order[b]);
  for (const u of nearestFirst) {
    let best = 0;
    for (const t of byFrom[u]) {
      best = Math.max(best, spotRate(t) * (t.to < 0 ? 1 : prices[t.to]));
    }
    prices[u] = best > 0 ? best * (1 - 1e-9) : 1e-9;
  }
  return prices;
}
