// The pools and tokens the service knows at one block, as read from chain; turned into a snapshot to build a graph.
import type { Address } from 'viem';
import type { NetworkPreset } from '../network/types.ts';
import { SNAPSHOT_FORMAT, type Snapshot, type SnapshotPool, type SnapshotToken } from '../snapshot/types.ts';
import type { DiscoveredPool } from './types.ts';

export interface TrackedPool {
  pool: DiscoveredPool;
  /** Null while the pool cannot be quoted (no liquidity); it stays tracked so it returns when funded. */
  state: Record<string, unknown> | null;
}

export class ChainState {
  blockNumber: bigint;
  blockHash: string | undefined;
  readonly pools = new Map<string, TrackedPool>();
  readonly tokens: SnapshotToken[] = [];
  private readonly tokenIndex = new Map<string, number>();

  constructor(blockNumber: bigint, blockHash?: string) {
    this.blockNumber = blockNumber;
    this.blockHash = blockHash;
  }

  hasToken(address: string): boolean {
    return this.tokenIndex.has(address.toLowerCase());
  }

  addToken(token: SnapshotToken): void {
    if (this.hasToken(token.address)) return;
    this.tokenIndex.set(token.address.toLowerCase(), this.tokens.length);
    this.tokens.push(token);
  }

  pool(address: string): TrackedPool | undefined {
    return this.pools.get(address.toLowerCase());
  }

  setPool(pool: DiscoveredPool, state: Record<string, unknown> | null): void {
    this.pools.set(pool.address.toLowerCase(), { pool, state });
  }

  /** Tokens that pools name but this state has no metadata for yet. */
  unknownTokens(pools: Iterable<DiscoveredPool>): Address[] {
    const unknown = new Set<Address>();
    for (const pool of pools) for (const t of pool.tokens) if (!this.hasToken(t)) unknown.add(t);
    return [...unknown];
  }

  /** Every quotable pool whose tokens all have metadata, as a snapshot at this state's block. */
  toSnapshot(preset: NetworkPreset): Snapshot {
    const pools: SnapshotPool[] = [];
    for (const { pool, state } of this.pools.values()) {
      if (!state) continue;
      const tokens = pool.tokens.map((t) => this.tokenIndex.get(t.toLowerCase()));
      if (tokens.some((t) => t === undefined)) continue;
      pools.push({
        platform: pool.platform,
        kind: pool.kind,
        address: pool.address,
        tokens: tokens as number[],
        state,
        meta: pool.meta,
      });
    }
    return {
      format: SNAPSHOT_FORMAT,
      chainId: preset.chainId,
      blockNumber: this.blockNumber,
      synthetic: false,
      tokens: [...this.tokens],
      pools,
    };
  }

  /** Rebuilds a state from a snapshot written by `toSnapshot` (warm start); pools without `meta` are skipped. */
  static fromSnapshot(snapshot: Snapshot): ChainState {
    const chain = new ChainState(snapshot.blockNumber);
    for (const token of snapshot.tokens) chain.addToken(token);
    for (const p of snapshot.pools) {
      if (!p.meta) continue;
      const pool: DiscoveredPool = {
        platform: p.platform,
        kind: p.kind,
        address: p.address as Address,
        tokens: p.tokens.map((i) => snapshot.tokens[i].address as Address),
        meta: p.meta,
      };
      chain.setPool(pool, p.state);
    }
    return chain;
  }
}
