// Small hand-made snapshots and shared-memory graphs for engine tests: tokens with chosen decimals and UniV2 pools
// with chosen reserves on chosen platforms, built with the real buildGraph and the real chain-369 preset.
import { getAddress, keccak256, toHex } from 'viem';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEX_PLATFORM_IDS, type DexPlatformId, type NetworkPreset } from '../../src/network/types.ts';
import { getAmountOut } from '../../src/pools/univ2/univ2Math.ts';
import type { Hop } from '../../src/routing/types.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from '../../src/snapshot/types.ts';

export interface TokenSpec {
  symbol: string;
  decimals: number;
  /** Defaults to the preset's address for a preset symbol (WPLS, USDC, ...), else a stable address from the symbol. */
  address?: string;
}

export interface V2PoolSpec {
  /** Token symbols; `reserves` are in the same order (the helper orders token0 < token1 by address). */
  tokens: [string, string];
  reserves: [bigint, bigint];
  /** Defaults to dexa_v2. */
  platform?: DexPlatformId;
}

export interface HandGraph {
  preset: NetworkPreset;
  snapshot: Snapshot;
  buffer: SharedArrayBuffer;
  graph: GraphView;
  /** Graph index of a token by symbol (tokens keep the order they were given in). */
  token(symbol: string): number;
  /** Checksummed address of a token by symbol. */
  address(symbol: string): string;
  /** The hop through pool `pool` (index in the pool list given) from one token symbol to the other. */
  hop(pool: number, from: string, to: string): Hop;
  /** Exact output of pool `pool` from token `from` for `amountIn`, by getAmountOut and the platform's fee. */
  out(pool: number, from: string, amountIn: bigint): bigint;
}

/** Platform code (index in DEX_PLATFORM_IDS) as SearchOptions.platformCode expects it. */
export function platformCode(platform: DexPlatformId): number {
  return DEX_PLATFORM_IDS.indexOf(platform);
}

/** A stable, checksummed address derived from a label. */
export function labelAddress(label: string): string {
  return getAddress(`0x${keccak256(toHex(label)).slice(-40)}`);
}

/** A snapshot holding exactly the given tokens (in order) and UniV2 pools (in order). */
export function handSnapshot(
  tokens: TokenSpec[],
  pools: V2PoolSpec[],
  options: { preset?: NetworkPreset; blockNumber?: bigint } = {},
): Snapshot {
  const preset = options.preset ?? loadPreset();
  const addresses = tokens.map(
    (t) => t.address ?? preset.tokens.find((p) => p.symbol === t.symbol)?.address ?? labelAddress(`hand-token-${t.symbol}`),
  );
  const index = (symbol: string) => {
    const i = tokens.findIndex((t) => t.symbol === symbol);
    if (i < 0) throw new Error(`No token ${symbol} in the hand-made snapshot`);
    return i;
  };
  return {
    format: SNAPSHOT_FORMAT,
    chainId: preset.chainId,
    blockNumber: options.blockNumber ?? 1_000n,
    synthetic: true,
    tokens: tokens.map((t, i) => ({ address: addresses[i], symbol: t.symbol, decimals: t.decimals })),
    pools: pools.map((p, i) => {
      const [a, b] = p.tokens.map(index);
      const aFirst = addresses[a].toLowerCase() < addresses[b].toLowerCase();
      return {
        platform: p.platform ?? 'dexa_v2',
        kind: 'univ2',
        address: labelAddress(`hand-pool-${i}`),
        tokens: aFirst ? [a, b] : [b, a],
        state: aFirst
          ? { reserve0: p.reserves[0], reserve1: p.reserves[1] }
          : { reserve0: p.reserves[1], reserve1: p.reserves[0] },
      };
    }),
  };
}

/** Builds the hand-made snapshot into a graph buffer (version `version`) and reads it back through a GraphView. */
export function handGraph(
  tokens: TokenSpec[],
  pools: V2PoolSpec[],
  options: { version?: number; blockNumber?: bigint } = {},
): HandGraph {
  const preset = loadPreset();
  const snapshot = handSnapshot(tokens, pools, { preset, blockNumber: options.blockNumber });
  const buffer = buildGraph(snapshot, preset, options.version ?? 1);
  const graph = new GraphView(buffer);
  const token = (symbol: string) => {
    const i = snapshot.tokens.findIndex((t) => t.symbol === symbol);
    if (i < 0) throw new Error(`No token ${symbol} in the hand-made graph`);
    return i;
  };
  const local = (pool: number, symbol: string) => {
    const at = snapshot.pools[pool].tokens.indexOf(token(symbol));
    if (at < 0) throw new Error(`Pool ${pool} does not hold ${symbol}`);
    return at;
  };
  return {
    preset,
    snapshot,
    buffer,
    graph,
    token,
    address: (symbol) => snapshot.tokens[token(symbol)].address,
    hop: (pool, from, to) => ({ pool, tokenIn: token(from), tokenOut: token(to), localIn: local(pool, from), localOut: local(pool, to) }),
    out: (pool, from, amountIn) => {
      const p = snapshot.pools[pool];
      const fee = preset.platforms[p.platform].swapFee!;
      const r0 = p.state.reserve0 as bigint;
      const r1 = p.state.reserve1 as bigint;
      const [reserveIn, reserveOut] = local(pool, from) === 0 ? [r0, r1] : [r1, r0];
      return getAmountOut(amountIn, reserveIn, reserveOut, BigInt(fee.numerator), BigInt(fee.denominator));
    },
  };
}
