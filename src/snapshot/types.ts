// The snapshot file format: tokens and pools with their full state at one block.
import type { DexPlatformId } from '../network/types.ts';

export const SNAPSHOT_FORMAT = 1;

export interface SnapshotToken {
  address: string;
  symbol: string;
  decimals: number;
}

export interface SnapshotPool {
  platform: DexPlatformId;
  /** Pool kind: "univ2", "univ3", "stable", "balv2Weighted", "balv2Stable", "balv3Weighted", "balv3Stable". */
  kind: string;
  address: string;
  /** Indices into Snapshot.tokens, in the pool's own token order (tradable tokens only). */
  tokens: number[];
  /** Kind-specific state; bigint fields are stored as decimal strings in the file. */
  state: Record<string, unknown>;
  /** Facts fixed at the pool's creation that the chain reader needs to re-read it (e.g. a Balancer V2 poolId). */
  meta?: Record<string, string | number>;
}

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  chainId: number;
  blockNumber: bigint;
  /** True for generated data that mimics the chain; false for state read from a node. */
  synthetic: boolean;
  tokens: SnapshotToken[];
  pools: SnapshotPool[];
}
