// Live mode: follows new blocks, re-reads only the pools their logs touched (plus pools they created), and hands each
// new consistent state to the caller; on RPC failure it keeps the last good state and retries with backoff.
import type { Block, Log } from 'viem';
import type { DexPlatformId, NetworkPreset } from '../network/types.ts';
import type { ChainState } from './chainState.ts';
import { addPools, configuredPlatforms, loadChainState } from './loadChainState.ts';
import { readerFor } from './readers.ts';
import type { DiscoveredPool, ReadContext } from './types.ts';

export interface FollowOptions {
  /** How often the head is polled. */
  pollIntervalMs: number;
  /** Longest block range per eth_getLogs call while catching up. */
  maxLogRange?: bigint;
  /** First and longest wait between retries after an RPC failure (doubling in between). */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Called after each new block's state is complete, with the time (performance.now()) the block was first seen. */
  onState(state: ChainState, update: StateUpdate): void;
  onError?(error: unknown, consecutiveFailures: number): void;
}

export interface StateUpdate {
  seenAt: number;
  /** Pools re-read or added for this update. */
  changedPools: number;
  /** True when a reorg made the follower re-read every pool. */
  reorg: boolean;
}

export interface FollowStatus {
  /** Date.now() when the state was last confirmed to match the chain's head. */
  lastSyncedAt: number;
  consecutiveFailures: number;
  lastError: string | undefined;
}

/**
 * Follows the chain from `state`'s block. `stop()` ends the loop and resolves once no read is in flight.
 * @example const follower = followChain(ctx, preset, state, { pollIntervalMs: 1000, onState: publish })
 */
export function followChain(ctx: ReadContext, preset: NetworkPreset, state: ChainState, options: FollowOptions) {
  const maxLogRange = options.maxLogRange ?? 2_000n;
  const retryInitialMs = options.retryInitialMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  const platforms = configuredPlatforms(preset);
  const status: FollowStatus = { lastSyncedAt: Date.now(), consecutiveFailures: 0, lastError: undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let current = state;

  async function step(): Promise<void> {
    const head = await ctx.client.getBlock({ blockTag: 'latest' });
    const seenAt = performance.now();
    if (head.number === null || head.hash === null) return;
    if (head.number <= current.blockNumber && head.hash === current.blockHash) return;
    if (await isReorg(head)) {
      current = await loadChainState(ctx, preset, head.number);
      options.onState(current, { seenAt, changedPools: current.pools.size, reorg: true });
      return;
    }
    if (head.number <= current.blockNumber) return;

    const fromBlock = current.blockNumber + 1n;
    const logs = await logsBetween(fromBlock, head.number);
    const { touched, announcing } = classify(logs);
    const created = await Promise.all(
      [...announcing].map((platformId) =>
        readerFor(preset.platforms[platformId].kind).discoverPools(ctx, platformId, preset.platforms[platformId], {
          fromBlock,
          toBlock: head.number!,
        }),
      ),
    );
    const changed = new Map<string, DiscoveredPool>();
    for (const address of touched) {
      const tracked = current.pool(address);
      if (tracked) changed.set(address, tracked.pool);
    }
    for (const pool of created.flat()) changed.set(pool.address.toLowerCase(), pool);
    await addPools(ctx, preset, current, [...changed.values()], head.number);
    current.blockNumber = head.number;
    current.blockHash = head.hash;
    options.onState(current, { seenAt, changedPools: changed.size, reorg: false });
  }

  /** A reorg replaced the block our state was read at when the head no longer descends from it. */
  async function isReorg(head: Block): Promise<boolean> {
    if (current.blockHash === undefined) return false;
    if (head.number === current.blockNumber + 1n) return head.parentHash !== current.blockHash;
    if (head.number! <= current.blockNumber) return true; // same height or lower, different hash
    const anchor = await ctx.client.getBlock({ blockNumber: current.blockNumber });
    return anchor.hash !== current.blockHash;
  }

  async function logsBetween(fromBlock: bigint, toBlock: bigint): Promise<Log[]> {
    const logs: Log[] = [];
    for (let start = fromBlock; start <= toBlock; start += maxLogRange) {
      const end = start + maxLogRange - 1n < toBlock ? start + maxLogRange - 1n : toBlock;
      logs.push(...(await ctx.client.getLogs({ fromBlock: start, toBlock: end })));
    }
    return logs;
  }

  function classify(logs: readonly Log[]): { touched: Set<string>; announcing: Set<DexPlatformId> } {
    const touched = new Set<string>();
    const announcing = new Set<DexPlatformId>();
    for (const log of logs) {
      for (const platformId of platforms) {
        const platform = preset.platforms[platformId];
        const reader = readerFor(platform.kind);
        for (const address of reader.touchedPools(log, platform)) touched.add(address.toLowerCase());
        if (reader.announcesPools(log, platform)) announcing.add(platformId);
      }
    }
    return { touched, announcing };
  }

  async function loop(): Promise<void> {
    let delay = options.pollIntervalMs;
    while (!stopped) {
      try {
        await step();
        status.lastSyncedAt = Date.now();
        status.consecutiveFailures = 0;
        status.lastError = undefined;
        delay = options.pollIntervalMs;
      } catch (error) {
        status.consecutiveFailures++;
        status.lastError = error instanceof Error ? error.message.split('\n')[0] : String(error);
        options.onError?.(error, status.consecutiveFailures);
        delay = Math.min(retryMaxMs, retryInitialMs * 2 ** (status.consecutiveFailures - 1));
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, delay);
      });
    }
  }

  const running = loop();
  return {
    status,
    /** The newest state (after a reorg, a new object). */
    get state(): ChainState {
      return current;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

export type ChainFollower = ReturnType<typeof followChain>;
