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
 * The network's trades, one direction of one token pair of one pool each, as parallel arrays (trade i at index i): the
 * dual evaluates them thousands of times per quote, and objects would box every number.
 */
export interface Trades {
  count: number;
  /** Slot of the input token, and of the output token (-1: the target). */
  from: Int32Array;
  to: Int32Array;
  pool: Int32Array;
  localIn: Int32Array;
  localOut: Int32Array;
  /** UniV2 in normalised units: out = gamma·reserveOut·d / (reserveIn + gamma·d). Zero for tabled pools. */
  reserveIn: Float64Array;
  reserveOut: Float64Array;
  gamma: Float64Array;
  /** Other kinds: the raw curve, and the factors from normalised input to raw and from raw output to normalised. */
  table: (CurveTable | null)[];
  inScale: Float64Array;
  outScale: Float64Array;
  /** Marginal rate at zero input (normalised units): a trade pays only while its input is priced below it. */
  spot: Float64Array;
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
  const outputs = [...members, to];
  const value = unitValues(graph, outputs);
  const rawPerUnit = new Float64Array(members.length);
  for (let slot = 0; slot < members.length; slot++) rawPerUnit[slot] = value.get(to)! / value.get(members[slot])!;
  const builder = new TradesBuilder();
  members.forEach((u, slotIn) => {
    outputs.forEach((v, k) => {
      if (v === u || v === from) return;
      const slotOut = v === to ? -1 : k;
      const end = graph.tokenEdgeStart[u + 1];
      for (let e = graph.firstEdgeTo(u, v); e >= 0 && e < end && graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut] === v; e++) {
        const at = e * EDGE_STRIDE;
        const pool = graph.edges[at];
        if (platformCode >= 0 && graph.poolPlatformCode(pool) !== platformCode) continue;
        const outRaw = slotOut < 0 ? 1 : rawPerUnit[slotOut];
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

/** Collects trades straight into typed arrays, doubling them when full; build() hands out views of the filled part. */
class TradesBuilder {
  private count = 0;
  private capacity = 0;
  private from = new Int32Array(0);
  private to = new Int32Array(0);
  private pool = new Int32Array(0);
  private localIn = new Int32Array(0);
  private localOut = new Int32Array(0);
  private reserveIn = new Float64Array(0);
  private reserveOut = new Float64Array(0);
  private gamma = new Float64Array(0);
  private inScale = new Float64Array(0);
  private outScale = new Float64Array(0);
  private spot = new Float64Array(0);
  private readonly table: (CurveTable | null)[] = [];

  /** The trade of `pool` from local token `localIn` to `localOut`, unless that pool cannot trade that way. */
  add(graph: GraphView, pool: number, localIn: number, localOut: number, from: number, to: number, inRaw: number, outRaw: number, inValue: number): void {
    if (graph.poolKind(pool) === 'univ2') {
      const at = pool * V2_FLOAT_STRIDE;
      const reserveIn = graph.poolV2Float[at + localIn];
      const reserveOut = graph.poolV2Float[at + localOut];
      const gamma = graph.poolV2Float[at + 2];
      if (!(reserveIn > 0 && reserveOut > 0)) return;
      const k = this.next(from, to, pool, localIn, localOut, null);
      this.reserveIn[k] = reserveIn / inRaw;
      this.reserveOut[k] = reserveOut / outRaw;
      this.gamma[k] = gamma;
      this.spot[k] = (gamma * (reserveOut / outRaw)) / (reserveIn / inRaw);
      return;
    }
    const depthIn = CurveTable.depthIn(graph, pool, inValue);
    const table = depthIn > 0 ? CurveTable.of(graph, pool, localIn, localOut, depthIn) : null;
    if (!table) return;
    const k = this.next(from, to, pool, localIn, localOut, table);
    this.inScale[k] = inRaw;
    this.outScale[k] = 1 / outRaw;
    this.spot[k] = table.firstRate * inRaw * (1 / outRaw);
  }

  build(): Trades {
    const n = this.count;
    return {
      count: n,
      from: this.from.subarray(0, n),
      to: this.to.subarray(0, n),
      pool: this.pool.subarray(0, n),
      localIn: this.localIn.subarray(0, n),
      localOut: this.localOut.subarray(0, n),
      reserveIn: this.reserveIn.subarray(0, n),
      reserveOut: this.reserveOut.subarray(0, n),
      gamma: this.gamma.subarray(0, n),
      table: this.table,
      inScale: this.inScale.subarray(0, n),
      outScale: this.outScale.subarray(0, n),
      spot: this.spot.subarray(0, n),
    };
  }

  /** The index of a new trade with its identity set (its numbers zero until the caller sets them). */
  private next(from: number, to: number, pool: number, localIn: number, localOut: number, table: CurveTable | null): number {
    if (this.count === this.capacity) this.grow();
    const k = this.count++;
    this.from[k] = from;
    this.to[k] = to;
    this.pool[k] = pool;
    this.localIn[k] = localIn;
    this.localOut[k] = localOut;
    this.table.push(table);
    return k;
  }

  private grow(): void {
    this.capacity = Math.max(256, this.capacity * 2);
    const ints = (old: Int32Array) => {
      const grown = new Int32Array(this.capacity);
      grown.set(old);
      return grown;
    };
    const floats = (old: Float64Array) => {
      const grown = new Float64Array(this.capacity);
      grown.set(old);
      return grown;
    };
    this.from = ints(this.from);
    this.to = ints(this.to);
    this.pool = ints(this.pool);
    this.localIn = ints(this.localIn);
    this.localOut = ints(this.localOut);
    this.reserveIn = floats(this.reserveIn);
    this.reserveOut = floats(this.reserveOut);
    this.gamma = floats(this.gamma);
    this.inScale = floats(this.inScale);
    this.outScale = floats(this.outScale);
    this.spot = floats(this.spot);
  }
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

/** Trade i as a hop of the graph. */
export function tradeHop(network: FlowNetwork, i: number): Hop {
  const { trades, tokens } = network;
  const to = trades.to[i];
  return { pool: trades.pool[i], tokenIn: tokens[trades.from[i]], tokenOut: to < 0 ? network.target : tokens[to], localIn: trades.localIn[i], localOut: trades.localOut[i] };
}

/** Trade i's output for `delta` of input, both in normalised units, on the curve the dual optimises over. */
export function tradeOut(trades: Trades, i: number, delta: number): number {
  const table = trades.table[i];
  if (!table) return (trades.gamma[i] * trades.reserveOut[i] * delta) / (trades.reserveIn[i] + trades.gamma[i] * delta);
  return table.outAt(delta * trades.inScale[i]) * trades.outScale[i];
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
