// The flow network's trades (one direction of one token pair of one pool each, or a chain of two UniV2 pools through a
// token outside the network) as parallel typed arrays, how they are collected, and the output of one on the curve the
// dual optimises over.
import type { GraphView } from '../../../graph/graphView.ts';
import { V2_FLOAT_STRIDE } from '../../../graph/layout.ts';
import type { Chain } from './chainIndex.ts';
import { CurveTable } from './curveTable.ts';

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
  /**
   * A chain's second pool (-1: a trade through one pool), its middle token and its local indices there: the chain's
   * first pool is `pool`, from the input token to `via`, and the second from `via` to the output token.
   */
  viaPool: Int32Array;
  via: Int32Array;
  viaLocalIn: Int32Array;
  viaLocalOut: Int32Array;
}

/** Collects trades straight into typed arrays, doubling them when full; build() hands out views of the filled part. */
export class TradesBuilder {
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
  private viaPool = new Int32Array(0);
  private via = new Int32Array(0);
  private viaLocalIn = new Int32Array(0);
  private viaLocalOut = new Int32Array(0);
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

  /**
   * A chain of two UniV2 pools as one trade. With input reserve B1, output reserve A1 and fee share γ1 on the first
   * pool and B2, A2, γ2 on the second, f2(f1(δ)) = γ1·γ2·A1·A2·δ / (B1·B2 + γ1·δ·(B2 + γ2·A1)): the UniV2 curve of
   * reserves B1·B2 / (B2 + γ2·A1) in and γ2·A1·A2 / (B2 + γ2·A1) out with fee share γ1.
   */
  addChain(graph: GraphView, chain: Chain, from: number, to: number, inRaw: number, outRaw: number): void {
    const reserves = graph.poolV2Float;
    const [first, second] = [chain.pool * V2_FLOAT_STRIDE, chain.viaPool * V2_FLOAT_STRIDE];
    const [b1, a1, g1] = [reserves[first + chain.localIn] / inRaw, reserves[first + chain.localOut], reserves[first + 2]];
    const [b2, a2, g2] = [reserves[second + chain.viaLocalIn], reserves[second + chain.viaLocalOut] / outRaw, reserves[second + 2]];
    if (!(b1 > 0 && a1 > 0 && g1 > 0 && b2 > 0 && a2 > 0 && g2 > 0)) return;
    const k = this.next(from, to, chain.pool, chain.localIn, chain.localOut, null);
    const joint = b2 + g2 * a1;
    this.reserveIn[k] = (b1 * b2) / joint;
    this.reserveOut[k] = (g2 * a1 * a2) / joint;
    this.gamma[k] = g1;
    this.spot[k] = (g1 * this.reserveOut[k]) / this.reserveIn[k];
    this.viaPool[k] = chain.viaPool;
    this.via[k] = chain.via;
    this.viaLocalIn[k] = chain.viaLocalIn;
    this.viaLocalOut[k] = chain.viaLocalOut;
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
      viaPool: this.viaPool.subarray(0, n),
      via: this.via.subarray(0, n),
      viaLocalIn: this.viaLocalIn.subarray(0, n),
      viaLocalOut: this.viaLocalOut.subarray(0, n),
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
    this.viaPool[k] = -1;
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
    this.viaPool = ints(this.viaPool);
    this.via = ints(this.via);
    this.viaLocalIn = ints(this.viaLocalIn);
    this.viaLocalOut = ints(this.viaLocalOut);
  }
}

/** Trade i's output for `delta` of input, both in normalised units, on the curve the dual optimises over. */
export function tradeOut(trades: Trades, i: number, delta: number): number {
  const table = trades.table[i];
  if (!table) return (trades.gamma[i] * trades.reserveOut[i] * delta) / (trades.reserveIn[i] + trades.gamma[i] * delta);
  return table.outAt(delta * trades.inScale[i]) * trades.outScale[i];
}

/** Trade i's input for `out` of output (normalised units): the inverse of tradeOut (`out` below what the curve can give). */
export function tradeIn(trades: Trades, i: number, out: number): number {
  const table = trades.table[i];
  if (!table) return (trades.reserveIn[i] * out) / (trades.gamma[i] * (trades.reserveOut[i] - out));
  return table.inFor(out / trades.outScale[i]) / trades.inScale[i];
}
