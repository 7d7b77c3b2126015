// Routes, methods, media type and body size through a real server (spec 4 rules 2-5), and the CORS header on every
// kind of response.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { type TestService, startTestService } from '../support/service.ts';
import {
  ADVANCED_PATH,
  JSON_HEADERS,
  QUOTES_PATH,
  QUOTE_PATHS,
  type RawResponse,
  errorBody,
  postQuote,
  quoteRequest,
  rawExchange,
  request,
} from './helpers.ts';

let api: TestService;
before(async () => {
  api = await startTestService(undefined);
});
after(() => api.service.close());

const BODY_LIMIT = 16 * 1024;
const TOO_LARGE = { error: 'Payload too large: the body limit is 16384 bytes', status: 413 };

/** The valid request padded with trailing spaces to exactly `bytes` bytes (still valid JSON). */
function paddedBody(bytes: number): string {
  const body = JSON.stringify(quoteRequest());
  return body + ' '.repeat(bytes - Buffer.byteLength(body));
}

describe('paths', () => {
  for (const path of QUOTE_PATHS) {
    it(`answers POST ${path} with a 200 quote`, async () => {
      const response = await postQuote(api.port, quoteRequest(), {}, path);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers['content-type'], 'application/json');
      assert.equal(JSON.parse(response.text).message, 'OK');
    });
  }

  it('ignores a query string on a quote path', async () => {
    const response = await postQuote(api.port, quoteRequest(), {}, `${QUOTES_PATH}?source=test`);
    assert.equal(response.status, 200, response.text);
  });

  const unknown: [string, string][] = [
    ['POST', '/api/v2/quotes/best'],
    ['GET', '/api/v2/quotes/best'],
    ['POST', '/api/v2/quotes/'],
    ['POST', '/api/v2/quote'],
    ['POST', '/api/v1/quotes'],
    ['POST', '/api/v2'],
    ['GET', '/'],
    ['OPTIONS', '/api/v2/quotes/best'],
  ];
  for (const [method, path] of unknown) {
    it(`answers ${method} ${path} with 404 {error, status}`, async () => {
      const response = await request(api.port, path, { method, headers: JSON_HEADERS, body: method === 'POST' ? quoteRequest() : undefined });
      assert.equal(response.status, 404, response.text);
      assert.equal(response.statusMessage, 'Not Found');
      assert.deepEqual(errorBody(response), { error: `Not found: ${path}`, status: 404 });
    });
  }

  it('leaves the query string out of the 404 error text', async () => {
    const response = await request(api.port, '/api/v2/quotes/best?amount=1', { headers: JSON_HEADERS, body: quoteRequest() });
    assert.equal(response.status, 404);
    assert.deepEqual(errorBody(response), { error: 'Not found: /api/v2/quotes/best', status: 404 });
  });
});

describe('methods', () => {
  for (const path of QUOTE_PATHS) {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      it(`answers ${method} ${path} with 405 and Allow: POST, OPTIONS`, async () => {
        const response = await request(api.port, path, {
          method,
          headers: JSON_HEADERS,
          body: method === 'PUT' || method === 'PATCH' ? quoteRequest() : undefined,
        });
        assert.equal(response.status, 405, response.text);
        assert.equal(response.statusMessage, 'Method Not Allowed');
        assert.equal(response.headers.allow, 'POST, OPTIONS');
        assert.deepEqual(errorBody(response), { error: `Method not allowed: ${method}. Allowed: POST, OPTIONS`, status: 405 });
      });
    }
  }

  it('answers HEAD on a quote path with 405 and no body', async () => {
    const raw = await rawExchange(api.port, `HEAD ${QUOTES_PATH} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    const [head, body] = raw.split('\r\n\r\n', 2);
    assert.equal(head.split('\r\n')[0], 'HTTP/1.1 405 Method Not Allowed');
    assert.match(head, /\r\nAllow: POST, OPTIONS\r\n/);
    // RFC 9110 9.3.2: a response to HEAD carries no content.
    assert.equal(body, '');
  });
});

describe('preflight', () => {
  for (const path of QUOTE_PATHS) {
    it(`answers OPTIONS ${path} with 204, the CORS allow headers and no body`, async () => {
      const response = await request(api.port, path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      assert.equal(response.status, 204);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['access-control-allow-methods'], 'POST, OPTIONS');
      assert.equal(response.headers['access-control-allow-headers'], 'content-type');
      assert.equal(response.headers['access-control-max-age'], '86400');
      assert.equal(response.text, '');
    });
  }

  it('echoes every requested header in Access-Control-Allow-Headers', async () => {
    const response = await request(api.port, QUOTES_PATH, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-request-id' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers['access-control-allow-headers'], 'content-type, x-request-id');
  });

  it('allows Content-Type when the preflight names no headers', async () => {
    const response = await request(api.port, ADVANCED_PATH, { method: 'OPTIONS' });
    assert.equal(response.status, 204);
    assert.equal(response.headers['access-control-allow-headers'], 'Content-Type');
  });

  it('sends no Content-Length on the 204 (RFC 9110 8.6)', async () => {
    const raw = await rawExchange(api.port, `OPTIONS ${QUOTES_PATH} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    const [head, body] = raw.split('\r\n\r\n', 2);
    assert.equal(head.split('\r\n')[0], 'HTTP/1.1 204 No Content');
    assert.doesNotMatch(head, /\r\ncontent-length:/i);
    assert.equal(body, '');
  });
});

describe('media type', () => {
  it('rejects a request without Content-Type with 415', async () => {
    const response = await request(api.port, QUOTES_PATH, { body: quoteRequest() });
    assert.equal(response.status, 415, response.text);
    assert.equal(response.statusMessage, 'Unsupported Media Type');
    assert.deepEqual(errorBody(response), {
      error: 'Unsupported media type: none; expected Content-Type: application/json',
      status: 415,
    });
  });

  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'text/json']) {
    it(`rejects Content-Type ${contentType} with 415`, async () => {
      const response = await postQuote(api.port, quoteRequest(), { 'content-type': contentType }, ADVANCED_PATH);
      assert.equal(response.status, 415, response.text);
      assert.deepEqual(errorBody(response), {
        error: `Unsupported media type: "${contentType}"; expected Content-Type: application/json`,
        status: 415,
      });
    });
  }

  it('checks the media type before reading the body (a malformed body under text/plain is a 415)', async () => {
    const response = await postQuote(api.port, '{not json', { 'content-type': 'text/plain' });
    assert.equal(response.status, 415);
  });

  for (const contentType of ['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON']) {
    it(`accepts Content-Type ${contentType}`, async () => {
      const response = await postQuote(api.port, quoteRequest(), { 'content-type': contentType });
      assert.equal(response.status, 200, response.text);
    });
  }
});

describe('body size', () => {
  it(`accepts a body of exactly ${BODY_LIMIT} bytes`, async () => {
    const response = await postQuote(api.port, paddedBody(BODY_LIMIT));
    assert.equal(response.status, 200, response.text);
  });

  it(`rejects a body of ${BODY_LIMIT + 1} bytes with 413`, async () => {
    const response = await postQuote(api.port, paddedBody(BODY_LIMIT + 1));
    assert.equal(response.status, 413, response.text);
    assert.equal(response.statusMessage, 'Payload Too Large');
    assert.deepEqual(errorBody(response), TOO_LARGE);
  });

  it('rejects a Content-Length over the limit from the header alone', async () => {
    const response = await request(api.port, QUOTES_PATH, {
      headers: { ...JSON_HEADERS, 'content-length': String(BODY_LIMIT + 1) },
      body: Readable.from([JSON.stringify(quoteRequest())]),
    });
    assert.equal(response.status, 413, response.text);
    assert.deepEqual(errorBody(response), TOO_LARGE);
  });

  it('rejects an oversized chunked body that announces no length', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => (i === 0 ? '{"chainId":369,"pad":"' : 'x'.repeat(1024)));
    const response = await request(api.port, QUOTES_PATH, {
      headers: { ...JSON_HEADERS, 'transfer-encoding': 'chunked' },
      body: Readable.from(chunks),
    });
    assert.equal(response.status, 413, response.text);
    assert.deepEqual(errorBody(response), TOO_LARGE);
  });

  it('accepts a small chunked body', async () => {
    const body = JSON.stringify(quoteRequest());
    const response = await request(api.port, QUOTES_PATH, {
      headers: { ...JSON_HEADERS, 'transfer-encoding': 'chunked' },
      body: Readable.from([body.slice(0, 40), body.slice(40)]),
    });
    assert.equal(response.status, 200, response.text);
  });
});

describe('CORS', () => {
  const kinds: [number, string, () => Promise<RawResponse>][] = [
    [200, 'a quote', () => postQuote(api.port, quoteRequest())],
    [204, 'a preflight', () => request(api.port, QUOTES_PATH, { method: 'OPTIONS' })],
    [400, 'a validation error', () => postQuote(api.port, quoteRequest({ chainId: 1 }))],
    [403, 'a crawler', () => postQuote(api.port, quoteRequest(), { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })],
    [404, 'an unknown path', () => postQuote(api.port, quoteRequest(), {}, '/api/v2/quotes/best')],
    [405, 'a GET', () => request(api.port, ADVANCED_PATH, { method: 'GET' })],
    [413, 'an oversized body', () => postQuote(api.port, paddedBody(BODY_LIMIT + 1))],
    [415, 'a missing Content-Type', () => request(api.port, QUOTES_PATH, { body: quoteRequest() })],
    [422, 'an unknown platform', () => postQuote(api.port, quoteRequest({ platform: 'x' }))],
  ];
  for (const [status, what, send] of kinds) {
    it(`sends Access-Control-Allow-Origin: *, the exposed headers and Timing-Allow-Origin on the ${status} answer to ${what}`, async () => {
      const response = await send();
      assert.equal(response.status, status, response.text);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['access-control-expose-headers'], 'X-Block-Number, Server-Timing, Retry-After');
      assert.equal(response.headers['timing-allow-origin'], '*');
    });
  }
});
