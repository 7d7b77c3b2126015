// QuoteClient against the real service, through a loopback proxy that records what the client sent and what the
// service answered: the endpoint per mode, the forwarded body, the tax maths and the mapping of the answer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { TestContext } from 'node:test';
import { QuoteClient } from '../../src/client/QuoteClient.ts';
import { Platform, QuoteMode } from '../../src/client/platform.ts';
import { type TestService, startTestService } from '../support/service.ts';
import { type RecordedExchange, USER, USDC, WPLS, baseRequest, startRecordingProxy } from './support.ts';

let service: TestService;
before(async () => {
  service = await startTestService(undefined);
});
after(() => service.service.close());

/** A client whose quoteUrl is a recording proxy in front of the real service. */
async function proxiedClient(t: TestContext): Promise<{ client: QuoteClient; exchanges: RecordedExchange[] }> {
  const proxy = await startRecordingProxy(t, `http://127.0.0.1:${service.port}`);
  return { client: new QuoteClient({ quoteUrl: `${proxy.origin}/api/v2` }), exchanges: proxy.exchanges };
}

/** The `data` of the one 200 answer the service gave. */
function onlyAnswer(exchanges: RecordedExchange[]) {
  assert.equal(exchanges.length, 1);
  assert.equal(exchanges[0].status, 200);
  return JSON.parse(exchanges[0].responseText).data;
}

test('mode FAST posts the request as JSON to {quoteUrl}/quotes and maps the answer', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  // A single UniV2 platform, so the service builds a router transaction for the user.
  const result = await client.getQuote({ ...baseRequest, userAddress: USER }, Platform.DEXA_V2);

  assert.equal(exchanges[0].method, 'POST');
  assert.equal(exchanges[0].url, '/api/v2/quotes');
  assert.equal(exchanges[0].contentType, 'application/json');
  assert.deepEqual(JSON.parse(exchanges[0].body), {
    chainId: 369,
    platform: 'dexa_v2',
    fromToken: WPLS,
    toToken: USDC,
    amountIn: '1000000000000000000000',
    slippage: 1,
    userAddress: USER,
  });
  const data = onlyAnswer(exchanges);
  assert.equal(data.tx.from, USER);
  assert.deepEqual(result, {
    success: true,
    quoteId: data.quoteId,
    amountIn: '1000000000000000000000',
    amountOut: data.amountOut,
    gasEstimate: data.gasEstimate,
    splits: data.splits,
    tx: data.tx,
  });
});

test('mode OPTIMAL posts the request to {quoteUrl}/quotes/advanced with the platform asked', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote({ ...baseRequest, mode: QuoteMode.OPTIMAL }, Platform.DEXA_V2);

  assert.equal(exchanges[0].method, 'POST');
  assert.equal(exchanges[0].url, '/api/v2/quotes/advanced');
  assert.equal(JSON.parse(exchanges[0].body).platform, 'dexa_v2');
  const data = onlyAnswer(exchanges);
  assert.deepEqual(result, {
    success: true,
    quoteId: data.quoteId,
    amountIn: '1000000000000000000000',
    amountOut: data.amountOut,
    gasEstimate: data.gasEstimate,
    splits: data.splits,
  });
});

test('router_own in mode OPTIMAL posts platform mixed to {quoteUrl}/quotes/advanced', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote({ ...baseRequest, mode: QuoteMode.OPTIMAL }, Platform.ROUTER_OWN);

  assert.equal(exchanges[0].url, '/api/v2/quotes/advanced');
  assert.equal(JSON.parse(exchanges[0].body).platform, 'mixed');
  const data = onlyAnswer(exchanges);
  assert.equal(result?.quoteId, data.quoteId);
  assert.equal(result?.amountOut, data.amountOut);
});

test('keeps the asked amountIn in the result although the unpriced service answers amountIn "0"', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote(baseRequest, Platform.MIXED);

  const data = onlyAnswer(exchanges);
  assert.equal(data.amountIn, '0');
  assert.equal(data.gasEstimate, 0);
  assert.equal(result?.amountIn, '1000000000000000000000');
  assert.equal(result?.gasEstimate, 0);
});

test('forwards amountInUsd as amountUSD and the four pricing fields of extra, never the taxes', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote(
    {
      ...baseRequest,
      amountInUsd: 30.5,
      extra: {
        tokenInTax: 0,
        tokenOutTax: 0,
        tokenInPrice: 0.00003,
        tokenOutPrice: 1,
        gasPrice: '1000000000',
        gasTokenPrice: 0.00003,
      },
    },
    Platform.MIXED,
  );

  assert.deepEqual(JSON.parse(exchanges[0].body), {
    chainId: 369,
    platform: 'mixed',
    fromToken: WPLS,
    toToken: USDC,
    amountIn: '1000000000000000000000',
    slippage: 1,
    amountUSD: 30.5,
    extra: { tokenInPrice: 0.00003, tokenOutPrice: 1, gasPrice: '1000000000', gasTokenPrice: 0.00003 },
  });
  const data = onlyAnswer(exchanges);
  assert.equal(data.amountIn, '1000000000000000000000');
  assert.equal(result?.gasEstimate, data.gasEstimate);
});

test('sends amountIn minus the input tax (tax rounded down), keeps the asked amountIn and drops the tx', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  // 2.5% of 1000000000000000000001 is 25000000000000000000.025: the tax rounds down to 25000000000000000000.
  const result = await client.getQuote(
    { ...baseRequest, amountIn: '1000000000000000000001', userAddress: USER, extra: { tokenInTax: 250 } },
    Platform.DEXA_V2,
  );

  const sent = JSON.parse(exchanges[0].body);
  assert.equal(sent.amountIn, '975000000000000000001');
  assert.equal('extra' in sent, false);
  const data = onlyAnswer(exchanges);
  assert.equal(data.tx.from, USER);
  assert.deepEqual(result, {
    success: true,
    quoteId: data.quoteId,
    amountIn: '1000000000000000000001',
    amountOut: data.amountOut,
    gasEstimate: data.gasEstimate,
    splits: data.splits,
  });
});

test('answers amountOut as the service amountOut minus the output tax (tax rounded down) and keeps the tx', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote({ ...baseRequest, userAddress: USER, extra: { tokenOutTax: 300 } }, Platform.DEXA_V2);

  assert.equal(JSON.parse(exchanges[0].body).amountIn, '1000000000000000000000');
  const data = onlyAnswer(exchanges);
  const quoted = BigInt(data.amountOut);
  assert.equal(result?.amountOut, (quoted - (quoted * 300n) / 10_000n).toString());
  assert.notEqual(result?.amountOut, data.amountOut);
  assert.equal(data.tx.from, USER);
  assert.deepEqual(result?.tx, data.tx);
});

test('applies both taxes: the net input goes to the service and the output tax comes off its amountOut', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote(
    { ...baseRequest, amountIn: '123456789012345678901', extra: { tokenInTax: 1000, tokenOutTax: 9999 } },
    Platform.DEXA_V2,
  );

  // 10% of 123456789012345678901 is 12345678901234567890.1, rounded down.
  assert.equal(JSON.parse(exchanges[0].body).amountIn, '111111110111111111011');
  const quoted = BigInt(onlyAnswer(exchanges).amountOut);
  assert.equal(result?.amountIn, '123456789012345678901');
  assert.equal(result?.amountOut, (quoted - (quoted * 9999n) / 10_000n).toString());
  assert.notEqual(result?.amountOut, quoted.toString());
});

test('resolves to null when the service answers 400 for a pair it has no route for', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const unknownToken = '0x2222222222222222222222222222222222222222';
  const result = await client.getQuote({ ...baseRequest, toToken: unknownToken }, Platform.MIXED);

  assert.equal(result, null);
  assert.equal(exchanges.length, 1);
  assert.equal(exchanges[0].status, 400);
  assert.deepEqual(JSON.parse(exchanges[0].responseText), {
    error: `No route found: unknown token ${unknownToken}`,
    status: 400,
  });
});

test('resolves to null when the service rejects the request with 400 (chainId other than 369)', async (t) => {
  const { client, exchanges } = await proxiedClient(t);
  const result = await client.getQuote({ ...baseRequest, chainId: 1 }, Platform.MIXED);

  assert.equal(result, null);
  assert.equal(exchanges.length, 1);
  assert.equal(exchanges[0].status, 400);
  assert.deepEqual(JSON.parse(exchanges[0].responseText), {
    error: 'Unsupported chain_id: 1. Only chain 369 is supported',
    status: 400,
  });
});

test('accepts a quoteUrl with a trailing slash', async (t) => {
  const proxy = await startRecordingProxy(t, `http://127.0.0.1:${service.port}`);
  const client = new QuoteClient({ quoteUrl: `${proxy.origin}/api/v2/` });
  const result = await client.getQuote(baseRequest, Platform.MIXED);

  assert.equal(proxy.exchanges[0].url, '/api/v2/quotes');
  assert.equal(result?.quoteId, onlyAnswer(proxy.exchanges).quoteId);
});
