// `npm run devnet`: a local chain-369 node with the real DEX contracts, and the quote service following it live.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { startService } from '../src/service.ts';
import { writeSnapshot } from '../src/snapshot/snapshotFile.ts';
import { startDevnet } from './startDevnet.ts';

const OUT_DIR = new URL('../.devnet/', import.meta.url).pathname;
const port = Number(process.env.DEVNET_PORT ?? 8545);

const started = performance.now();
const devnet = await startDevnet({ port });
mkdirSync(OUT_DIR, { recursive: true });
const presetPath = join(OUT_DIR, 'network.json');
writeFileSync(presetPath, `${JSON.stringify(devnet.deployment.preset, null, 2)}\n`);
writeSnapshot(join(OUT_DIR, 'deployed.json'), devnet.deployment.snapshot);
const { pools, tokens } = devnet.deployment.snapshot;
process.stdout.write(
  [
    `devnet RPC: ${devnet.rpcUrl} (chain id 369, anvil pid ${devnet.anvil.pid})`,
    `deployed ${pools.length} pools over ${tokens.length} tokens ${devnet.fromCache ? 'from the cached state' : 'from scratch'} in ${Math.round(performance.now() - started)} ms`,
    `network file: ${presetPath}`,
    '',
  ].join('\n'),
);

const config = loadConfig({ BLOCK_POLL_MS: '100', ...process.env, RPC_URL: devnet.rpcUrl, NETWORK_PRESET: presetPath });
const logger = createLogger(config.logLevel);
let service;
try {
  service = await startService(config, logger);
} catch (error) {
  await devnet.stop();
  throw error;
}
process.stdout.write(`quote service: http://127.0.0.1:${service.port}/api/v2/quotes (health: /health)\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await service.close();
    await devnet.stop();
    process.exit(0);
  });
}
