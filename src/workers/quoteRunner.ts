// Where quotes are computed: in a piscina pool of workers sharing the graph, or inline on the main thread.
// Both publish graph versions the same way, so callers do not care which one they have.
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import { computeQuote } from '../quote/computeQuote.ts';
import { serializeOutcome } from '../quote/serializeOutcome.ts';
import type { QuoteTask, SerializedOutcome } from '../quote/types.ts';
import { type ChannelMessage, GRAPH_CHANNEL, type WorkerSetup } from './graphChannel.ts';
import { GraphVersions } from './graphVersions.ts';
import type { WarmUpReport } from './jitWarmUp.ts';

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
}

export class PooledQuoteRunner implements QuoteRunner {
  graph: GraphView;
  private readonly pool: Piscina;
  private readonly channel = new BroadcastChannel(GRAPH_CHANNEL);
  private readonly greeted = new Set<number>();
  /** The warm-up of each worker that finished one, by thread id. */
  private readonly warmedUp = new Map<number, WarmUpReport>();
  private readonly workerCount: number;
  private readonly warmUp: boolean;
  /** Checks of the pending ready() and warm() waits, run on each worker's message. */
  private readonly waits = new Set<(closing?: boolean) => void>();

  constructor(buffer: SharedArrayBuffer, settings: PoolSettings) {
    this.graph = new GraphView(buffer);
    this.workerCount = settings.workers;
    this.warmUp = settings.warmUp ?? false;
    // A starting worker says hello; answer with the current version so it cannot miss one published earlier.
    this.channel.onmessage = (event: unknown) => {
      const message = (event as { data: ChannelMessage }).data;
      if (message.kind === 'version') return;
      if (message.kind === 'hello') {
        this.greeted.add(message.threadId);
        this.broadcastCurrent();
      } else {
        const { kind, threadId, ...report } = message;
        this.warmedUp.set(threadId, report);
      }
      for (const check of this.waits) check();
    };
    this.channel.unref();
    const workerData: WorkerSetup = {
      initial: { version: this.graph.version, buffer },
      presetPath: settings.presetPath,
      nice: settings.nice,
      warmUp: settings.warmUp,
    };
    this.pool = new Piscina({
      // The worker runs from source under tsx (tests) and from dist/ when built (npm start).
      filename: new URL(`./quoteWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href,
      minThreads: settings.workers,
      maxThreads: settings.workers,
      // Several tasks in flight per worker save a thread wake-up per task under load.
      concurrentTasksPerWorker: 16,
      maxQueue: settings.maxQueue,
      resourceLimits: settings.youngGenerationMb ? { maxYoungGenerationSizeMb: settings.youngGenerationMb } : undefined,
      workerData,
    });
  }

  compute(task: QuoteTask): Promise<SerializedOutcome> {
    return this.pool.run(task);
  }

  publish(buffer: SharedArrayBuffer): number {
    this.graph = new GraphView(buffer);
    this.broadcastCurrent();
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

  private broadcastCurrent(): void {
    const message: ChannelMessage = { kind: 'version', version: this.graph.version, buffer: this.graph.buffer };
    this.channel.postMessage(message);
  }

  get threads() {
    return this.pool.threads;
  }

  async close(): Promise<void> {
    for (const check of [...this.waits]) check(true);
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
    return serializeOutcome(computeQuote(view, this.preset, task));
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
