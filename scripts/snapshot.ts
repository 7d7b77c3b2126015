// `npm run snapshot -- --rpc URL [--out file] [--preset file]`: reads every pool of every platform from a chain-369 node
// into a snapshot file (the service can warm-start from it with SNAPSHOT=file and RPC_URL set).
import { parseArgs } from 'node:util';
import { http, createPublicClient, type PublicClient } from 'viem';
import { loadChainState } from '../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../src/chain/multicall.ts';
import type { ReadProgress } from '../src/chain/types.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { writeSnapshot } from '../src/snapshot/snapshotFile.ts';

const { values } = parseArgs({
  options: { rpc: { type: 'string' }, out: { type: 'string' }, preset: { type: 'string' } },
});
if (!values.rpc) {
  process.stderr.write('usage: npm run snapshot -- --rpc URL [--out file.json.gz] [--preset network.json]\n');
  process.exit(2);
}
const preset = loadPreset(values.preset);
const client = createPublicClient({ transport: http(values.rpc, { timeout: 30_000, retryCount: 3 }) }) as PublicClient;
const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as `0x${string}` });
const progress = new Map<string, string>();
const onProgress = (event: ReadProgress) => {
  progress.set(event.platform, `${event.platform} ${event.stage} ${event.done}/${event.total}`);
  if (process.stderr.isTTY) process.stderr.write(`\r${[...progress.values()].join('  ')}\u001b[K`);
};

const started = performance.now();
const head = await client.getBlockNumber();
process.stderr.write(`reading chain ${await client.getChainId()} at block ${head}\n`);
const state = await loadChainState({ client, multicall, onProgress }, preset, head);
const snapshot = state.toSnapshot(preset);
const out = values.out ?? `snapshot-${head}.json.gz`;
writeSnapshot(out, snapshot);
process.stderr.write(
  `\nwrote ${out}: ${snapshot.pools.length} pools, ${snapshot.tokens.length} tokens at block ${head} in ${Math.round(performance.now() - started)} ms\n`,
);
