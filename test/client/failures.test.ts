// QuoteClient resolves to null after a request that fails: network error, timeout, non-2xx status, or a 200 body
// that is not the service's response shape (checked field by field against one real service answer).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QuoteClient } from '../../src/client/QuoteClient.ts';
import { Platform } from '../../src/client/platform.ts';
import { USER, baseRequest, closedPortOrigin, countingFetch, startServer } from './support.ts';

const ROUTE_1 = {
  pairAddress: '0x149B2C629e652f2E89E11cd57e5d4D77ee166f9F',
  tokenIn: '0xA1077a294dDE1B09bB078844df40758a5D0f9a27',
  tokenOut: '0x95B303987A60C71504D99Aa1b13B4DA07b0790ab',
  fee: 29,
  feeDenominator: 10000,
  platform: 'dexa_v2',
};
const ROUTE_2 = {
  pairAddress: '0xea7C5bfe32397C829F7152d986D042D67baca426',
  tokenIn: '0x95B303987A60C71504D99Aa1b13B4DA07b0790ab',
  tokenOut: '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07',
  fee: 29,
  feeDenominator: 10000,
  platform: 'dexa_v2',
};
const TX = {
  from: USER,
  to: '0x165C3410fC91EF562C50559f7d2289fEbed552d9',
  data: '0x38ed1739000000000000000000000000000000000000000000000000000000000000000a',
  value: '0',
};

/** A 200 body as the real service sends it (spec 2.2 plus data.splits), shortened to one route and a short tx. */
function serviceBody() {
  return {
    success: true,
    data: {
      success: true,
      quoteId: 'a928b544-a999-4b29-894d-aad76efa872c',
      amountIn: '1000000000000000000000',
      amountOut: '30303172617783131',
      amountOutUSD: '0.030303',
      gasEstimate: 237000,
      splits: [[100, [ROUTE_1, ROUTE_2]]],
      tx: { ...TX },
    },
    message: 'OK',
    timestamp: '2026-11-22T03:11:52.697Z',
  };
}

type Body = ReturnType<typeof serviceBody>;

/** The body with its splits replaced by one split of one route. */
function withRoute(body: Body, route: unknown) {
  return { ...body, data: { ...body.data, splits: [[100, [route]]] } };
}

/** A loopback server answering every request with `status` and `text`; counts the requests it got. */
async function fakeService(t: Parameters<typeof startServer>[0], status: number, text: string) {
  const seen: string[] = [];
  const { origin } = await startServer(t, (request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
  });
  return { client: new QuoteClient({ quoteUrl: `${origin}/api/v2` }), seen };
}

test('maps a well-formed service body exactly (the control for every mismatch below)', async (t) => {
  const { client, seen } = await fakeService(t, 200, JSON.stringify(serviceBody()));
  const result = await client.getQuote({ ...baseRequest, userAddress: USER }, Platform.MIXED);

  assert.deepEqual(seen, ['POST /api/v2/quotes']);
  assert.deepEqual(result, {
    success: true,
    quoteId: 'a928b544-a999-4b29-894d-aad76efa872c',
    amountIn: '1000000000000000000000',
    amountOut: '30303172617783131',
    gasEstimate: 237000,
    splits: [[100, [ROUTE_1, ROUTE_2]]],
    tx: TX,
  });
});

test('converts a hex tx.value to decimal digits', async (t) => {
  const body = serviceBody();
  body.data.tx.value = '0x0de0b6b3a7640000';
  const { client } = await fakeService(t, 200, JSON.stringify(body));
  const result = await client.getQuote(baseRequest, Platform.MIXED);
  assert.deepEqual(result?.tx, { ...TX, value: '1000000000000000000' });
});

test('accepts a body without tx, or with tx null, and returns a result without tx', async (t) => {
  const { data, ...rest } = serviceBody();
  const { tx: _tx, ...withoutTx } = data;
  for (const body of [{ ...rest, data: withoutTx }, { ...rest, data: { ...withoutTx, tx: null } }]) {
    const { client } = await fakeService(t, 200, JSON.stringify(body));
    const result = await client.getQuote(baseRequest, Platform.MIXED);
    assert.equal(result?.quoteId, 'a928b544-a999-4b29-894d-aad76efa872c');
    assert.equal(result !== null && 'tx' in result, false);
  }
});

const mismatches: [string, (body: Body) => unknown][] = [
  ['an array', () => [serviceBody()]],
  ['success false', (b) => ({ ...b, success: false })],
  ['no success', ({ success: _s, ...b }) => b],
  ['no message', ({ message: _m, ...b }) => b],
  ['no timestamp', ({ timestamp: _ts, ...b }) => b],
  ['data null', (b) => ({ ...b, data: null })],
  ['data.success false', (b) => ({ ...b, data: { ...b.data, success: false } })],
  ['an empty quoteId', (b) => ({ ...b, data: { ...b.data, quoteId: '' } })],
  ['a numeric quoteId', (b) => ({ ...b, data: { ...b.data, quoteId: 7 } })],
  ['amountIn as a number', (b) => ({ ...b, data: { ...b.data, amountIn: 1000 } })],
  ['amountOut as a number', (b) => ({ ...b, data: { ...b.data, amountOut: 30303 } })],
  ['a negative amountOut', (b) => ({ ...b, data: { ...b.data, amountOut: '-1' } })],
  ['a fractional amountOut', (b) => ({ ...b, data: { ...b.data, amountOut: '1.5' } })],
  ['no amountOutUSD', (b) => ({ ...b, data: { ...b.data, amountOutUSD: undefined } })],
  ['gasEstimate as a string', (b) => ({ ...b, data: { ...b.data, gasEstimate: '237000' } })],
  ['a fractional gasEstimate', (b) => ({ ...b, data: { ...b.data, gasEstimate: 1.5 } })],
  ['no splits', (b) => ({ ...b, data: { ...b.data, splits: undefined } })],
  ['a split that is not a pair', (b) => ({ ...b, data: { ...b.data, splits: [[100]] } })],
  ['a split percent as a string', (b) => ({ ...b, data: { ...b.data, splits: [['100', [ROUTE_1]]] } })],
  ['a route without pairAddress', (b) => withRoute(b, { ...ROUTE_1, pairAddress: undefined })],
  ['a route fee as a string', (b) => withRoute(b, { ...ROUTE_1, fee: '29' })],
  ['a route with a malformed tokenOut', (b) => withRoute(b, { ...ROUTE_1, tokenOut: '0x12' })],
  ['tx as a string', (b) => ({ ...b, data: { ...b.data, tx: '0x38ed1739' } })],
  ['a malformed tx.to', (b) => ({ ...b, data: { ...b.data, tx: { ...TX, to: '0x165C' } } })],
  ['tx.data that is not hex', (b) => ({ ...b, data: { ...b.data, tx: { ...TX, data: 'swap()' } } })],
  ['a negative tx.value', (b) => ({ ...b, data: { ...b.data, tx: { ...TX, value: '-1' } } })],
];

for (const [what, mutate] of mismatches) {
  test(`resolves to null after a 200 body with ${what}`, async (t) => {
    const { client, seen } = await fakeService(t, 200, JSON.stringify(mutate(serviceBody())));
    assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
    assert.equal(seen.length, 1);
  });
}

test('resolves to null after a 200 body that is not JSON', async (t) => {
  const { client, seen } = await fakeService(t, 200, 'OK');
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.equal(seen.length, 1);
});

test('resolves to null after a 500 even when its body is a well-formed quote', async (t) => {
  const { client, seen } = await fakeService(t, 500, JSON.stringify(serviceBody()));
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.equal(seen.length, 1);
});

test('resolves to null after a network error (nothing listens on the port)', async () => {
  const counter = countingFetch();
  const client = new QuoteClient({ quoteUrl: `${await closedPortOrigin()}/api/v2`, fetch: counter.fetch });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.equal(counter.calls.length, 1);
});

test('resolves to null when the service never answers within timeoutMs', { timeout: 5000 }, async (t) => {
  const seen: string[] = [];
  const { origin } = await startServer(t, (request) => seen.push(`${request.method} ${request.url}`));
  const client = new QuoteClient({ quoteUrl: `${origin}/api/v2`, timeoutMs: 200 });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.deepEqual(seen, ['POST /api/v2/quotes']);
});

test('resolves to null when the body stalls after the headers past timeoutMs', { timeout: 5000 }, async (t) => {
  const { origin } = await startServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(JSON.stringify(serviceBody()).slice(0, 40));
  });
  const client = new QuoteClient({ quoteUrl: `${origin}/api/v2`, timeoutMs: 200 });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
});

test('resolves to null at timeoutMs even with a fetch that ignores the abort signal', { timeout: 5000 }, async () => {
  let calls = 0;
  const neverSettles: typeof fetch = () => {
    calls++;
    return new Promise<Response>(() => {});
  };
  const client = new QuoteClient({ quoteUrl: 'http://127.0.0.1:9/api/v2', fetch: neverSettles, timeoutMs: 50 });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
  assert.equal(calls, 1);
});

test('resolves to null when the given fetch throws synchronously', async () => {
  const throwing: typeof fetch = () => {
    throw new TypeError('boom');
  };
  const client = new QuoteClient({ quoteUrl: 'http://127.0.0.1:9/api/v2', fetch: throwing });
  assert.equal(await client.getQuote(baseRequest, Platform.MIXED), null);
});
