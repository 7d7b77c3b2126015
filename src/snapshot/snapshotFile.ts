// Reads and writes snapshot files: JSON, gzip-compressed when the name ends in .gz, bigints as decimal strings.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_FORMAT, type Snapshot } from './types.ts';

const DIGITS = /^-?\d+$/;

/** The snapshot the service starts on when no other is configured (synthetic; see README). */
export const DEFAULT_SNAPSHOT_PATH = new URL('../../data/snapshots/default.json.gz', import.meta.url).pathname;

/** Parses a snapshot file; every digit string inside a pool's state becomes a bigint. */
export function readSnapshot(path: string): Snapshot {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  try {
    return parseSnapshotText(text);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** Parses snapshot JSON text (the file format without compression). */
export function parseSnapshotText(text: string): Snapshot {
  const parsed = JSON.parse(text);
  if (parsed.format !== SNAPSHOT_FORMAT) throw new Error(`unsupported snapshot format ${parsed.format}`);
  for (const pool of parsed.pools) pool.state = reviveBigints(pool.state);
  return { ...parsed, blockNumber: BigInt(parsed.blockNumber) };
}

/** The snapshot as JSON text; bigints become decimal strings. */
export function serializeSnapshot(snapshot: Snapshot): string {
  return JSON.stringify(snapshot, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

/** Writes a snapshot; bigints become decimal strings. */
export function writeSnapshot(path: string, snapshot: Snapshot): void {
  const text = serializeSnapshot(snapshot);
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
}

function reviveBigints(value: unknown): any {
  if (typeof value === 'string' && DIGITS.test(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(reviveBigints);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveBigints(v)]));
  }
  return value;
}
