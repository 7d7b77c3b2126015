// Snapshot files: exact round trip through .json.gz and .json, bigints as decimal strings, format check.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { MAX_UINT112 } from '../../src/pools/univ2/univ2Math.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot, writeSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handSnapshot } from '../support/graphs.ts';

/** A fresh temporary directory, removed after the test. */
function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('writeSnapshot then readSnapshot round-trips the default snapshot exactly, gzipped and plain', (t) => {
  const dir = tempDir(t);
  const original = readSnapshot(DEFAULT_SNAPSHOT_PATH);
  const gz = join(dir, 'copy.json.gz');
  const plain = join(dir, 'copy.json');
  writeSnapshot(gz, original);
  writeSnapshot(plain, original);
  assert.deepEqual(readSnapshot(gz), original);
  assert.deepEqual(readSnapshot(plain), original);
  // The .gz file is gzip; the .json file is the same JSON text uncompressed.
  const gzBytes = readFileSync(gz);
  assert.deepEqual([gzBytes[0], gzBytes[1]], [0x1f, 0x8b]);
  assert.equal(gunzipSync(gzBytes).toString('utf8'), readFileSync(plain, 'utf8'));
});

test('snapshot files store bigints as decimal strings and read them back as bigints', (t) => {
  const dir = tempDir(t);
  const snapshot = handSnapshot(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
    ],
    [{ tokens: ['WPLS', 'USDC'], reserves: [MAX_UINT112, 1n] }],
    { blockNumber: 2n ** 60n },
  );
  const path = join(dir, 'small.json');
  writeSnapshot(path, snapshot);
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(raw.blockNumber, '1152921504606846976');
  assert.deepEqual(
    Object.values(raw.pools[0].state).sort(),
    [MAX_UINT112.toString(), '1'].sort(),
  );
  const back = readSnapshot(path);
  assert.deepEqual(back, snapshot);
  assert.equal(back.blockNumber, 2n ** 60n);
});

test('readSnapshot refuses a file of another format', (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'future.json');
  writeFileSync(path, JSON.stringify({ format: 2, chainId: 369, blockNumber: '1', synthetic: true, tokens: [], pools: [] }));
  assert.throws(() => readSnapshot(path), { message: `${path}: unsupported snapshot format 2` });
});
