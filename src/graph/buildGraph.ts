// Builds one graph version (a SharedArrayBuffer in the layout of layout.ts) from a snapshot and a network preset.
import { hexToBytes } from 'viem/utils';
import type { NetworkPreset } from '../network/types.ts';
import { DEX_PLATFORM_IDS } from '../network/types.ts';
import type { PoolBase } from '../pools/poolBase.ts';
import { POOL_KIND_CODES, poolKind } from '../pools/registry.ts';
import type { Snapshot } from '../snapshot/types.ts';
import {
  ADDRESS_BYTES,
  EDGE_STRIDE,
  EdgeField,
  FEE_STRIDE,
  GRAPH_FORMAT,
  GRAPH_MAGIC,
  HEADER_BYTES,
  Header,
  LIMBS_PER_WORD,
  REGION_NAMES,
  V2_FLOAT_STRIDE,
  planLayout,
  regionViews,
} from './layout.ts';

const LIMB_MASK = (1n << 64n) - 1n;
const PRICE_PASSES = 6;
/** A tiny float amount (raw units) at which estimateOut gives the marginal rate. */
const MARGINAL_AMOUNT = 1e-3;

interface BuiltPool {
  kindCode: number;
  platformCode: number;
  tokens: number[];
  words: bigint[];
  pool: PoolBase;
  depth: number[];
  fee: { fee: number; feeDenominator: number };
  v2: [number, number, number] | null;
}

/**
 * Encodes a snapshot into a new graph buffer tagged with `version`.
 * @example const buffer = buildGraph(readSnapshot(path), loadPreset(), 1); new GraphView(buffer)
 */
export function buildGraph(snapshot: Snapshot, preset: NetworkPreset, version: number): SharedArrayBuffer {
  const pools = snapshot.pools.map((p): BuiltPool => {
    const kind = poolKind(p.kind);
    const platformCode = DEX_PLATFORM_IDS.indexOf(p.platform);
    if (platformCode < 0) throw new Error(`Unknown platform ${p.platform} for pool ${p.address}`);
    const state = kind.fromSnapshot(p.state, preset.platforms[p.platform]);
    const isV2 = p.kind === 'univ2';
    const s = state as { reserve0: bigint; reserve1: bigint; feeNumerator: bigint; feeDenominator: bigint };
    return {
      kindCode: POOL_KIND_CODES.indexOf(p.kind),
      platformCode,
      tokens: p.tokens,
      words: kind.codec.encode(state),
      pool: kind.create(state),
      depth: kind.depth(state),
      fee: kind.nominalFee(state),
      v2: isV2 ? [Number(s.reserve0), Number(s.reserve1), Number(s.feeNumerator) / Number(s.feeDenominator)] : null,
    };
  });

  const tokenCount = snapshot.tokens.length;
  const edgeCounts = new Int32Array(tokenCount);
  let poolTokenCount = 0;
  let wordCount = 0;
  for (const p of pools) {
    poolTokenCount += p.tokens.length;
    wordCount += p.words.length;
    for (const t of p.tokens) edgeCounts[t] += p.tokens.length - 1;
  }
  const edgeCount = edgeCounts.reduce((a, b) => a + b, 0);
  const counts = { tokenCount, poolCount: pools.length, edgeCount, poolTokenCount, wordCount };
  const { offsets, byteLength } = planLayout(counts);
  const buffer = new SharedArrayBuffer(byteLength);
  const header = new Int32Array(buffer, 0, HEADER_BYTES / 4);
  header[Header.magic] = GRAPH_MAGIC;
  header[Header.format] = GRAPH_FORMAT;
  header[Header.version] = version;
  header[Header.tokenCount] = tokenCount;
  header[Header.poolCount] = pools.length;
  header[Header.edgeCount] = edgeCount;
  header[Header.poolTokenCount] = poolTokenCount;
  header[Header.wordCount] = wordCount;
  header[Header.blockNumberLow] = Number(snapshot.blockNumber & 0xffffffffn) | 0;
  header[Header.blockNumberHigh] = Number(snapshot.blockNumber >> 32n) | 0;
  REGION_NAMES.forEach((name, i) => (header[Header.regionOffsets + i] = offsets[name]));
  const v = regionViews(buffer, header);

  snapshot.tokens.forEach((token, i) => {
    v.tokenAddress.set(hexToBytes(token.address as `0x${string}`), i * ADDRESS_BYTES);
    v.tokenDecimals[i] = token.decimals;
  });

  let edgeCursor = 0;
  for (let t = 0; t < tokenCount; t++) {
    v.tokenEdgeStart[t] = edgeCursor;
    edgeCursor += edgeCounts[t];
  }
  v.tokenEdgeStart[tokenCount] = edgeCursor;
  const edgeFill = v.tokenEdgeStart.slice(0, tokenCount);

  let tokenCursor = 0;
  let wordCursor = 0;
  pools.forEach((p, index) => {
    v.poolKind[index] = p.kindCode;
    v.poolPlatform[index] = p.platformCode;
    v.poolAddress.set(hexToBytes(snapshot.pools[index].address as `0x${string}`), index * ADDRESS_BYTES);
    v.poolTokenStart[index] = tokenCursor;
    v.poolTokens.set(p.tokens, tokenCursor);
    tokenCursor += p.tokens.length;
    v.poolWordStart[index] = wordCursor;
    for (const word of p.words) writeWord(v.words, wordCursor++, word);
    v.poolFee[index * FEE_STRIDE] = p.fee.fee;
    v.poolFee[index * FEE_STRIDE + 1] = p.fee.feeDenominator;
    if (p.v2) v.poolV2Float.set(p.v2, index * V2_FLOAT_STRIDE);
    p.tokens.forEach((tokenIn, localIn) =>
      p.tokens.forEach((tokenOut, localOut) => {
        if (localIn === localOut) return;
        const at = edgeFill[tokenIn]++ * EDGE_STRIDE;
        v.edges.set([index, localIn, localOut, tokenOut], at);
      }),
    );
  });
  sortEdgesByTokenOut(v.edges, v.tokenEdgeStart, tokenCount);
  v.poolTokenStart[pools.length] = tokenCursor;
  v.poolWordStart[pools.length] = wordCursor;

  const wrapped = snapshot.tokens.findIndex(
    (t) => t.address.toLowerCase() === preset.wrappedNative.address.toLowerCase(),
  );
  const prices = nativePrices(pools, tokenCount, wrapped);
  v.tokenNativePrice.set(prices);
  pools.forEach((p, index) => (v.poolLiquidity[index] = poolLiquidity(p, prices)));
  rankTokensByDepth(pools, v.poolLiquidity, v.tokensByDepth, v.tokenDepthRank);
  return buffer;
}

/** Sorts each token's edges by the token they lead to, so the search can binary-search for a given neighbour. */
function sortEdgesByTokenOut(edges: Int32Array, edgeStart: Int32Array, tokenCount: number): void {
  for (let t = 0; t < tokenCount; t++) {
    const start = edgeStart[t];
    const end = edgeStart[t + 1];
    if (end - start < 2) continue;
    const records: number[][] = [];
    for (let e = start; e < end; e++) records.push(Array.from(edges.subarray(e * EDGE_STRIDE, (e + 1) * EDGE_STRIDE)));
    records.sort((a, b) => a[EdgeField.tokenOut] - b[EdgeField.tokenOut] || a[EdgeField.pool] - b[EdgeField.pool]);
    records.forEach((record, i) => edges.set(record, (start + i) * EDGE_STRIDE));
  }
}

/** Orders tokens by the total depth of their pools, once per version, so no reader has to sort. */
function rankTokensByDepth(pools: BuiltPool[], liquidity: Float64Array, order: Int32Array, rank: Int32Array): void {
  const depth = new Float64Array(rank.length);
  pools.forEach((p, index) => p.tokens.forEach((t) => (depth[t] += liquidity[index])));
  const sorted = Array.from({ length: rank.length }, (_, t) => t).sort((a, b) => depth[b] - depth[a]);
  order.set(sorted);
  sorted.forEach((token, position) => (rank[token] = position));
}

function writeWord(words: BigUint64Array, index: number, value: bigint): void {
  if (value < 0n || value >> 256n !== 0n) throw new Error(`State word out of uint256 range: ${value}`);
  for (let limb = 0; limb < LIMBS_PER_WORD; limb++) {
    words[index * LIMBS_PER_WORD + limb] = (value >> BigInt(64 * limb)) & LIMB_MASK;
  }
}

/**
 * Prices every token in wrapped-native raw units by walking out from the wrapped native token: an unpriced token
 * takes its marginal rate against an already priced token through the deepest pool joining them.
 */
function nativePrices(pools: BuiltPool[], tokenCount: number, wrapped: number): Float64Array {
  const price = new Float64Array(tokenCount);
  if (wrapped < 0) return price;
  price[wrapped] = 1;
  for (let pass = 0; pass < PRICE_PASSES; pass++) {
    const bestDepth = new Float64Array(tokenCount);
    const candidate = new Float64Array(tokenCount);
    for (const p of pools) {
      p.tokens.forEach((known, i) => {
        if (price[known] === 0) return;
        const depth = p.depth[i] * price[known];
        p.tokens.forEach((unknown, j) => {
          if (i === j || price[unknown] !== 0 || depth <= bestDepth[unknown]) return;
          const rate = p.pool.estimateOut(j, i, MARGINAL_AMOUNT) / MARGINAL_AMOUNT;
          if (!(rate > 0) || !Number.isFinite(rate)) return;
          bestDepth[unknown] = depth;
          candidate[unknown] = rate * price[known];
        });
      });
    }
    let changed = false;
    for (let t = 0; t < tokenCount; t++) {
      if (candidate[t] > 0) {
        price[t] = candidate[t];
        changed = true;
      }
    }
    if (!changed) break;
  }
  return price;
}

/** Pool depth in wrapped-native raw units: the priced side counted twice when a side is unpriced. */
function poolLiquidity(p: BuiltPool, prices: Float64Array): number {
  let value = 0;
  let priced = 0;
  p.tokens.forEach((t, i) => {
    if (prices[t] > 0) {
      value += p.depth[i] * prices[t];
      priced++;
    }
  });
  return priced === 0 ? 0 : (value * p.tokens.length) / priced;
}
