// Read access to one graph version in shared memory; each thread makes its own view (views are cheap; decoded pool
// objects and checksummed addresses are kept per thread, across versions).
import QuickLRU from 'quick-lru';
import { bytesToHex, getAddress } from 'viem/utils';
import { DEX_PLATFORM_IDS, type DexPlatformId } from '../network/types.ts';
import type { ExactSwapResult, PoolBase } from '../pools/poolBase.ts';
import { POOL_KIND_CODES, poolKind } from '../pools/registry.ts';
import {
  ADDRESS_BYTES,
  EDGE_STRIDE,
  EdgeField,
  FEE_STRIDE,
  GRAPH_MAGIC,
  HEADER_BYTES,
  Header,
  LIMBS_PER_WORD,
  V2_FLOAT_STRIDE,
  regionViews,
} from './layout.ts';

const UNIV2_CODE = POOL_KIND_CODES.indexOf('univ2');

/**
 * Entries each per-thread cache below keeps (the least recently used go beyond it): more than the pools one graph
 * version's quotes touch, so a version per block never decodes an unchanged one again, while a pool that left the
 * graph, or whose old state no version holds, is let go.
 */
const THREAD_CACHE_SIZE = 65_536;
/** Checksummed addresses by lowercase hex address, for every graph version this thread reads (see checksummed). */
const checksummedByAddress = new QuickLRU<string, string>({ maxSize: THREAD_CACHE_SIZE });
/**
 * The pools this thread decoded, by address, with the state words each was decoded from: a new graph version (every
 * block, when following the chain) takes those whose words are unchanged, as a block changes few pools. A decoded
 * pool is immutable, and what is derived from it (float tables, UniV3 tick ratios, curve tables) goes with it.
 */
const decodedByAddress = new QuickLRU<string, { kind: number; limbs: BigUint64Array; decoded: PoolBase }>({ maxSize: THREAD_CACHE_SIZE });

export class GraphView {
  readonly version: number;
  readonly blockNumber: bigint;
  readonly tokenCount: number;
  readonly poolCount: number;
  /** CSR adjacency: the edges leaving token t are edges[tokenEdgeStart[t] .. tokenEdgeStart[t+1]) × EDGE_STRIDE. */
  readonly tokenEdgeStart: Int32Array;
  readonly edges: Int32Array;
  readonly poolLiquidity: Float64Array;
  readonly tokenNativePrice: Float64Array;
  /** UniV2 pools' [reserve0, reserve1, share of input after fee] as float64 (V2_FLOAT_STRIDE per pool; zero for other kinds). */
  readonly poolV2Float: Float64Array;
  private readonly v: ReturnType<typeof regionViews>;
  private readonly pools: (PoolBase | undefined)[];
  private readonly addresses: (string | undefined)[];
  private readonly poolAddresses: (string | undefined)[];
  private tokenIndexByAddress: Map<string, number> | undefined;

  constructor(readonly buffer: SharedArrayBuffer) {
    const header = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    if (header[Header.magic] !== GRAPH_MAGIC) throw new Error('Not a graph buffer');
    this.v = regionViews(buffer, header);
    this.version = header[Header.version];
    this.blockNumber =
      (BigInt(header[Header.blockNumberHigh] >>> 0) << 32n) | BigInt(header[Header.blockNumberLow] >>> 0);
    this.tokenCount = header[Header.tokenCount];
    this.poolCount = header[Header.poolCount];
    this.tokenEdgeStart = this.v.tokenEdgeStart;
    this.edges = this.v.edges;
    this.poolLiquidity = this.v.poolLiquidity;
    this.tokenNativePrice = this.v.tokenNativePrice;
    this.poolV2Float = this.v.poolV2Float;
    this.pools = new Array(this.poolCount);
    this.addresses = new Array(this.tokenCount);
    this.poolAddresses = new Array(this.poolCount);
  }

  /** Graph index of a token address (any case), or -1 when the graph does not hold it. */
  tokenIndex(address: string): number {
    if (!this.tokenIndexByAddress) {
      this.tokenIndexByAddress = new Map();
      for (let t = 0; t < this.tokenCount; t++) this.tokenIndexByAddress.set(this.rawTokenAddress(t), t);
    }
    return this.tokenIndexByAddress.get(address.toLowerCase()) ?? -1;
  }

  /**
   * Rank of every token by the total depth of its pools (0 = deepest): the search's connector tokens are those
   * ranked below its connector count.
   */
  tokenLiquidityRank(): Int32Array {
    return this.v.tokenDepthRank;
  }

  /** Tokens ordered by the total depth of their pools, deepest first. */
  tokensByLiquidity(): Int32Array {
    return this.v.tokensByDepth;
  }

  /** First edge of `token` leading to `target` (edges are sorted by target), or -1 when no pool joins them. */
  firstEdgeTo(token: number, target: number): number {
    let low = this.tokenEdgeStart[token];
    let high = this.tokenEdgeStart[token + 1];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.edges[mid * EDGE_STRIDE + EdgeField.tokenOut] < target) low = mid + 1;
      else high = mid;
    }
    return low < this.tokenEdgeStart[token + 1] && this.edges[low * EDGE_STRIDE + EdgeField.tokenOut] === target
      ? low
      : -1;
  }

  /** Checksummed address of a token. */
  tokenAddress(token: number): string {
    return (this.addresses[token] ??= checksummed(this.rawTokenAddress(token)));
  }

  tokenDecimals(token: number): number {
    return this.v.tokenDecimals[token];
  }

  /** The pool's address in lowercase hex, without the checksum's hashing: a cheap key that holds across versions. */
  poolAddressKey(pool: number): string {
    return bytesToHex(this.v.poolAddress.subarray(pool * ADDRESS_BYTES, (pool + 1) * ADDRESS_BYTES));
  }

  /** Checksummed address of a pool. */
  poolAddress(pool: number): string {
    return (this.poolAddresses[pool] ??= checksummed(this.poolAddressKey(pool)));
  }

  poolPlatform(pool: number): DexPlatformId {
    return DEX_PLATFORM_IDS[this.v.poolPlatform[pool]];
  }

  /** Platform code of a pool: its index in DEX_PLATFORM_IDS (cheap, for filtering in hot loops). */
  poolPlatformCode(pool: number): number {
    return this.v.poolPlatform[pool];
  }

  poolKind(pool: number): string {
    return POOL_KIND_CODES[this.v.poolKind[pool]];
  }

  /** Graph token indices of a pool, in the pool's own order. */
  poolTokens(pool: number): Int32Array {
    return this.v.poolTokens.subarray(this.v.poolTokenStart[pool], this.v.poolTokenStart[pool + 1]);
  }

  /** How many tokens a pool holds (poolTokens(pool).length without building the view). */
  poolTokenCount(pool: number): number {
    return this.v.poolTokenStart[pool + 1] - this.v.poolTokenStart[pool];
  }

  poolFee(pool: number): { fee: number; feeDenominator: number } {
    return { fee: this.v.poolFee[pool * FEE_STRIDE], feeDenominator: this.v.poolFee[pool * FEE_STRIDE + 1] };
  }

  /** The pool's exact model, decoded from shared memory on first use (or an earlier version's, if its state is the same). */
  pool(pool: number): PoolBase {
    let decoded = this.pools[pool];
    if (!decoded) {
      const address = this.poolAddressKey(pool);
      const kind = this.v.poolKind[pool];
      const limbs = this.poolLimbs(pool);
      const kept = decodedByAddress.get(address);
      if (kept && kept.kind === kind && sameLimbs(kept.limbs, limbs)) {
        decoded = kept.decoded;
      } else {
        const entry = poolKind(this.poolKind(pool));
        decoded = entry.create(entry.codec.decode(this.poolWords(pool)));
        decodedByAddress.set(address, { kind, limbs: limbs.slice(), decoded });
      }
      this.pools[pool] = decoded;
    }
    return decoded;
  }

  /**
   * Exact swap through a pool, on its decoded state (kept for the version: split replays swap the same pools many times,
   * and a decoded UniV2 pair swaps about four times faster than one read from shared memory each time).
   */
  swapExactIn(pool: number, localIn: number, localOut: number, amountIn: bigint): ExactSwapResult | null {
    return this.pool(pool).swapExactIn(localIn, localOut, amountIn);
  }

  /** Float estimate of a swap's output, for search heuristics; UniV2 reads its float reserves directly. */
  estimateOut(pool: number, localIn: number, localOut: number, amountIn: number): number {
    if (this.v.poolKind[pool] === UNIV2_CODE) {
      const f = this.v.poolV2Float;
      const at = pool * V2_FLOAT_STRIDE;
      const withFee = amountIn * f[at + 2];
      const reserveIn = localIn === 0 ? f[at] : f[at + 1];
      const reserveOut = localIn === 0 ? f[at + 1] : f[at];
      // An empty side cannot trade (the exact swap returns nothing), whatever the formula says.
      if (!(reserveIn > 0 && reserveOut > 0)) return 0;
      return (withFee * reserveOut) / (reserveIn + withFee);
    }
    return this.pool(pool).estimateOut(localIn, localOut, amountIn);
  }

  /** The pool's state words as raw limbs: a view into shared memory, for telling whether a pool changed between versions. */
  poolLimbs(pool: number): BigUint64Array {
    return this.v.words.subarray(this.v.poolWordStart[pool] * LIMBS_PER_WORD, this.v.poolWordStart[pool + 1] * LIMBS_PER_WORD);
  }

  private poolWords(pool: number): bigint[] {
    const words: bigint[] = [];
    const limbs = this.v.words;
    for (let w = this.v.poolWordStart[pool]; w < this.v.poolWordStart[pool + 1]; w++) {
      const at = w * LIMBS_PER_WORD;
      let value = limbs[at];
      for (let limb = 1; limb < LIMBS_PER_WORD; limb++) {
        if (limbs[at + limb] !== 0n) value |= limbs[at + limb] << BigInt(64 * limb);
      }
      words.push(value);
    }
    return words;
  }

  private rawTokenAddress(token: number): string {
    return bytesToHex(this.v.tokenAddress.subarray(token * ADDRESS_BYTES, (token + 1) * ADDRESS_BYTES));
  }
}

/**
 * Checksummed form of a lowercase hex address, kept for the thread's later graph versions: the checksum is a keccak
 * hash (about 15 µs uncached; viem keeps the last 8,192), and an answer lists dozens of pools.
 */
function checksummed(address: string): string {
  let found = checksummedByAddress.get(address);
  if (found === undefined) checksummedByAddress.set(address, (found = getAddress(address)));
  return found;
}

function sameLimbs(a: BigUint64Array, b: BigUint64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
