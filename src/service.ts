// Assembles the service: state (a snapshot file, or a chain-369 node followed block by block) → shared graph → quote
// runner (worker pool or inline) → HTTP server.
import type { ChainThread } from './chain/chainThread.ts';
import type { ServiceConfig } from './config.ts';
import { buildGraph } from './graph/buildGraph.ts';
import type { StateFreshness } from './http/health.ts';
import { type RunningServer, startServer } from './http/server.ts';
import { type Logger, createLogger } from './logger.ts';
import { loadPreset } from './network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from './snapshot/snapshotFile.ts';
import { InlineQuoteRunner, PooledQuoteRunner, type QuoteRunner } from './workers/quoteRunner.ts';

/** Longest the service waits for its workers' warm-up before it listens (a warm-up takes about a second). */
const WARM_UP_TIMEOUT_MS = 30_000;

export interface Service {
  port: number;
  runner: QuoteRunner;
  /** Live mode only: the chain follower (block numbers, publish latencies). */
  live: ChainThread | undefined;
  close(): Promise<void>;
}

/**
 * Starts the whole service on the configured snapshot.
 * @example const service = await startService(loadConfig({ PORT: '0' })); service.port
 */
export async function startService(config: ServiceConfig, logger: Logger = createLogger(config.logLevel)): Promise<Service> {
  const started = performance.now();
  const preset = loadPreset(config.presetPath);
  const live = config.rpcUrl ? await startChainThread(config, logger) : undefined;
  const snapshot = live ? undefined : readSnapshot(config.snapshotPath ?? DEFAULT_SNAPSHOT_PATH);
  const buffer = live ? live.initial : buildGraph(snapshot!, preset, 1);
  const runner: QuoteRunner =
    config.workers > 0
      ? new PooledQuoteRunner(buffer, {
          workers: config.workers,
          maxQueue: config.maxQueue,
          presetPath: config.presetPath,
          nice: config.workerNice,
          warmUp: config.workerWarmUp,
          youngGenerationMb: config.workerYoungGenerationMb,
          taskTimeoutMs: config.quoteTimeoutMs,
        })
      : new InlineQuoteRunner(buffer, preset);
  live?.follow(runner);
  await warmUp(runner, logger);
  const freshness = (): StateFreshness => {
    const graphVersion = runner.graph.version;
    if (!live) {
      const { blockNumber, pools, tokens } = snapshot!;
      return { source: 'snapshot', blockNumber, stateAgeMs: null, pools: pools.length, tokens: tokens.length, graphVersion };
    }
    return { source: 'rpc', graphVersion, ...live.freshness() };
  };
  let server: RunningServer;
  try {
    server = await startServer({ config, runner, logger, freshness });
  } catch (error) {
    await live?.stop();
    await runner.close();
    throw error;
  }
  const state = freshness();
  logger.info('service listening', {
    port: server.port,
    source: state.source,
    block: state.blockNumber.toString(),
    pools: state.pools,
    tokens: state.tokens,
    workers: config.workers,
    startupMs: Math.round(performance.now() - started),
  });
  return {
    port: server.port,
    runner,
    live,
    close: async () => {
      await live?.stop();
      await server.close();
      await runner.close();
    },
  };
}

/**
 * Waits for the quote workers' warm-up, so the service listens only once they are warm: a cold worker's first split
 * searches run out of their time budget (src/workers/jitWarmUp.ts). A warm-up that fails or hangs is logged, and the
 * service listens anyway.
 */
async function warmUp(runner: QuoteRunner, logger: Logger): Promise<void> {
  const started = performance.now();
  const { done, reports } = await runner.warm(WARM_UP_TIMEOUT_MS);
  if (reports.size === 0 && done) return;
  const ms = Math.round(performance.now() - started);
  const failed = [...reports.values()].filter((report) => report.failed > 0);
  if (!done) logger.warn('quote workers not all warm; listening anyway', { ms, warm: reports.size });
  for (const report of failed) logger.warn('quote worker warm-up requests failed', { failed: report.failed, error: report.firstError });
  if (done) logger.info('quote workers warm', { ms, routed: [...reports.values()].map((report) => report.routed) });
}

/** Live mode: the chain reader (and viem) run in their own thread, so the HTTP thread never waits on them. */
async function startChainThread(config: ServiceConfig, logger: Logger): Promise<ChainThread> {
  const { ChainThread } = await import('./chain/chainThread.ts');
  return ChainThread.start(
    {
      rpcUrl: config.rpcUrl!,
      presetPath: config.presetPath,
      pollIntervalMs: config.blockPollMs,
      warmStartPath: config.snapshotPath,
      logLevel: config.logLevel,
    },
    logger,
  );
}
