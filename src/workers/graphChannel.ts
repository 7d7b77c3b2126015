// The channel on which graph versions reach every worker: the buffer is shared, not copied. A worker announces
// itself when it starts and the main thread answers with the versions workers keep, so a worker started late (or
// started to replace a stopped one) misses no publication a task may name. A worker that warms up says so when done.

import type { WarmUpReport } from './jitWarmUp.ts';
import type { WatchdogMemory } from './taskWatchdog.ts';

/**
 * The name of a new pool's channel: one per pool, so that two pools in one process (tests run several services at
 * once) never take each other's versions, whose numbers can be the same for other graphs.
 */
let pools = 0;
export function graphChannelName(): string {
  return `quote-graph-versions-${++pools}`;
}

export interface GraphPublication {
  version: number;
  buffer: SharedArrayBuffer;
}

/** `hello`: a worker started (and needs the current version); `warm`: a worker finished its warm-up. */
export type ChannelMessage =
  | ({ kind: 'version' } & GraphPublication)
  | { kind: 'hello'; threadId: number }
  | ({ kind: 'warm'; threadId: number } & WarmUpReport);

/** What a worker receives at start: the graph version it can begin with and the network preset. */
export interface WorkerSetup {
  /** The pool's graph channel. */
  channel: string;
  initial: GraphPublication;
  presetPath?: string;
  /** Nice value the worker gives its own thread (0: unchanged). */
  nice?: number;
  /** Whether the worker quotes the warm-up's requests (jitWarmUp.ts) on its initial version before its first task. */
  warmUp?: boolean;
  /** Where the worker marks the task it computes, for the task watchdog (absent: unwatched). */
  watchdog?: WatchdogMemory;
}
