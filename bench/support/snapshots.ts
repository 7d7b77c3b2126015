// Snapshots for benchmarks: the committed default, and generated ones cached under .cache/bench (regenerated
// whenever the generator's sources are newer than the cached file).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { type GenerateOptions, generateSnapshot } from '../../src/snapshot/generate/generateSnapshot.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot, writeSnapshot } from '../../src/snapshot/snapshotFile.ts';
import type { Snapshot } from '../../src/snapshot/types.ts';

export const LARGE_POOL_COUNT = 250_000;
const GENERATOR_SOURCES = ['../../src/snapshot/generate/', '../../src/snapshot/synthetic/'];

export function defaultSnapshotPath(): string {
  return DEFAULT_SNAPSHOT_PATH;
}

/** The 250,000-pool snapshot (all kinds), generated on first use (about a minute). */
export function largeSnapshotPath(): string {
  return generated(`snapshot-${LARGE_POOL_COUNT}.json.gz`, { seed: 250, univ2Pools: LARGE_POOL_COUNT });
}

/** A 20,000-pool UniV2-only snapshot with the default seed: the graph the first latency targets were set on. */
export function univ2OnlySnapshotPath(): string {
  return generated('snapshot-univ2-only.json.gz', { seed: 369, otherKinds: false });
}

export function loadSnapshot(path: string): Snapshot {
  return readSnapshot(path);
}

function generated(name: string, options: GenerateOptions): string {
  const dir = new URL('../../.cache/bench/', import.meta.url).pathname;
  const path = dir + name;
  if (!existsSync(path) || statSync(path).mtimeMs < generatorModifiedMs()) {
    mkdirSync(dir, { recursive: true });
    console.error(`generating ${path} ...`);
    writeSnapshot(path, generateSnapshot(loadPreset(), options));
  }
  return path;
}

function generatorModifiedMs(): number {
  let newest = 0;
  for (const folder of GENERATOR_SOURCES) {
    const url = new URL(folder, import.meta.url);
    for (const file of readdirSync(url)) newest = Math.max(newest, statSync(new URL(file, url)).mtimeMs);
  }
  return newest;
}
