// Every case where QuoteClient resolves to null without making a request (spec 4.2), proven with a counting fetch
// whose positive control reaches the real service.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { QuoteClient } from '../../src/client/QuoteClient.ts';
import { Platform, QuoteMode } from '../../src/client/platform.ts';
import type { QuoteRequest } from '../../src/client/types.ts';
import { type TestService, startTestService } from '../support/service.ts';
import { USDC, USER, WPLS, baseRequest, closedPortOrigin, countingFetch } from './support.ts';

let service: TestService;
let partnerOrigin: string;
before(async () => {
  service = await startTestService(undefined);
  partnerOrigin = await closedPortOrigin();
});
after(() => service.service.close());

function fullClient() {
  const counter = countingFetch();
  const client = new QuoteClient({ quoteUrl: service.baseUrl, piteasUrl: partnerOrigin, fetch: counter.fetch });
  return { client, calls: counter.calls };
}

test('the counting fetch sees the one request a valid quote makes, and the real service answers it', async () => {
  const { client, calls } = fullClient();
  const result = await client.getQuote(baseRequest, Platform.MIXED);

  assert.notEqual(result, null);
  assert.deepEqual(
    calls.map(({ url, method }) => ({ url, method })),
    [{ url: `${service.baseUrl}/quotes`, method: 'POST' }],
  );
});

test('router_own in mode OPTIMAL makes one request, so its FAST refusal below is the client’s own', async () => {
  const { client, calls } = fullClient();
  const result = await client.getQuote({ ...baseRequest, mode: QuoteMode.OPTIMAL }, Platform.ROUTER_OWN);

  assert.notEqual(result, null);
  assert.deepEqual(
    calls.map(({ url }) => url),
    [`${service.baseUrl}/quotes/advanced`],
  );
});

test('router_own in mode FAST resolves to null without a request', async () => {
  const { client, calls } = fullClient();
  assert.equal(await client.getQuote(baseRequest, Platform.ROUTER_OWN), null);
  assert.equal(calls.length, 0);
});

test('without quoteUrl every service platform and router_own resolve to null without a request', async () => {
  const counter = countingFetch();
  const client = new QuoteClient({ piteasUrl: partnerOrigin, fetch: counter.fetch });
  const servicePlatforms = Object.values(Platform).filter((p) => p !== Platform.ROUTER_PARTNER);
  assert.equal(servicePlatforms.length, 11);
  for (const platform of servicePlatforms) {
    for (const mode of Object.values(QuoteMode)) {
      assert.equal(await client.getQuote({ ...baseRequest, mode }, platform), null, `${platform} ${mode}`);
    }
  }
  assert.equal(counter.calls.length, 0);
});

test('an empty quoteUrl counts as unset', async () => {
  const counter = countingFetch();
  const client = new QuoteClient({ quoteUrl: '', fetch: counter.fetch });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.equal(counter.calls.length, 0);
});

test('without piteasUrl router_partner resolves to null without a request', async () => {
  const counter = countingFetch();
  const client = new QuoteClient({ quoteUrl: service.baseUrl, fetch: counter.fetch });
  assert.equal(await client.getQuote(baseRequest, Platform.ROUTER_PARTNER), null);
  assert.equal(await client.getQuote({ ...baseRequest, mode: QuoteMode.OPTIMAL }, Platform.ROUTER_PARTNER), null);
  assert.equal(counter.calls.length, 0);
});

const invalidRequests: [string, QuoteRequest][] = [
  ['amountIn "0"', { ...baseRequest, amountIn: '0' }],
  ['amountIn "000"', { ...baseRequest, amountIn: '000' }],
  ['an empty amountIn', { ...baseRequest, amountIn: '' }],
  ['a negative amountIn', { ...baseRequest, amountIn: '-1' }],
  ['a fractional amountIn', { ...baseRequest, amountIn: '1.5' }],
  ['an amountIn in exponent form', { ...baseRequest, amountIn: '1e18' }],
  ['a hex amountIn', { ...baseRequest, amountIn: '0x10' }],
  ['an amountIn with a space', { ...baseRequest, amountIn: ' 1' }],
  ['an amountIn above 2^256 - 1', { ...baseRequest, amountIn: (1n << 256n).toString() }],
  ['an amountIn that is a number', { ...baseRequest, amountIn: 1000 as unknown as string }],
  ['a fromToken of 41 characters', { ...baseRequest, fromToken: WPLS.slice(0, 41) }],
  ['a fromToken without 0x', { ...baseRequest, fromToken: `00${WPLS.slice(2)}` }],
  ['a fromToken with a non-hex digit', { ...baseRequest, fromToken: `0x${'g'.repeat(40)}` }],
  ['a toToken of 43 characters', { ...baseRequest, toToken: `${USDC}0` }],
  ['identical tokens', { ...baseRequest, toToken: WPLS }],
  ['identical tokens in different letter case', { ...baseRequest, toToken: WPLS.toLowerCase() }],
  ['a malformed userAddress', { ...baseRequest, userAddress: USER.slice(0, 40) }],
  ['an unknown mode', { ...baseRequest, mode: 'FAST' as QuoteMode }],
  ['a negative tokenInTax', { ...baseRequest, extra: { tokenInTax: -1 } }],
  ['a tokenOutTax above 10000', { ...baseRequest, extra: { tokenOutTax: 10_001 } }],
  ['a fractional tokenInTax', { ...baseRequest, extra: { tokenInTax: 2.5 } }],
  ['a tokenOutTax that is a string', { ...baseRequest, extra: { tokenOutTax: '100' as unknown as number } }],
  ['a 100% input tax, which leaves nothing to swap', { ...baseRequest, extra: { tokenInTax: 10_000 } }],
];

for (const [what, request] of invalidRequests) {
  test(`${what}: resolves to null without a request, on every platform`, async () => {
    const { client, calls } = fullClient();
    for (const platform of [Platform.MIXED, Platform.ROUTER_OWN, Platform.ROUTER_PARTNER]) {
      const optimal = { ...request, mode: request.mode === QuoteMode.FAST ? QuoteMode.OPTIMAL : request.mode };
      assert.equal(await client.getQuote(optimal, platform), null, platform);
    }
    assert.equal(await client.getQuote(request, Platform.DEXA_V2), null);
    assert.equal(calls.length, 0);
  });
}

test('an unknown platform, or one in the wrong letter case, resolves to null without a request', async () => {
  const { client, calls } = fullClient();
  assert.equal(await client.getQuote(baseRequest, 'MIXED' as Platform), null);
  assert.equal(await client.getQuote(baseRequest, 'uniswap' as Platform), null);
  assert.equal(calls.length, 0);
});

test('a request that is not an object resolves to null instead of throwing', async () => {
  const { client, calls } = fullClient();
  assert.equal(await client.getQuote(null as unknown as QuoteRequest, Platform.MIXED), null);
  assert.equal(await client.getQuote('quote' as unknown as QuoteRequest, Platform.MIXED), null);
  const extraNotAnObject = { ...baseRequest, extra: 5 as unknown as QuoteRequest['extra'] };
  assert.equal(await client.getQuote(extraNotAnObject, Platform.MIXED), null);
  assert.equal(calls.length, 0);
});

test('the constructor refuses a timeoutMs that is not a positive number', () => {
  for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => new QuoteClient({ timeoutMs }), {
      name: 'RangeError',
      message: `timeoutMs must be a positive number of milliseconds, got ${timeoutMs}`,
    });
  }
});
