// The per-client rate limit of spec 8 through a real server: the 61st request in a minute gets 429 with Retry-After,
// whitelisted site domains are exempt, and X-Forwarded-For names the client only behind a trusted proxy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { ADVANCED_PATH, type RawResponse, errorBody, postQuote, quoteRequest } from './helpers.ts';

const LIMIT = 60;
let proxied: TestService;
let direct: TestService;
before(async () => {
  const limits = { RATE_LIMIT_PER_MINUTE: String(LIMIT), WHITELIST_DOMAINS: 'example.org' };
  [proxied, direct] = await Promise.all([
    startTestService(undefined, { ...limits, TRUST_PROXY: '1' }),
    startTestService(undefined, limits),
  ]);
});
after(() => Promise.all([proxied.service.close(), direct.service.close()]));

/** Behind the trusted proxy each test is its own client: a documentation address of its own. */
let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;

/** A request that is cheap to answer (400 before any quote) but still counts against the limit. */
const cheap = quoteRequest({ chainId: 1 });

async function spend(service: TestService, count: number, headers: (i: number) => Record<string, string>): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await postQuote(service.port, cheap, headers(i));
    assert.equal(response.status, 400, `request ${i + 1}: ${response.status} ${response.text}`);
  }
}

function assertRateLimited(response: RawResponse): void {
  assert.equal(response.status, 429, response.text);
  assert.equal(response.statusMessage, 'Too Many Requests');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  const retryAfter = response.headers['retry-after'];
  assert.match(retryAfter ?? '', /^[1-9][0-9]*$/);
  assert.ok(Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
  assert.deepEqual(errorBody(response), {
    error: `Too many requests: the limit is ${LIMIT} per minute; retry after ${retryAfter} s`,
    status: 429,
  });
}

describe('rate limit', () => {
  it('answers the 61st request in a minute with 429, Retry-After and {error, status}', async () => {
    const client = { 'x-forwarded-for': newClient() };
    await spend(proxied, LIMIT, () => client);
    assertRateLimited(await postQuote(proxied.port, quoteRequest(), client));
  });

  it('counts both endpoints against one limit', async () => {
    const client = { 'x-forwarded-for': newClient() };
    await spend(proxied, LIMIT, () => client);
    assertRateLimited(await postQuote(proxied.port, quoteRequest(), client, ADVANCED_PATH));
  });

  it('checks the limit before the media type and the body', async () => {
    const client = { 'x-forwarded-for': newClient() };
    await spend(proxied, LIMIT, () => client);
    assertRateLimited(await postQuote(proxied.port, 'not json', { ...client, 'content-type': 'text/plain' }));
  });
});

describe('whitelisted domains', () => {
  const exempt: [string, Record<string, string>][] = [
    ['Origin https://example.org', { origin: 'https://example.org' }],
    ['Origin of the subdomain https://app.example.org', { origin: 'https://app.example.org' }],
    ['Referer https://app.example.org/swap?from=PLS', { referer: 'https://app.example.org/swap?from=PLS' }],
    ['Origin with a port https://example.org:8443', { origin: 'https://example.org:8443' }],
  ];
  for (const [name, headers] of exempt) {
    it(`lets a client past its limit through with ${name}`, async () => {
      const client = { 'x-forwarded-for': newClient() };
      await spend(proxied, LIMIT, () => client);
      assertRateLimited(await postQuote(proxied.port, cheap, client));
      for (let i = 0; i < 5; i++) {
        const response = await postQuote(proxied.port, quoteRequest(), { ...client, ...headers });
        assert.equal(response.status, 200, response.text);
      }
    });
  }

  it('does not count whitelisted requests against the client', async () => {
    const client = { 'x-forwarded-for': newClient() };
    await spend(proxied, LIMIT, () => ({ ...client, origin: 'https://example.org' }));
    await spend(proxied, LIMIT, () => client);
    assertRateLimited(await postQuote(proxied.port, cheap, client));
  });

  const notExempt: [string, Record<string, string>][] = [
    ['Origin https://notexample.org', { origin: 'https://notexample.org' }],
    ['Origin https://example.org.evil.com', { origin: 'https://example.org.evil.com' }],
    ['Referer https://evil.com/?next=https://example.org', { referer: 'https://evil.com/?next=https://example.org' }],
    ['a non-whitelisted Origin beside a whitelisted Referer', { origin: 'https://evil.com', referer: 'https://example.org/' }],
  ];
  for (const [name, headers] of notExempt) {
    it(`limits a client with ${name}`, async () => {
      const client = { 'x-forwarded-for': newClient() };
      await spend(proxied, LIMIT, () => ({ ...client, ...headers }));
      assertRateLimited(await postQuote(proxied.port, cheap, { ...client, ...headers }));
    });
  }
});

describe('client identity', () => {
  it('with TRUST_PROXY=1 counts each X-Forwarded-For client separately', async () => {
    const first = { 'x-forwarded-for': newClient() };
    const second = { 'x-forwarded-for': newClient() };
    await spend(proxied, LIMIT, () => first);
    assertRateLimited(await postQuote(proxied.port, cheap, first));
    const response = await postQuote(proxied.port, quoteRequest(), second);
    assert.equal(response.status, 200, response.text);
  });

  it('with TRUST_PROXY=1 takes the right-most X-Forwarded-For entry, so a client cannot rotate the left ones', async () => {
    const proxySeen = newClient();
    await spend(proxied, LIMIT, (i) => ({ 'x-forwarded-for': `198.51.100.${i}, ${proxySeen}` }));
    assertRateLimited(await postQuote(proxied.port, cheap, { 'x-forwarded-for': `198.51.100.250, ${proxySeen}` }));
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: different values share the socket address limit', async () => {
    await spend(direct, LIMIT, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
    assertRateLimited(await postQuote(direct.port, quoteRequest(), { 'x-forwarded-for': '192.0.2.77' }));
  });
});

describe('overload', () => {
  for (const maxQueue of ['1', '0']) {
    it(`answers quotes beyond the workers and a queue of MAX_QUEUE=${maxQueue} with 503 and Retry-After: 1`, async (t) => {
      const service = await startTestService(t, { MAX_QUEUE: maxQueue, CACHE_TTL_MS: '0' });
      // One worker takes 16 tasks at a time; 40 distinct quotes sent at once cannot all fit.
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postQuote(service.port, quoteRequest({ platform: 'mixed', amountIn: String(10n ** 21n + BigInt(i)) }), {}, ADVANCED_PATH),
        ),
      );
      const refused = responses.filter((r) => r.status !== 200);
      assert.ok(refused.length > 0, 'some quotes are refused');
      for (const response of refused) {
        assert.equal(response.status, 503, response.text);
        assert.equal(response.headers['retry-after'], '1');
        assert.equal(response.headers['access-control-allow-origin'], '*');
        assert.deepEqual(errorBody(response), {
          error: 'Service overloaded: too many quotes in progress; retry shortly',
          status: 503,
        });
      }
      const later = await postQuote(service.port, quoteRequest());
      assert.equal(later.status, 200, later.text);
    });
  }
});
