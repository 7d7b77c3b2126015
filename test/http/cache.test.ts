// The quote cache seen from outside (spec 1, 8): identical parameters within the TTL get the byte-identical answer,
// concurrent identical requests share one, and any parameter that changes the answer, or the TTL passing, gives a
// new quote.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { ADVANCED_PATH, QUOTES_PATH, UNKNOWN_TOKEN, USDC, USER, USER_CHECKSUMMED, WPLS, postQuote, quoteRequest } from './helpers.ts';

// Long enough that a loaded machine still asks twice within it, short enough to wait out in a test.
const SHORT_TTL_MS = 1000;
let api: TestService;
let shortLived: TestService;
before(async () => {
  [api, shortLived] = await Promise.all([startTestService(undefined), startTestService(undefined, { CACHE_TTL_MS: String(SHORT_TTL_MS) })]);
});
after(() => Promise.all([api.service.close(), shortLived.service.close()]));

/** Each test quotes its own amount, so no test is served another test's cached answer. */
let nextAmount = 1_000_000_000_000_000_000n;
function uniqueRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  nextAmount += 1_000_000_000_000_000n;
  return quoteRequest({ amountIn: nextAmount.toString(), ...overrides });
}

async function quoteText(service: TestService, body: Record<string, unknown>, path: string = QUOTES_PATH): Promise<string> {
  const response = await postQuote(service.port, body, {}, path);
  assert.equal(response.status, 200, response.text);
  return response.text;
}

const quoteIdOf = (text: string): string => JSON.parse(text).data.quoteId;

describe('within the TTL', () => {
  it('answers an identical request with the byte-identical body (same quoteId and timestamp)', async () => {
    const body = uniqueRequest();
    const first = await quoteText(api, body);
    const second = await quoteText(api, body);
    assert.equal(second, first);
  });

  it('answers an identical request on /quotes/advanced with the byte-identical body', async () => {
    const body = uniqueRequest({ platform: 'mixed' });
    const first = await quoteText(api, body, ADVANCED_PATH);
    assert.equal(await quoteText(api, body, ADVANCED_PATH), first);
  });

  it('serves the same answer whatever the order of the JSON fields', async () => {
    const body = uniqueRequest({ userAddress: USER_CHECKSUMMED });
    const first = await quoteText(api, body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    assert.equal(await quoteText(api, reordered), first);
  });

  it('shares one answer between token and user addresses that differ only in letter case', async () => {
    const body = uniqueRequest({ userAddress: USER_CHECKSUMMED });
    const first = await quoteText(api, body);
    const lower = { ...body, fromToken: WPLS.toLowerCase(), toToken: USDC.toLowerCase(), userAddress: USER };
    assert.equal(quoteIdOf(await quoteText(api, lower)), quoteIdOf(first));
  });

  it('answers 20 identical concurrent requests with one quote', async () => {
    const body = uniqueRequest({ platform: 'mixed' });
    const texts = await Promise.all(Array.from({ length: 20 }, () => quoteText(api, body, ADVANCED_PATH)));
    assert.equal(new Set(texts).size, 1, `${new Set(texts.map(quoteIdOf)).size} different quoteIds`);
  });
});

describe('Server-Timing', () => {
  /** The engine's milliseconds a `quote;dur=…` Server-Timing gives, or NaN for any other value. */
  const computeMsOf = (header: unknown) => {
    const match = /^quote;dur=(\d+\.\d{3})$/.exec(String(header));
    return match ? Number(match[1]) : NaN;
  };

  it("gives a computed answer's engine time, within the request's own, and marks its repeat as a cache hit", async () => {
    const body = uniqueRequest({ platform: 'mixed' });
    const started = performance.now();
    const computed = await postQuote(api.port, body, {}, ADVANCED_PATH);
    const elapsedMs = performance.now() - started;
    assert.equal(computed.status, 200, computed.text);
    const computeMs = computeMsOf(computed.headers['server-timing']);
    assert.ok(computeMs > 0 && computeMs <= elapsedMs, `Server-Timing ${computed.headers['server-timing']} in a request of ${elapsedMs} ms`);
    const repeated = await postQuote(api.port, body, {}, ADVANCED_PATH);
    assert.equal(repeated.text, computed.text);
    assert.equal(repeated.headers['server-timing'], 'cache;desc="hit"');
    assert.equal(repeated.headers['x-block-number'], computed.headers['x-block-number']);
  });

  it('gives the engine time of a no-route answer too', async () => {
    const response = await postQuote(api.port, uniqueRequest({ fromToken: UNKNOWN_TOKEN }));
    assert.equal(response.status, 400, response.text);
    assert.ok(computeMsOf(response.headers['server-timing']) > 0, String(response.headers['server-timing']));
  });
});

describe('what makes a new quote', () => {
  const variations: [string, Record<string, unknown>][] = [
    ['slippage', { slippage: 0.75 }],
    ['userAddress', { userAddress: '0x0000000000000000000000000000000000000001' }],
    ['amountIn', { amountIn: '1' }],
    ['platform', { platform: 'dexb_v2' }],
    ['toToken', { toToken: '0xefD766cCb38EaF1dfd701853BFCe31359239F305' }],
    ['extra.tokenOutPrice', { extra: { tokenOutPrice: 1.5 } }],
    ['extra.gasPrice', { extra: { tokenOutPrice: 1, gasPrice: '2000000000' } }],
  ];
  for (const [field, change] of variations) {
    it(`gives a different quoteId when ${field} differs`, async () => {
      const body = uniqueRequest({ userAddress: USER_CHECKSUMMED, extra: { tokenOutPrice: 1, gasPrice: '1000000000', gasTokenPrice: 0.00003 } });
      const first = quoteIdOf(await quoteText(api, body));
      const changed = { ...body, ...change };
      if (field === 'amountIn') changed.amountIn = (BigInt(body.amountIn as string) + 1n).toString();
      assert.notEqual(quoteIdOf(await quoteText(api, changed)), first);
      // The original is still cached: the change did not evict or overwrite it.
      assert.equal(quoteIdOf(await quoteText(api, body)), first);
    });
  }

  it('gives a request with userAddress a different quoteId than the same request without it', async () => {
    const body = uniqueRequest();
    const withoutUser = quoteIdOf(await quoteText(api, body));
    assert.notEqual(quoteIdOf(await quoteText(api, { ...body, userAddress: USER_CHECKSUMMED })), withoutUser);
  });

  it('keeps /quotes and /quotes/advanced answers apart', async () => {
    const body = uniqueRequest();
    const standard = quoteIdOf(await quoteText(api, body, QUOTES_PATH));
    assert.notEqual(quoteIdOf(await quoteText(api, body, ADVANCED_PATH)), standard);
  });
});

describe('after the TTL', () => {
  it('computes a new quote once CACHE_TTL_MS has passed', async () => {
    const body = uniqueRequest();
    const first = quoteIdOf(await quoteText(shortLived, body));
    assert.equal(quoteIdOf(await quoteText(shortLived, body)), first, 'served from the cache right away');
    await sleep(SHORT_TTL_MS + 200);
    assert.notEqual(quoteIdOf(await quoteText(shortLived, body)), first);
  });
});
