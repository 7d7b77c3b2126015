// Worker-thread entry for live mode: reads the chain, follows blocks and builds each graph version off the main
// thread (a 20,000-pool graph takes a few hundred ms to build; the HTTP thread must not stall for it).
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../logger.ts';
import { loadPreset } from '../network/loadPreset.ts';
import { readSnapshot } from '../snapshot/snapshotFile.ts';
import { LiveGraph } from './liveGraph.ts';
import type { ChainThreadMessage, ChainThreadSetup } from './chainThreadProtocol.ts';

// No top-level await: from source this module is loaded through require (see chainThread.ts).
void run(workerData as ChainThreadSetup);

async function run(setup: ChainThreadSetup): Promise<void> {
const port = parentPort!;
const post = (message: ChainThreadMessage) => port.postMessage(message);
const preset = loadPreset(setup.presetPath);
const snapshot = setup.warmStartPath ? readSnapshot(setup.warmStartPath) : undefined;
const live = await LiveGraph.load({
  rpcUrl: setup.rpcUrl,
  preset,
  pollIntervalMs: setup.pollIntervalMs,
  logger: createLogger(setup.logLevel),
  firstVersion: setup.firstVersion,
  // A synthetic snapshot is not chain state: only one read from a node can seed a warm start.
  warmStart: snapshot && !snapshot.synthetic ? snapshot : undefined,
});

const status = () => {
  const { stateAgeMs, ...rest } = live.freshness();
  return { ...rest, lastSyncedAt: Date.now() - stateAgeMs };
};
post({ kind: 'initial', buffer: live.initial, status: status() });
live.follow({
  publish(buffer, update) {
    const seenAtEpochMs = performance.timeOrigin + (update?.seenAt ?? performance.now());
    post({ kind: 'graph', buffer, seenAtEpochMs, changedPools: update?.changedPools ?? 0, reorg: update?.reorg ?? false, status: status() });
    return 0;
  },
});
const heartbeat = setInterval(() => post({ kind: 'status', status: status() }), setup.pollIntervalMs);
port.on('message', async (message: { kind: 'stop' }) => {
  if (message.kind !== 'stop') return;
  clearInterval(heartbeat);
  await live.stop();
  port.close();
});
}
