// Main-thread side of live mode: starts the chain worker, publishes each graph version it builds to the quote
// runner, and answers freshness questions from its latest status.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import type { ChainStatus, ChainThreadMessage, ChainThreadSetup } from './chainThreadProtocol.ts';
import type { StateUpdate } from './followChain.ts';
import type { LiveFreshness, Publisher } from './liveGraph.ts';

const RESTART_DELAY_MS = 1_000;

interface BootedWorker {
  worker: Worker;
  initial: SharedArrayBuffer;
  status: ChainStatus;
}

export class ChainThread {
  /** Milliseconds from a block first seen (in the worker) to its graph published here, newest last. */
  readonly publishLatenciesMs: number[] = [];
  /** Graph version 1, at the loaded block. */
  readonly initial: SharedArrayBuffer;
  private worker: Worker;
  private status: ChainStatus;
  private publisher: Publisher | undefined;
  private lastVersion = 1;
  private stopping = false;

  private constructor(
    private readonly setup: Omit<ChainThreadSetup, 'firstVersion'>,
    private readonly logger: Logger,
    booted: BootedWorker,
  ) {
    this.initial = booted.initial;
    this.worker = booted.worker;
    this.status = booted.status;
    this.attach(booted.worker);
  }

  /**
   * Starts the worker and resolves once it has loaded the state and built graph version 1.
   * @example const chain = await ChainThread.start(setup, logger); chain.follow(runner)
   */
  static async start(setup: Omit<ChainThreadSetup, 'firstVersion'>, logger: Logger): Promise<ChainThread> {
    return new ChainThread(setup, logger, await bootWorker({ ...setup, firstVersion: 1 }));
  }

  /** From now on, every new graph version goes to `publisher`. */
  follow(publisher: Publisher): void {
    this.publisher = publisher;
  }

  freshness(): LiveFreshness {
    const { blockNumber, lastSyncedAt, pools, tokens, lastError } = this.status;
    return { blockNumber, stateAgeMs: Math.max(0, Date.now() - lastSyncedAt), pools, tokens, lastError };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ kind: 'stop' });
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  private publish(buffer: SharedArrayBuffer, update?: StateUpdate): void {
    if (!this.publisher) return;
    this.lastVersion = this.publisher.publish(buffer, update);
  }

  private attach(worker: Worker): void {
    worker.on('message', (message: ChainThreadMessage) => {
      this.status = message.status;
      if (message.kind !== 'graph') return;
      const seenAt = message.seenAtEpochMs - performance.timeOrigin;
      this.publish(message.buffer, { seenAt, changedPools: message.changedPools, reorg: message.reorg });
      this.publishLatenciesMs.push(performance.now() - seenAt);
      if (this.publishLatenciesMs.length > 1000) this.publishLatenciesMs.shift();
    });
    worker.on('error', (error) => {
      this.logger.error('chain worker failed; serving the last good state', { error: error.stack ?? String(error) });
      this.status = { ...this.status, lastError: `chain worker failed: ${error.message}` };
    });
    worker.once('exit', () => {
      if (!this.stopping) setTimeout(() => void this.restart(), RESTART_DELAY_MS).unref();
    });
  }

  /** A new worker loads the state afresh; until it is ready the last published graph keeps serving. */
  private async restart(): Promise<void> {
    if (this.stopping) return;
    try {
      const booted = await bootWorker({ ...this.setup, firstVersion: this.lastVersion + 1 });
      if (this.stopping) {
        await booted.worker.terminate();
        return;
      }
      this.worker = booted.worker;
      this.status = booted.status;
      this.attach(booted.worker);
      this.publish(booted.initial);
    } catch (error) {
      this.logger.error('chain worker restart failed', { error: String(error) });
      setTimeout(() => void this.restart(), RESTART_DELAY_MS).unref();
    }
  }
}

function bootWorker(setup: ChainThreadSetup): Promise<BootedWorker> {
  // Runs from source under tsx (tests, devnet) and from dist/ when built.
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./chainWorker${fromSource ? '.ts' : '.js'}`, import.meta.url);
  // From source the worker starts through a CommonJS bootstrap (see sourceWorkerBootstrap.cjs); built, directly.
  const worker = fromSource
    ? new Worker(new URL('./sourceWorkerBootstrap.cjs', import.meta.url), {
        workerData: { ...setup, entry: fileURLToPath(file) },
      })
    : new Worker(file, { workerData: setup });
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChainThreadMessage) => {
      if (message.kind !== 'initial') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve({ worker, initial: message.buffer, status: message.status });
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}
