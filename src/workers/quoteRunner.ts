// Where quotes are computed: in a piscina pool of workers sharing the graph, or inline on the main thread.
// Both publish graph versions the same way, so callers do not care which one they have.
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import { timedQuote } from '../quote/serializeOutcome.ts';
import type { QuoteTask, SerializedOutcome } from '../quote/types.ts';
import { type ChannelMessage, type GraphPublication, type WorkerSetup, graphChannelName } from './graphChannel.ts';
import { GraphVersions, VERSIONS_KEPT } from './graphVersions.ts';
import type { WarmUpReport } from './jitWarmUp.ts';
import { type PooledTask, TaskWatchdog, watchdogMemory } from './taskWatchdog.ts';

export interface QuoteRunner {
  /** The newest published graph (the main thread's own view of it). */
  readonly graph: GraphView;
  compute(task: QuoteTask): Promise<SerializedOutcome>;
  /** Makes `buffer` the current graph everywhere; returns its version. */
  publish(buffer: SharedArrayBuffer): number;
  /**
   * Resolves once quotes run at full speed, or after `timeoutMs`: the warm-ups of the workers that finished one by
   * then (thread id → report), and whether every worker did.
   */
  warm(timeoutMs: number): Promise<{ done: boolean; reports: ReadonlyMap<number, WarmUpReport> }>;
  close(): Promise<void>;
}

export interface PoolSettings {
  workers: number;
  /** Tasks queued beyond the workers before new ones are refused (503). */
  maxQueue: number;
  presetPath?: string;
  /** Nice value of the worker threads (0–19; absent or 0: the process's own). */
  nice?: number;
  /** Whether each worker warms up its JIT with quotes of its own before serving (jitWarmUp.ts). */
  warmUp?: boolean;
  /**
   * Largest young generation of each worker's heap, in MiB (absent or 0: Node's default, 48 on 64-bit). A quote allocates
   * megabytes of short-lived floats and arrays; a larger young generation scavenges less often, and what survives a
   * scavenge does not grow with it.
   */
  youngGenerationMb?: number;
  /**
   * Longest a worker may compute one task, in milliseconds (absent or 0: no limit). Past it (within about half as long
   * again; taskWatchdog.ts) the worker is stopped and replaced, the task rejects with a QuoteTimeout, and the other
   * tasks the worker held run again on another. It also bounds how long close() waits for running tasks (as does
   * piscina's own 30 s).
   */
  taskTimeoutMs?: number;
  /** The worker's module (URL): quoteWorker by default. */
  workerModule?: string;
}

/** A task that a worker computed for longer than the pool's task timeout. */
export class QuoteTimeout extends Error {
  override name = 'QuoteTimeout';
  constructor(timeoutMs: number, task: QuoteTask) {
    super(
      `The ${task.mode} quote of ${task.amountIn} ${task.fromToken} → ${task.toToken} on ${task.platform} (graph version ${task.graphVersion}) ran past ${timeoutMs} ms: its worker was stopped and replaced`,
    );
  }
}

/**
 * piscina's rejection of every task a worker held when its thread exited: stopped by the watchdog, or ended by
 * process.exit (an uncaught exception or running out of memory rejects them with its own error).
 */
const WORKER_EXITED = /^worker exited with code/;
/** piscina's own limit on how long close() waits for running tasks. */
const DEFAULT_CLOSE_TIMEOUT_MS = 30_000;
/** Task ids run from 1 to this, then start again (0 marks an idle worker). */
const LAST_TASK_ID = 2 ** 31 - 1;

export class PooledQuoteRunner implements QuoteRunner {
  graph: GraphView;
  private readonly pool: Piscina;
  private readonly channel = new BroadcastChannel(graphChannelName());
  private readonly greeted = new Set<number>();
  /** The warm-up of each worker that finished one, by thread id. */
  private readonly warmedUp = new Map<number, WarmUpReport>();
  private readonly workerCount: number;
  private readonly warmUp: boolean;
  /** Checks of the pending ready() and warm() waits, run on each worker's message. */
  private readonly waits = new Set<(closing?: boolean) => void>();
  private readonly watchdog: TaskWatchdog | undefined;
  /** Longest a worker may compute one task before it is stopped (0: no limit). */
  readonly taskTimeoutMs: number;
  private lastTaskId = 0;
  /** Tasks whose worker the watchdog stopped for them. */
  private readonly stuckTasks = new Set<number>();
  /**
   * The newest publications, oldest first, which workers keep: a worker that starts late (a replacement) gets them
   * all, so the tasks queued or run again on it find the version they name.
   */
  private readonly recent: GraphPublication[];

  constructor(buffer: SharedArrayBuffer, settings: PoolSettings) {
    this.graph = new GraphView(buffer);
    this.recent = [{ version: this.graph.version, buffer }];
    this.workerCount = settings.workers;
    this.warmUp = settings.warmUp ?? false;
    this.taskTimeoutMs = settings.taskTimeoutMs ?? 0;
    // Slots for the workers and their replacements until the watchdog's next look frees the slots of gone ones.
    const memory = this.taskTimeoutMs > 0 ? watchdogMemory(2 * settings.workers + 8) : undefined;
    // A starting worker says hello; answer with the versions workers keep, so that it misses none published earlier.
    this.channel.onmessage = (event: unknown) => {
      const message = (event as { data: ChannelMessage }).data;
      if (message.kind === 'version') return;
      if (message.kind === 'hello') {
        this.greeted.add(message.threadId);
        // Workers that hold them already skip them.
        for (const publication of this.recent) this.broadcast(publication);
      } else {
        const { kind, threadId, ...report } = message;
        this.warmedUp.set(threadId, report);
      }
      for (const check of this.waits) check();
    };
    this.channel.unref();
    const workerData: WorkerSetup = {
      channel: this.channel.name,
      initial: this.recent[0],
      presetPath: settings.presetPath,
      nice: settings.nice,
      warmUp: settings.warmUp,
      watchdog: memory,
    };
    this.pool = new Piscina({
      // The worker runs from source under tsx (tests) and from dist/ when built (npm start).
      filename: settings.workerModule ?? new URL(`./quoteWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href,
      minThreads: settings.workers,
      maxThreads: settings.workers,
      // Several tasks in flight per worker save a thread wake-up per task under load.
      concurrentTasksPerWorker: 16,
      // A worker stuck in a task would hold close() for piscina's default 30 s: no longer than the task timeout, as its
      // tasks are then abandoned. (An undefined closeTimeout would replace the default.)
      ...(this.taskTimeoutMs > 0 ? { closeTimeout: Math.min(this.taskTimeoutMs, DEFAULT_CLOSE_TIMEOUT_MS) } : {}),
      maxQueue: settings.maxQueue,
      resourceLimits: settings.youngGenerationMb ? { maxYoungGenerationSizeMb: settings.youngGenerationMb } : undefined,
      workerData,
    });
    // Past closeTimeout piscina reports the timeout as an 'error' event (piscina 5's Errors.CloseTimeout, matched by its
    // text), then stops the workers: close() is done.
    this.pool.on('error', (error: Error) => {
      if (error.message !== 'Close operation timed out') throw error;
    });
    if (memory) {
      this.watchdog = new TaskWatchdog(memory, this.taskTimeoutMs, () => new Set(this.pool.threads.map((w) => w.threadId)), (threadId, taskId) => {
        const worker = this.pool.threads.find((w) => w.threadId === threadId);
        if (!worker) return;
        this.stuckTasks.add(taskId);
        // piscina then rejects every task the worker held and starts a replacement.
        void worker.terminate();
      });
    }
  }

  /**
   * Runs the task on a worker; once more when its worker's thread exited under it (stopped for another task, or ended
   * by one: a task that ends every worker it runs on ends at most two).
   */
  async compute(task: QuoteTask): Promise<SerializedOutcome> {
    try {
      return await this.run(task);
    } catch (error) {
      if (error instanceof Error && WORKER_EXITED.test(error.message)) return this.run(task);
      throw error;
    }
  }

  private async run(task: QuoteTask): Promise<SerializedOutcome> {
    const id = (this.lastTaskId = (this.lastTaskId % LAST_TASK_ID) + 1);
    try {
      return await this.pool.run({ id, task } satisfies PooledTask<QuoteTask>);
    } catch (error) {
      if (this.stuckTasks.delete(id)) throw new QuoteTimeout(this.taskTimeoutMs, task);
      throw error;
    } finally {
      // Flagged just as it finished (before its worker stopped): nothing to answer for.
      this.stuckTasks.delete(id);
    }
  }

  publish(buffer: SharedArrayBuffer): number {
    this.graph = new GraphView(buffer);
    const publication = { version: this.graph.version, buffer };
    this.recent.push(publication);
    if (this.recent.length > VERSIONS_KEPT) this.recent.shift();
    this.broadcast(publication);
    return this.graph.version;
  }

  // ready() and warm() are waits of start-up: they count the threads that ever announced themselves, so after a
  // worker crashed they would count its thread too.

  /** Resolves once every worker has loaded and announced itself on the graph channel. */
  async ready(): Promise<void> {
    await this.once(() => this.greeted.size >= this.workerCount);
  }

  /**
   * Every worker loaded and, with the warm-up on, warmed up. The service listens only then, so no request meets a
   * cold worker; a worker that never reports does not keep it from listening past `timeoutMs`.
   */
  async warm(timeoutMs: number): Promise<{ done: boolean; reports: ReadonlyMap<number, WarmUpReport> }> {
    const done = await this.once(() => this.greeted.size >= this.workerCount && (!this.warmUp || this.warmedUp.size >= this.workerCount), timeoutMs);
    return { done, reports: this.warmedUp };
  }

  /**
   * Resolves true once `done` holds (checked now and on each worker's message), false after `timeoutMs` or when the
   * runner closes; a pending wait keeps the process alive.
   */
  private once(done: () => boolean, timeoutMs = Infinity): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    this.channel.ref();
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waits.delete(check);
        if (this.waits.size === 0) this.channel.unref();
        resolve(result);
      };
      const check = (closing = false) => {
        if (closing) finish(false);
        else if (done()) finish(true);
      };
      const timer = Number.isFinite(timeoutMs) ? setTimeout(() => finish(false), timeoutMs) : undefined;
      this.waits.add(check);
    });
  }

  private broadcast(publication: GraphPublication): void {
    this.channel.postMessage({ kind: 'version', ...publication } satisfies ChannelMessage);
  }

  get threads() {
    return this.pool.threads;
  }

  async close(): Promise<void> {
    for (const check of [...this.waits]) check(true);
    this.watchdog?.stop();
    this.channel.close();
    await this.pool.close();
  }
}

export class InlineQuoteRunner implements QuoteRunner {
  graph: GraphView;
  private readonly versions = new GraphVersions();

  constructor(
    buffer: SharedArrayBuffer,
    private readonly preset: NetworkPreset,
  ) {
    this.graph = new GraphView(buffer);
    this.versions.add({ version: this.graph.version, buffer });
  }

  async compute(task: QuoteTask): Promise<SerializedOutcome> {
    const view = await this.versions.get(task.graphVersion);
    return timedQuote(view, this.preset, task);
  }

  publish(buffer: SharedArrayBuffer): number {
    this.graph = new GraphView(buffer);
    this.versions.add({ version: this.graph.version, buffer });
    return this.graph.version;
  }

  /** Quotes run on the calling thread, which is as warm as it is: nothing to wait for. */
  async warm(): Promise<{ done: boolean; reports: ReadonlyMap<number, WarmUpReport> }> {
    return { done: true, reports: new Map() };
  }

  async close(): Promise<void> {}
}
