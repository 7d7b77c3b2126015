// GET /health on the snapshot-backed service: where the state comes from, its block, pool and token counts.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { startTestService } from '../support/service.ts';

it('answers GET /health with 200, the snapshot block, counts and graph version, and no state age', async (t) => {
  const api = await startTestService(t);
  const snapshot = readSnapshot(DEFAULT_SNAPSHOT_PATH);
  const response = await fetch(`http://127.0.0.1:${api.port}/health`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.deepEqual(await response.json(), {
    status: 'ok',
    source: 'snapshot',
    blockNumber: snapshot.blockNumber.toString(),
    stateAgeMs: null,
    pools: snapshot.pools.length,
    tokens: snapshot.tokens.length,
    graphVersion: 1,
  });

  const post = await fetch(`http://127.0.0.1:${api.port}/health`, { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET');
  assert.deepEqual(await post.json(), { error: 'Method not allowed: POST. Allowed: GET', status: 405 });
});
