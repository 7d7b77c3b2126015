// Entry point: starts the service from environment variables and shuts it down gracefully on SIGINT/SIGTERM.
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startService } from './service.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const service = await startService(config, logger);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    await service.close();
    process.exit(0);
  });
}
