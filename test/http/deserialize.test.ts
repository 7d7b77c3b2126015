// The deserializer layer through a real server: 422 plain text in serde's wording for wrong types, missing fields
// and unknown platforms (spec 7), 400 JSON for malformed JSON, and what the layer lets through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { ADVANCED_PATH, PLATFORM_IDS, type RawResponse, errorBody, postQuote, quoteRequest } from './helpers.ts';

let api: TestService;
before(async () => {
  api = await startTestService(undefined);
});
after(() => api.service.close());

const PLATFORM_LIST = PLATFORM_IDS.map((id) => `\`${id}\``).join(', ');

function assertPlainText422(response: RawResponse, text: string): void {
  assert.equal(response.status, 422, response.text);
  assert.equal(response.statusMessage, 'Unprocessable Entity');
  assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(response.headers['access-control-allow-origin'], '*');
  assert.equal(response.text, text);
}

function without(field: string): Record<string, unknown> {
  const body = quoteRequest();
  delete body[field];
  return body;
}

describe('platform', () => {
  it('rejects an unknown platform with 422 plain text listing the ten identifiers', async () => {
    const response = await postQuote(api.port, quoteRequest({ platform: 'uniswap' }));
    assertPlainText422(
      response,
      'platform: unknown variant `uniswap`, expected one of `dexa_v1`, `dexa_v2`, `dexa_stable`, `dexb_v2`, `dexb_v3`, ' +
        '`dexc_v2`, `dexc_v3`, `dexd_v2`, `dexe_v3`, `mixed`',
    );
  });

  it('treats platform as case-sensitive: `Mixed` is unknown', async () => {
    const response = await postQuote(api.port, quoteRequest({ platform: 'Mixed' }));
    assertPlainText422(response, `platform: unknown variant \`Mixed\`, expected one of ${PLATFORM_LIST}`);
  });

  it('rejects an unknown platform on /quotes/advanced too', async () => {
    const response = await postQuote(api.port, quoteRequest({ platform: 'DEXA_V2' }), {}, ADVANCED_PATH);
    assertPlainText422(response, `platform: unknown variant \`DEXA_V2\`, expected one of ${PLATFORM_LIST}`);
  });

  it('rejects a platform that is not a string as an invalid type for enum Platform', async () => {
    const response = await postQuote(api.port, quoteRequest({ platform: 7 }));
    assertPlainText422(response, 'platform: invalid type: integer `7`, expected enum Platform');
  });

  it('rejects an unknown platform before the 400 rules (chainId 1 does not matter)', async () => {
    const response = await postQuote(api.port, quoteRequest({ chainId: 1, platform: 'other' }));
    assertPlainText422(response, `platform: unknown variant \`other\`, expected one of ${PLATFORM_LIST}`);
  });
});

describe('missing fields', () => {
  for (const field of ['chainId', 'platform', 'fromToken', 'toToken', 'amountIn', 'slippage']) {
    it(`rejects a request without ${field} with 422 "missing field \`${field}\`"`, async () => {
      assertPlainText422(await postQuote(api.port, without(field)), `missing field \`${field}\``);
    });
  }

  it('names the first missing field in declaration order', async () => {
    assertPlainText422(await postQuote(api.port, { slippage: 1, amountIn: '1' }), 'missing field `chainId`');
  });

  it('reports a wrong type before a missing field', async () => {
    const body = without('amountIn');
    body.slippage = true;
    assertPlainText422(await postQuote(api.port, body), 'slippage: invalid type: boolean `true`, expected f64');
  });
});

describe('wrong JSON types', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['chainId as a string', { chainId: '369' }, 'chainId: invalid type: string "369", expected u64'],
    ['chainId negative', { chainId: -1 }, 'chainId: invalid value: integer `-1`, expected u64'],
    ['chainId fractional', { chainId: 369.5 }, 'chainId: invalid type: floating point `369.5`, expected u64'],
    ['slippage as a string', { slippage: '0.5' }, 'slippage: invalid type: string "0.5", expected f64'],
    ['amountIn as a number', { amountIn: 1000 }, 'amountIn: invalid type: integer `1000`, expected a string'],
    ['fromToken as null', { fromToken: null }, 'fromToken: invalid type: null, expected a string'],
    ['toToken as an object', { toToken: {} }, 'toToken: invalid type: map, expected a string'],
    ['userAddress as a number', { userAddress: 5 }, 'userAddress: invalid type: integer `5`, expected a string'],
    ['amountUSD as a string', { amountUSD: '10' }, 'amountUSD: invalid type: string "10", expected f64'],
    ['extra as an array', { extra: [] }, 'extra: invalid type: sequence, expected struct Extra'],
    ['extra as a string', { extra: 'x' }, 'extra: invalid type: string "x", expected struct Extra'],
    ['extra.tokenOutPrice as a string', { extra: { tokenOutPrice: '1' } }, 'extra.tokenOutPrice: invalid type: string "1", expected f64'],
    ['extra.gasPrice as a number', { extra: { gasPrice: 5 } }, 'extra.gasPrice: invalid type: integer `5`, expected a string'],
  ];
  for (const [name, overrides, text] of cases) {
    it(`rejects ${name} with 422 "${text}"`, async () => {
      assertPlainText422(await postQuote(api.port, quoteRequest(overrides)), text);
    });
  }

  it('rejects a JSON array body with 422 "expected struct QuoteRequest"', async () => {
    assertPlainText422(await postQuote(api.port, [quoteRequest()]), 'invalid type: sequence, expected struct QuoteRequest');
  });

  it('rejects a JSON null body with 422', async () => {
    assertPlainText422(await postQuote(api.port, 'null'), 'invalid type: null, expected struct QuoteRequest');
  });

  it('rejects a JSON string body with 422', async () => {
    assertPlainText422(await postQuote(api.port, '"quote"'), 'invalid type: string "quote", expected struct QuoteRequest');
  });
});

describe('malformed JSON', () => {
  it('rejects a truncated body with 400 JSON', async () => {
    const response = await postQuote(api.port, '{"chainId":369,');
    assert.equal(response.status, 400);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.deepEqual(errorBody(response), {
      error: 'Failed to parse the request body as JSON: Expected double-quoted property name in JSON at position 15',
      status: 400,
    });
  });

  it('rejects an empty body with 400 JSON', async () => {
    const response = await postQuote(api.port, '');
    assert.equal(response.status, 400);
    assert.deepEqual(errorBody(response), {
      error: 'Failed to parse the request body as JSON: Unexpected end of JSON input',
      status: 400,
    });
  });

  it('rejects a body that is not JSON at all with 400 JSON', async () => {
    const response = await postQuote(api.port, 'chainId=369');
    assert.equal(response.status, 400);
    assert.deepEqual(errorBody(response), {
      error: `Failed to parse the request body as JSON: Unexpected token 'c', "chainId=369" is not valid JSON`,
      status: 400,
    });
  });
});

describe('what the layer lets through', () => {
  it('accepts null for every optional field', async () => {
    const response = await postQuote(api.port, quoteRequest({ userAddress: null, amountUSD: null, extra: null }));
    assert.equal(response.status, 200, response.text);
    assert.equal('tx' in JSON.parse(response.text).data, false);
  });

  it('accepts null inside extra', async () => {
    const body = quoteRequest({ extra: { tokenInPrice: null, tokenOutPrice: null, gasPrice: null, gasTokenPrice: null } });
    const response = await postQuote(api.port, body);
    assert.equal(response.status, 200, response.text);
  });

  it('ignores fields it does not know', async () => {
    const response = await postQuote(api.port, quoteRequest({ referrer: 'abc', extra: { tokenInTax: 100 } }));
    assert.equal(response.status, 200, response.text);
  });

  it('accepts amountUSD and all four extra fields', async () => {
    const body = quoteRequest({
      amountUSD: 0.03,
      extra: { tokenInPrice: 0.00003, tokenOutPrice: 1, gasPrice: '1000000000000000', gasTokenPrice: 0.00003 },
    });
    const response = await postQuote(api.port, body);
    assert.equal(response.status, 200, response.text);
  });
});
