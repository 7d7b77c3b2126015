// Snapshots for benchmarks: the committed default, and a generated large one cached under .cache/.
import { existsSync, mkdirSync } from 'node:fs';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { generateSnapshot } from '../../src/snapshot/generate/generateSnapshot.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot, writeSnapshot } from '../../src/snapshot/snapshotFile.ts';
import type { Snapshot } from '../../src/snapshot/types.ts';

export const LARGE_POOL_COUNT = 250_000;

export function defaultSnapshotPath(): string {
  return DEFAULT_SNAPSHOT_PATH;
}

/** Path of the 250,000-pool snapshot, generated on first use (about a minute) and reused afterwards. */
export function largeSnapshotPath(): string {
  const dir = new URL('../../.cache/bench/', import.meta.url).pathname;
  const path = `${dir}snapshot-${LARGE_POOL_COUNT}.json.gz`;
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    console.error(`generating ${LARGE_POOL_COUNT} pools into ${path} ...`);
    writeSnapshot(path, generateSnapshot(loadPreset(), { seed: 250, univ2Pools: LARGE_POOL_COUNT }));
  }
  return path;
}

export function loadSnapshot(path: string): Snapshot {
  return readSnapshot(path);
}
