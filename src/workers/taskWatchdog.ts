// Finds a quote worker stuck in one task, so that it can be stopped and replaced: a route search caught in an endless
// loop (one that no deadline check inside it ends) would otherwise hold its worker, and the tasks queued on it, for
// good. Each worker notes in shared memory the task it is computing; the main thread looks every quarter of the
// timeout, and a worker seen on the same task for the whole timeout is stuck (so it is stopped between one and about
// one and a half timeouts after the task started). The hot path costs two atomic stores. Only a task's synchronous
// computation is marked: not the wait for its graph version (which has its own timeout), nor the warming of a new
// version or the worker's warm-up before it serves.

/** A task as handed to a pooled worker: an id the watchdog knows it by (never 0, which marks an idle worker). */
export interface PooledTask<T> {
  id: number;
  task: T;
}

/** Shared with every worker (in its setup): a slot per worker, claimed by its thread id. */
export interface WatchdogMemory {
  /** Per slot: the owner's thread id (0: free), then the id of the task it is computing (0: none). */
  buffer: SharedArrayBuffer;
  slots: number;
}

export function watchdogMemory(slots: number): WatchdogMemory {
  return { buffer: new SharedArrayBuffer(slots * 2 * Int32Array.BYTES_PER_ELEMENT), slots };
}

/**
 * The worker's side: marks the task it computes. A worker that finds no free slot (more workers replaced within one
 * look than the slots spare) runs its tasks unwatched until a later one finds a slot the watchdog has freed.
 */
export class TaskMarks {
  private readonly cells: Int32Array;
  private slot = -1;

  constructor(
    private readonly memory: WatchdogMemory,
    private readonly threadId: number,
  ) {
    this.cells = new Int32Array(memory.buffer);
    this.claim();
  }

  private claim(): void {
    for (let k = 0; k < this.memory.slots && this.slot < 0; k++) {
      if (Atomics.compareExchange(this.cells, 2 * k, 0, this.threadId) === 0) this.slot = k;
    }
  }

  /** Runs `compute` (synchronous: that is what can spin) marked as task `id`. */
  run<R>(id: number, compute: () => R): R {
    if (this.slot < 0) this.claim();
    if (this.slot < 0) return compute();
    Atomics.store(this.cells, 2 * this.slot + 1, id);
    try {
      return compute();
    } finally {
      Atomics.store(this.cells, 2 * this.slot + 1, 0);
    }
  }
}

/** The main thread's side: reports each thread seen on one task for `timeoutMs`, and frees the slots of gone threads. */
export class TaskWatchdog {
  private readonly cells: Int32Array;
  /** Per slot: the task seen at the last look, and when it was first seen. */
  private readonly seen: Int32Array;
  private readonly since: Float64Array;
  private readonly timer: NodeJS.Timeout;
  private readonly period: number;
  private lastLook = performance.now();

  constructor(
    private readonly memory: WatchdogMemory,
    private readonly timeoutMs: number,
    private readonly liveThreads: () => Set<number>,
    private readonly onStuck: (threadId: number, taskId: number) => void,
  ) {
    this.cells = new Int32Array(memory.buffer);
    this.seen = new Int32Array(memory.slots);
    this.since = new Float64Array(memory.slots);
    this.period = Math.max(1, timeoutMs / 4);
    this.timer = setInterval(() => this.look(), this.period).unref();
  }

  private look(): void {
    const now = performance.now();
    // Looks far apart mean the whole process was paused (a suspended VM, a stopped process): the tasks seen then were
    // not running all that time, so each one's watch starts again.
    const paused = now - this.lastLook > 2 * this.period;
    this.lastLook = now;
    const live = this.liveThreads();
    for (let k = 0; k < this.memory.slots; k++) {
      const owner = Atomics.load(this.cells, 2 * k);
      if (owner === 0) continue;
      if (!live.has(owner)) {
        // A worker that exited (stopped, crashed, or retired by the pool) leaves its slot to its replacement.
        Atomics.store(this.cells, 2 * k + 1, 0);
        Atomics.store(this.cells, 2 * k, 0);
        this.seen[k] = 0;
        continue;
      }
      const task = Atomics.load(this.cells, 2 * k + 1);
      if (task === 0 || task !== this.seen[k] || (paused && Number.isFinite(this.since[k]))) {
        this.seen[k] = task;
        this.since[k] = now;
      } else if (now - this.since[k] >= this.timeoutMs) {
        // Once per task: its thread takes a moment to stop.
        this.since[k] = Number.POSITIVE_INFINITY;
        this.onStuck(owner, task);
      }
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
