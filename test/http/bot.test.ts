// User-agent bot detection of spec 8 through a real server: crawlers get 403 JSON, HTTP client libraries, browsers
// and requests without a User-Agent pass, and BOT_DETECTION=off lets crawlers through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { ADVANCED_PATH, JSON_HEADERS, QUOTES_PATH, errorBody, postQuote, quoteRequest, request } from './helpers.ts';

let api: TestService;
let detectionOff: TestService;
before(async () => {
  [api, detectionOff] = await Promise.all([startTestService(undefined), startTestService(undefined, { BOT_DETECTION: 'off' })]);
});
after(() => Promise.all([api.service.close(), detectionOff.service.close()]));

const CRAWLERS: [string, string][] = [
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ['Scrapy', 'Scrapy/2.11.2 (+https://scrapy.org)'],
];

const CLIENTS: [string, string][] = [
  ['curl', 'curl/8.5.0'],
  ['node', 'node'],
  ['undici', 'undici'],
  ['axios', 'axios/1.7.2'],
  ['python-requests', 'python-requests/2.32.3'],
  ['Go', 'Go-http-client/1.1'],
  [
    'Chrome',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ],
];

describe('with bot detection on (the default)', () => {
  for (const [name, userAgent] of CRAWLERS) {
    for (const path of [QUOTES_PATH, ADVANCED_PATH]) {
      it(`refuses the ${name} crawler on ${path} with 403 {error, status}`, async () => {
        const response = await postQuote(api.port, quoteRequest(), { 'user-agent': userAgent }, path);
        assert.equal(response.status, 403, response.text);
        assert.equal(response.statusMessage, 'Forbidden');
        assert.equal(response.headers['access-control-allow-origin'], '*');
        assert.deepEqual(errorBody(response), { error: 'Forbidden: automated crawlers are not allowed', status: 403 });
      });
    }
  }

  it('refuses a crawler before validating its request', async () => {
    const response = await postQuote(api.port, quoteRequest({ chainId: 1 }), { 'user-agent': CRAWLERS[0][1] });
    assert.equal(response.status, 403, response.text);
  });

  for (const [name, userAgent] of CLIENTS) {
    it(`lets ${name} (${userAgent}) through`, async () => {
      const response = await postQuote(api.port, quoteRequest(), { 'user-agent': userAgent });
      assert.equal(response.status, 200, response.text);
    });
  }

  it('lets a request without a User-Agent header through', async () => {
    const response = await request(api.port, QUOTES_PATH, { headers: JSON_HEADERS, body: quoteRequest() });
    assert.equal(response.status, 200, response.text);
  });

  it('lets fetch with its default User-Agent through', async () => {
    const response = await fetch(`${api.baseUrl}/quotes`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(quoteRequest()),
    });
    assert.equal(response.status, 200, await response.text());
  });
});

describe('with BOT_DETECTION=off', () => {
  for (const [name, userAgent] of CRAWLERS) {
    it(`lets the ${name} crawler through`, async () => {
      const response = await postQuote(detectionOff.port, quoteRequest(), { 'user-agent': userAgent });
      assert.equal(response.status, 200, response.text);
    });
  }
});
