// The contract between the chain reader and each platform's reader: discover pools, read their state, and say which
// pools a block's log touched.
import type { Address, Log, PublicClient } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../network/types.ts';
import type { MulticallBatcher } from './multicall.ts';

export interface ReadContext {
  client: PublicClient;
  multicall: MulticallBatcher;
  /** Called as long reads progress (e.g. 1,200 of 20,000 pairs read). */
  onProgress?: (event: ReadProgress) => void;
}

export interface ReadProgress {
  platform: DexPlatformId;
  stage: 'discover' | 'state';
  done: number;
  total: number;
}

/** A pool found on chain, before its state is read. */
export interface DiscoveredPool {
  platform: DexPlatformId;
  /** Snapshot pool kind: univ2, univ3, stable, balv2Weighted, balv2Stable, balv3Weighted, balv3Stable. */
  kind: string;
  address: Address;
  /** Tradable tokens in the pool's own order (a composable stable pool's BPT left out). */
  tokens: Address[];
  /** Facts fixed at creation that state reads need, e.g. a Balancer V2 poolId or a V3 pool's fee and tickSpacing. */
  meta: Record<string, string | number>;
}

export interface BlockRange {
  fromBlock: bigint;
  toBlock: bigint;
}

export interface PlatformReader {
  /**
   * Pools of the platform created within `range` (fromBlock 0: every pool that exists at toBlock). Pools the engine
   * cannot model (unknown pool type, hooks) are left out.
   */
  discoverPools(
    ctx: ReadContext,
    platformId: DexPlatformId,
    preset: PlatformPreset,
    range: BlockRange,
  ): Promise<DiscoveredPool[]>;
  /**
   * Each pool's state at `blockNumber`, as SnapshotPool.state holds it (the engine's state type for the kind), or null
   * for a pool that cannot be quoted there (no liquidity, paused).
   */
  readPoolStates(
    ctx: ReadContext,
    preset: PlatformPreset,
    pools: readonly DiscoveredPool[],
    blockNumber: bigint,
  ): Promise<(Record<string, unknown> | null)[]>;
  /** Pools whose state `log` may have changed: the emitting pool, or the pool a vault's log names. */
  touchedPools(log: Log, preset: PlatformPreset): Address[];
  /** True when `log` announces new pools of the platform (PairCreated, PoolCreated, PoolRegistered). */
  announcesPools(log: Log, preset: PlatformPreset): boolean;
}
