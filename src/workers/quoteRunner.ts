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

export interface QuoteRunner {
  /** The newest published graph (the main thread's own view of it). */
  readonly graph: GraphView;
  compute(task: QuoteTask): Promise<SerializedOutcome>;
  /** Makes `buffer` the current graph everywhere; returns its version. */
  publish(buffer: SharedArrayBuffer): number;
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
}

export class PooledQuoteRunner implements QuoteRunner {
  graph: GraphView;
  private readonly pool: Piscina;
  private readonly channel = new BroadcastChannel(GRAPH_CHANNEL);
  private readonly greeted = new Set<number>();
  /** Routed warm-up quotes of each worker that finished its warm-up, by thread id. */
  readonly warmedUp = new Map<number, number>();
  private readonly workerCount: number;
  private readonly warmUp: boolean;
  /** Checks of the pending ready() and warm() waits, run on each worker's message. */
  private readonly waits = new Set<() => void>();

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
        this.warmedUp.set(message.threadId, message.quotes);
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

  /** Resolves once every worker has loaded and announced itself on the graph channel. */
  ready(): Promise<void> {
    return this.once(() => this.greeted.size >= this.workerCount);
  }

  /**
   * Resolves once every worker is ready to serve at full speed: loaded, and with the warm-up on, warmed up. The service
   * listens only then, so no request meets a cold worker.
   */
  warm(): Promise<void> {
    return this.once(() => this.greeted.size >= this.workerCount && (!this.warmUp || this.warmedUp.size >= this.workerCount));
  }

  /** Resolves when `done` holds, checked now and on each worker's message (a pending wait keeps the process alive). */
  private once(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    this.channel.ref();
    return new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        this.waits.delete(check);
        if (this.waits.size === 0) this.channel.unref();
        resolve();
      };
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

  async close(): Promise<void> {}
}
