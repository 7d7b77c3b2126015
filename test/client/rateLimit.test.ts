// QuoteClient resolves to null when the real service rate-limits it (429), started with RATE_LIMIT_PER_MINUTE=1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QuoteClient } from '../../src/client/QuoteClient.ts';
import { Platform } from '../../src/client/platform.ts';
import { startTestService } from '../support/service.ts';
import { baseRequest, startRecordingProxy } from './support.ts';

test('resolves to null when the service answers 429 after the per-minute limit', async (t) => {
  const { port } = await startTestService(t, { RATE_LIMIT_PER_MINUTE: '1' });
  const proxy = await startRecordingProxy(t, `http://127.0.0.1:${port}`);
  const client = new QuoteClient({ quoteUrl: `${proxy.origin}/api/v2` });

  const first = await client.getQuote(baseRequest, Platform.MIXED);
  const second = await client.getQuote(baseRequest, Platform.MIXED);

  assert.equal(first?.quoteId, JSON.parse(proxy.exchanges[0].responseText).data.quoteId);
  assert.equal(second, null);
  assert.deepEqual(
    proxy.exchanges.map((e) => e.status),
    [200, 429],
  );
  assert.match(JSON.parse(proxy.exchanges[1].responseText).error, /^Too many requests: the limit is 1 per minute/);
});
