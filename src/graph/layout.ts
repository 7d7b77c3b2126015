// The shared-memory graph layout, declared once: one SharedArrayBuffer per graph version, a header of named
// slots followed by typed regions. Builders and readers use only these names.

export const GRAPH_MAGIC = 0x47524150; // "GRAP"
export const GRAPH_FORMAT = 1;

/** Int32 slots of the header, at the start of the buffer. */
export const Header = {
  magic: 0,
  format: 1,
  version: 2,
  tokenCount: 3,
  poolCount: 4,
  edgeCount: 5,
  poolTokenCount: 6,
  wordCount: 7,
  blockNumberLow: 8,
  blockNumberHigh: 9,
  /** Byte offsets of each region follow, in REGION order. */
  regionOffsets: 10,
} as const;

export const ADDRESS_BYTES = 20;
/** Each state word is a uint256 stored as four little-endian uint64 limbs. */
export const LIMBS_PER_WORD = 4;
/**
 * Edge record: [pool, pool-local index of the token in, of the token out, graph index of the token out].
 * Each token's edges are sorted by the token out (then pool), so all pools joining two tokens are adjacent.
 */
export const EDGE_STRIDE = 4;
export const EdgeField = { pool: 0, localIn: 1, localOut: 2, tokenOut: 3 } as const;
/** UniV2 fast path for the search: [reserve0, reserve1, share of input after fee] as float64. */
export const V2_FLOAT_STRIDE = 3;
/** Route fee as the client reads it: [fee, feeDenominator]. */
export const FEE_STRIDE = 2;

type Counts = { tokenCount: number; poolCount: number; edgeCount: number; poolTokenCount: number; wordCount: number };
type ArrayKind = 'u8' | 'i32' | 'f64' | 'u64';

/** Every region: its element type and its element count from the header counts. */
export const REGIONS = {
  tokenAddress: { type: 'u8', length: (c: Counts) => c.tokenCount * ADDRESS_BYTES },
  tokenDecimals: { type: 'u8', length: (c: Counts) => c.tokenCount },
  /** Value of one raw unit of the token in raw units of the wrapped native token; 0 when unknown. */
  tokenNativePrice: { type: 'f64', length: (c: Counts) => c.tokenCount },
  /** Rank of each token by the total depth of its pools (0 = deepest), and the tokens in that order. */
  tokenDepthRank: { type: 'i32', length: (c: Counts) => c.tokenCount },
  tokensByDepth: { type: 'i32', length: (c: Counts) => c.tokenCount },
  tokenEdgeStart: { type: 'i32', length: (c: Counts) => c.tokenCount + 1 },
  edges: { type: 'i32', length: (c: Counts) => c.edgeCount * EDGE_STRIDE },
  poolKind: { type: 'u8', length: (c: Counts) => c.poolCount },
  poolPlatform: { type: 'u8', length: (c: Counts) => c.poolCount },
  poolAddress: { type: 'u8', length: (c: Counts) => c.poolCount * ADDRESS_BYTES },
  poolTokenStart: { type: 'i32', length: (c: Counts) => c.poolCount + 1 },
  poolTokens: { type: 'i32', length: (c: Counts) => c.poolTokenCount },
  poolWordStart: { type: 'i32', length: (c: Counts) => c.poolCount + 1 },
  /** Depth of the pool in raw wrapped-native units (float), for pruning the search. */
  poolLiquidity: { type: 'f64', length: (c: Counts) => c.poolCount },
  poolV2Float: { type: 'f64', length: (c: Counts) => c.poolCount * V2_FLOAT_STRIDE },
  poolFee: { type: 'f64', length: (c: Counts) => c.poolCount * FEE_STRIDE },
  words: { type: 'u64', length: (c: Counts) => c.wordCount * LIMBS_PER_WORD },
} as const satisfies Record<string, { type: ArrayKind; length: (c: Counts) => number }>;

export type RegionName = keyof typeof REGIONS;
export const REGION_NAMES = Object.keys(REGIONS) as RegionName[];
export const HEADER_BYTES = (Header.regionOffsets + REGION_NAMES.length) * 4;

const BYTES: Record<ArrayKind, number> = { u8: 1, i32: 4, f64: 8, u64: 8 };

/** Byte offsets of every region (8-byte aligned) and the total buffer size for the given counts. */
export function planLayout(counts: Counts): { offsets: Record<RegionName, number>; byteLength: number } {
  let cursor = align8(HEADER_BYTES);
  const offsets = {} as Record<RegionName, number>;
  for (const name of REGION_NAMES) {
    offsets[name] = cursor;
    const region = REGIONS[name];
    cursor = align8(cursor + region.length(counts) * BYTES[region.type]);
  }
  return { offsets, byteLength: cursor };
}

type Views = {
  [K in RegionName]: (typeof REGIONS)[K]['type'] extends 'u8'
    ? Uint8Array
    : (typeof REGIONS)[K]['type'] extends 'i32'
      ? Int32Array
      : (typeof REGIONS)[K]['type'] extends 'f64'
        ? Float64Array
        : BigUint64Array;
};

/** Typed-array views of every region of a graph buffer. */
export function regionViews(buffer: SharedArrayBuffer, header: Int32Array): Views {
  const counts: Counts = {
    tokenCount: header[Header.tokenCount],
    poolCount: header[Header.poolCount],
    edgeCount: header[Header.edgeCount],
    poolTokenCount: header[Header.poolTokenCount],
    wordCount: header[Header.wordCount],
  };
  const views = {} as Record<RegionName, ArrayBufferView>;
  REGION_NAMES.forEach((name, i) => {
    const offset = header[Header.regionOffsets + i];
    const length = REGIONS[name].length(counts);
    const type = REGIONS[name].type;
    views[name] =
      type === 'u8'
        ? new Uint8Array(buffer, offset, length)
        : type === 'i32'
          ? new Int32Array(buffer, offset, length)
          : type === 'f64'
            ? new Float64Array(buffer, offset, length)
            : new BigUint64Array(buffer, offset, length);
  });
  return views as Views;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
