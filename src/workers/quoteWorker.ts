// Piscina worker entry: quotes tasks on the graph version each task names. Graph versions arrive over a
// BroadcastChannel as shared buffers, so attaching costs no copy whatever the graph's size.
import { setPriority } from 'node:os';
import { BroadcastChannel, threadId, workerData } from 'node:worker_threads';
import { loadPreset } from '../network/loadPreset.ts';
import { timedQuote } from '../quote/serializeOutcome.ts';
import type { QuoteTask, SerializedOutcome } from '../quote/types.ts';
import type { ChannelMessage, WorkerSetup } from './graphChannel.ts';
import { GraphVersions } from './graphVersions.ts';
import { warmUp } from './jitWarmUp.ts';
import { type PooledTask, TaskMarks } from './taskWatchdog.ts';

const setup = workerData as WorkerSetup;
// On Linux a thread's nice value is its own (setpriority on the calling thread): a search running here yields to the
// HTTP thread as soon as a request arrives, so cached answers and hand-offs do not wait for a time slice. Raising
// one's own nice value needs no privilege.
if (setup.nice) setPriority(0, setup.nice);
const preset = loadPreset(setup.presetPath);
const versions = new GraphVersions();
const initial = versions.add(setup.initial);
const marks = setup.watchdog ? new TaskMarks(setup.watchdog, threadId) : undefined;

const channel = new BroadcastChannel(setup.channel);
channel.onmessage = (event: unknown) => {
  const message = (event as { data: ChannelMessage }).data;
  if (message.kind === 'version') versions.add(message);
};
// Ask for the versions workers keep: some may have been published before this channel opened.
channel.postMessage({ kind: 'hello', threadId } satisfies ChannelMessage);
// The channel must not keep an idle worker alive; piscina owns the worker's lifetime.
channel.unref();
if (setup.warmUp) {
  // Before the first task, which waits meanwhile (the service listens only once every worker is warm); piscina's idle
  // workers sleep on Atomics.wait, so it could not run between tasks. Versions published meanwhile are taken when the
  // worker next turns its event loop.
  const report = warmUp(initial, preset);
  channel.postMessage({ kind: 'warm', threadId, ...report } satisfies ChannelMessage);
}

export default async function quote({ id, task }: PooledTask<QuoteTask>): Promise<SerializedOutcome> {
  const found = versions.get(task.graphVersion);
  const view = found instanceof Promise ? await found : found;
  const compute = () => timedQuote(view, preset, task);
  return marks ? marks.run(id, compute) : compute();
}
