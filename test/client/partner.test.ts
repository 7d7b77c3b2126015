// Platform router_partner against a fake partner on loopback: the GET it sends, the mapping of a 200 answer to the
// result shape (taxes included), and null for a 403 or an answer that does not match the query.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { QuoteClient } from '../../src/client/QuoteClient.ts';
import { Platform, QuoteMode } from '../../src/client/platform.ts';
import { DAI, USDC, USER, WPLS, baseRequest, startServer } from './support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const POOL_A = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const POOL_B = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const POOL_C = '0xcccccccccccccccccccccccccccccccccccccccc';
const ROUTER = '0x6BF228eb7F8ad948d37deD07E595EfddfaAF88A6';

/** A 200 answer in the partner shape the client assumes (see src/client/partnerQuote.ts), for `amount` in. */
function partnerAnswer(amount: string) {
  return {
    srcToken: WPLS.toLowerCase(),
    destToken: USDC.toLowerCase(),
    srcAmount: amount,
    destAmount: '123456789',
    gasUseEstimate: 310000,
    methodParameters: { calldata: '0x12aa3caf00', value: '0x0de0b6b3a7640000', to: ROUTER },
    route: [
      [60, [{ pool: POOL_A, tokenIn: WPLS, tokenOut: USDC, fee: 2900, exchange: 'dexa_v2' }]],
      [
        40,
        [
          { pool: POOL_B, tokenIn: WPLS, tokenOut: DAI, fee: 2500, exchange: 'dexb_v3' },
          { pool: POOL_C, tokenIn: DAI, tokenOut: USDC, fee: 100, exchange: 'dexa_stable' },
        ],
      ],
    ].map(([percent, swaps]) => ({ percent, swaps })),
  };
}

interface SeenRequest {
  method: string;
  url: string;
  accept: string | undefined;
}

/** A fake partner answering `status` with `body` (a function of the query's amount); records the requests. */
async function fakePartner(t: TestContext, status: number, body: (amount: string) => unknown) {
  const seen: SeenRequest[] = [];
  const { origin } = await startServer(t, (request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', accept: request.headers.accept });
    const amount = new URL(request.url ?? '/', 'http://partner').searchParams.get('amount') ?? '';
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body(amount)));
  });
  return { origin, seen };
}

test('asks GET {piteasUrl}/quote with the documented query and maps the 200 answer to the result shape', async (t) => {
  const partner = await fakePartner(t, 200, partnerAnswer);
  const client = new QuoteClient({ piteasUrl: partner.origin });
  const result = await client.getQuote({ ...baseRequest, userAddress: USER }, Platform.ROUTER_PARTNER);

  assert.deepEqual(partner.seen, [
    {
      method: 'GET',
      url:
        `/quote?tokenInAddress=${WPLS}&tokenOutAddress=${USDC}&chainId=369` +
        `&amount=1000000000000000000000&allowedSlippage=1&account=${USER}`,
      accept: 'application/json',
    },
  ]);
  assert.ok(result);
  const { quoteId, ...rest } = result;
  assert.match(quoteId, UUID);
  assert.deepEqual(rest, {
    success: true,
    amountIn: '1000000000000000000000',
    amountOut: '123456789',
    gasEstimate: 310000,
    splits: [
      [
        60,
        [{ pairAddress: POOL_A, tokenIn: WPLS, tokenOut: USDC, fee: 2900, feeDenominator: 1_000_000, platform: 'dexa_v2' }],
      ],
      [
        40,
        [
          { pairAddress: POOL_B, tokenIn: WPLS, tokenOut: DAI, fee: 2500, feeDenominator: 1_000_000, platform: 'dexb_v3' },
          { pairAddress: POOL_C, tokenIn: DAI, tokenOut: USDC, fee: 100, feeDenominator: 1_000_000, platform: 'dexa_stable' },
        ],
      ],
    ],
    tx: { from: USER, to: ROUTER, data: '0x12aa3caf00', value: '1000000000000000000' },
  });
});

test('sends the same query in both modes, and needs no quoteUrl', async (t) => {
  const partner = await fakePartner(t, 200, partnerAnswer);
  const client = new QuoteClient({ piteasUrl: `${partner.origin}/` });
  const fast = await client.getQuote(baseRequest, Platform.ROUTER_PARTNER);
  const optimal = await client.getQuote({ ...baseRequest, mode: QuoteMode.OPTIMAL }, Platform.ROUTER_PARTNER);

  const url =
    `/quote?tokenInAddress=${WPLS}&tokenOutAddress=${USDC}&chainId=369` +
    '&amount=1000000000000000000000&allowedSlippage=1';
  assert.deepEqual(
    partner.seen.map((r) => r.url),
    [url, url],
  );
  assert.equal(fast?.amountOut, '123456789');
  assert.equal(optimal?.amountOut, '123456789');
});

test('without userAddress sends no account and returns no tx, even when the partner sends call data', async (t) => {
  const partner = await fakePartner(t, 200, partnerAnswer);
  const result = await new QuoteClient({ piteasUrl: partner.origin }).getQuote(baseRequest, Platform.ROUTER_PARTNER);

  assert.equal(new URL(partner.seen[0].url, 'http://partner').searchParams.has('account'), false);
  assert.equal(result?.amountOut, '123456789');
  assert.equal(result !== null && 'tx' in result, false);
});

test('applies the taxes: the partner quotes the net input and the output tax comes off destAmount', async (t) => {
  const partner = await fakePartner(t, 200, partnerAnswer);
  const client = new QuoteClient({ piteasUrl: partner.origin });
  const result = await client.getQuote(
    { ...baseRequest, userAddress: USER, amountIn: '1000000000000000000001', extra: { tokenInTax: 250, tokenOutTax: 100 } },
    Platform.ROUTER_PARTNER,
  );

  assert.equal(new URL(partner.seen[0].url, 'http://partner').searchParams.get('amount'), '975000000000000000001');
  // 1% of 123456789 is 1234567.89, rounded down to 1234567.
  assert.equal(result?.amountOut, '122222222');
  assert.equal(result?.amountIn, '1000000000000000000001');
  // The partner's call spends the net amount, not the amount asked: no tx with a taxed input.
  assert.equal(result !== null && 'tx' in result, false);
});

test('resolves to null when the partner answers 403', async (t) => {
  const partner = await fakePartner(t, 403, () => ({ error: 'Forbidden' }));
  const client = new QuoteClient({ piteasUrl: partner.origin });
  assert.equal(await client.getQuote({ ...baseRequest, userAddress: USER }, Platform.ROUTER_PARTNER), null);
  assert.equal(partner.seen.length, 1);
});

test('resolves to null when the partner answers 403 with a well-formed quote body', async (t) => {
  const partner = await fakePartner(t, 403, partnerAnswer);
  const client = new QuoteClient({ piteasUrl: partner.origin });
  assert.equal(await client.getQuote(baseRequest, Platform.ROUTER_PARTNER), null);
  assert.equal(partner.seen.length, 1);
});

const wrongAnswers: [string, (amount: string) => unknown][] = [
  ['another input token', (a) => ({ ...partnerAnswer(a), srcToken: DAI })],
  ['another output token', (a) => ({ ...partnerAnswer(a), destToken: DAI })],
  ['another srcAmount', (a) => ({ ...partnerAnswer(a), srcAmount: `${a}0` })],
  ['no destAmount', (a) => ({ ...partnerAnswer(a), destAmount: undefined })],
  ['destAmount as a number', (a) => ({ ...partnerAnswer(a), destAmount: 123456789 })],
  ['a fractional gasUseEstimate', (a) => ({ ...partnerAnswer(a), gasUseEstimate: 1.5 })],
  ['methodParameters without calldata', (a) => ({ ...partnerAnswer(a), methodParameters: { value: '0', to: ROUTER } })],
  ['a route swap without pool', (a) => ({ ...partnerAnswer(a), route: [{ percent: 100, swaps: [{ tokenIn: WPLS }] }] })],
  ['a body that is an array', (a) => [partnerAnswer(a)]],
];

for (const [what, body] of wrongAnswers) {
  test(`resolves to null when the partner's 200 answer has ${what}`, async (t) => {
    const partner = await fakePartner(t, 200, body);
    const client = new QuoteClient({ piteasUrl: partner.origin });
    assert.equal(await client.getQuote(baseRequest, Platform.ROUTER_PARTNER), null);
    assert.equal(partner.seen.length, 1);
  });
}

test('maps an answer without route and methodParameters to empty splits and no tx', async (t) => {
  const partner = await fakePartner(t, 200, (a) => ({ ...partnerAnswer(a), route: undefined, methodParameters: null }));
  const result = await new QuoteClient({ piteasUrl: partner.origin }).getQuote(
    { ...baseRequest, userAddress: USER },
    Platform.ROUTER_PARTNER,
  );
  assert.ok(result);
  const { quoteId: _id, ...rest } = result;
  assert.deepEqual(rest, {
    success: true,
    amountIn: '1000000000000000000000',
    amountOut: '123456789',
    gasEstimate: 310000,
    splits: [],
  });
});
