// Assembles the service: snapshot → shared graph → quote runner (worker pool or inline) → HTTP server.
import type { ServiceConfig } from './config.ts';
import { buildGraph } from './graph/buildGraph.ts';
import { type RunningServer, startServer } from './http/server.ts';
import { type Logger, createLogger } from './logger.ts';
import { loadPreset } from './network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from './snapshot/snapshotFile.ts';
import { InlineQuoteRunner, PooledQuoteRunner, type QuoteRunner } from './workers/quoteRunner.ts';

export interface Service {
  port: number;
  runner: QuoteRunner;
  close(): Promise<void>;
}

/**
 * Starts the whole service on the configured snapshot.
 * @example const service = await startService(loadConfig({ PORT: '0' })); service.port
 */
export async function startService(config: ServiceConfig, logger: Logger = createLogger(config.logLevel)): Promise<Service> {
  const started = performance.now();
  const preset = loadPreset(config.presetPath);
  const snapshot = readSnapshot(config.snapshotPath ?? DEFAULT_SNAPSHOT_PATH);
  const buffer = buildGraph(snapshot, preset, 1);
  const runner: QuoteRunner =
    config.workers > 0
      ? new PooledQuoteRunner(buffer, { workers: config.workers, maxQueue: config.maxQueue, presetPath: config.presetPath })
      : new InlineQuoteRunner(buffer, preset);
  let server: RunningServer;
  try {
    server = await startServer({ config, runner, logger });
  } catch (error) {
    await runner.close();
    throw error;
  }
  logger.info('service listening', {
    port: server.port,
    pools: snapshot.pools.length,
    tokens: snapshot.tokens.length,
    synthetic: snapshot.synthetic,
    workers: config.workers,
    startupMs: Math.round(performance.now() - started),
  });
  return {
    port: server.port,
    runner,
    close: async () => {
      await server.close();
      await runner.close();
    },
  };
}
