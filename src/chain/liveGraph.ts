// Live mode end to end: load the state from an RPC endpoint (or warm-start from a snapshot and catch up), build graph
// version 1, then publish a new graph version for every new block and report how fresh the state is.
import { http, createPublicClient, type PublicClient } from 'viem';
import { buildGraph } from '../graph/buildGraph.ts';
import type { Logger } from '../logger.ts';
import type { NetworkPreset } from '../network/types.ts';
import type { Snapshot } from '../snapshot/types.ts';
import { ChainState } from './chainState.ts';
import { type ChainFollower, type StateUpdate, followChain } from './followChain.ts';
import { loadChainState } from './loadChainState.ts';
import { createMulticallBatcher } from './multicall.ts';
import type { ReadContext } from './types.ts';

const RPC_TIMEOUT_MS = 10_000;
const INITIAL_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export interface LiveGraphOptions {
  rpcUrl: string;
  preset: NetworkPreset;
  pollIntervalMs: number;
  logger: Logger;
  /** A snapshot read from chain earlier: start from it and catch up from its block instead of a full load. */
  warmStart?: Snapshot;
  /** Version of the first graph (default 1); later ones count up from it. */
  firstVersion?: number;
}

export interface Publisher {
  /** `update` says when the block was first seen, for latency measurements. */
  publish(buffer: SharedArrayBuffer, update?: StateUpdate): number;
}

export interface LiveFreshness {
  blockNumber: bigint;
  /** Milliseconds since the state was last confirmed to match the chain head. */
  stateAgeMs: number;
  pools: number;
  tokens: number;
  lastError: string | undefined;
}

export class LiveGraph {
  private follower: ChainFollower | undefined;
  private version: number;
  /** Milliseconds from first seeing each recent block to its graph being published (newest last). */
  readonly publishLatenciesMs: number[] = [];

  private constructor(
    private readonly ctx: ReadContext,
    private readonly options: LiveGraphOptions,
    private state: ChainState,
    /** Graph version 1, at the loaded block. */
    readonly initial: SharedArrayBuffer,
  ) {
    this.version = options.firstVersion ?? 1;
  }

  /**
   * Loads the state (retrying with backoff until the endpoint answers) and builds the first graph version.
   * @example const live = await LiveGraph.load({ rpcUrl, preset, pollIntervalMs: 1000, logger }); live.follow(runner)
   */
  static async load(options: LiveGraphOptions): Promise<LiveGraph> {
    const client = createPublicClient({
      transport: http(options.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
    }) as PublicClient;
    const ctx: ReadContext = {
      client,
      multicall: createMulticallBatcher(client, { multicallAddress: options.preset.multicall3 as `0x${string}` }),
    };
    const state = options.warmStart
      ? ChainState.fromSnapshot(options.warmStart)
      : await retrying(options.logger, () => client.getBlockNumber().then((head) => loadChainState(ctx, options.preset, head)));
    const initial = buildGraph(state.toSnapshot(options.preset), options.preset, options.firstVersion ?? 1);
    return new LiveGraph(ctx, options, state, initial);
  }

  /** Starts following new blocks, publishing each one's graph through `publisher`. */
  follow(publisher: Publisher): void {
    const { preset, logger } = this.options;
    this.follower = followChain(this.ctx, preset, this.state, {
      pollIntervalMs: this.options.pollIntervalMs,
      retryInitialMs: INITIAL_RETRY_MS,
      retryMaxMs: MAX_RETRY_MS,
      onState: (state, update) => {
        this.state = state;
        const buffer = buildGraph(state.toSnapshot(preset), preset, ++this.version);
        publisher.publish(buffer, update);
        const latency = performance.now() - update.seenAt;
        this.publishLatenciesMs.push(latency);
        if (this.publishLatenciesMs.length > 1000) this.publishLatenciesMs.shift();
        logger.debug('block published', {
          block: state.blockNumber.toString(),
          changedPools: update.changedPools,
          reorg: update.reorg,
          latencyMs: Math.round(latency * 10) / 10,
        });
      },
      onError: (error, failures) =>
        logger.warn('chain read failed; serving the last good state', {
          failures,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        }),
    });
  }

  freshness(): LiveFreshness {
    const status = this.follower?.status;
    let pools = 0;
    for (const tracked of this.state.pools.values()) if (tracked.state) pools++;
    return {
      blockNumber: this.state.blockNumber,
      stateAgeMs: status ? Date.now() - status.lastSyncedAt : 0,
      pools,
      tokens: this.state.tokens.length,
      lastError: status?.lastError,
    };
  }

  /** The current state as a snapshot (e.g. to save for a later warm start). */
  snapshot(): Snapshot {
    return this.state.toSnapshot(this.options.preset);
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
  }
}

async function retrying<T>(logger: Logger, action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      const waitMs = Math.min(MAX_RETRY_MS, INITIAL_RETRY_MS * 2 ** (attempt - 1));
      logger.warn('initial chain load failed; retrying', {
        attempt,
        waitMs,
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
