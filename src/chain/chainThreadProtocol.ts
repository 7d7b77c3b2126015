// Messages between the main thread and the live-mode chain worker.
import type { ServiceConfig } from '../config.ts';

export interface ChainThreadSetup {
  rpcUrl: string;
  presetPath: string | undefined;
  pollIntervalMs: number;
  warmStartPath: string | undefined;
  logLevel: ServiceConfig['logLevel'];
  /** Version number of the first graph the worker builds (continues the numbering after a restart). */
  firstVersion: number;
}

export interface ChainStatus {
  blockNumber: bigint;
  /** Date.now() when the state was last confirmed to match the chain head. */
  lastSyncedAt: number;
  pools: number;
  tokens: number;
  lastError: string | undefined;
}

export type ChainThreadMessage =
  | { kind: 'initial'; buffer: SharedArrayBuffer; status: ChainStatus }
  | {
      kind: 'graph';
      buffer: SharedArrayBuffer;
      /** When the block was first seen, in epoch ms: performance.now() has a different origin in every thread. */
      seenAtEpochMs: number;
      changedPools: number;
      reorg: boolean;
      status: ChainStatus;
    }
  | { kind: 'status'; status: ChainStatus };
