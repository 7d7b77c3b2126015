// Shared pieces of the black-box HTTP tests: token addresses, a valid request, and a node:http client that sends
// exactly the method, headers and body it is given (fetch would add a User-Agent and a Content-Type of its own).
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import presetJson from '../../data/networks/chain369.json' with { type: 'json' };

export const NATIVE = '0x0000000000000000000000000000000000000000';
export const WPLS = '0xA1077a294dDE1B09bB078844df40758a5D0f9a27';
export const USDC = '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07';
export const DAI = '0xefD766cCb38EaF1dfd701853BFCe31359239F305';
export const HEX = '0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39';
export const PLSX = '0x95B303987A60C71504D99Aa1b13B4DA07b0790ab';
/** An address no pool in the default snapshot holds. */
export const UNKNOWN_TOKEN = '0x1111111111111111111111111111111111111111';
/** A user address in lower case; its checksummed form is USER_CHECKSUMMED. */
export const USER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
export const USER_CHECKSUMMED = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

export const PLATFORM_IDS = [
  'dexa_v1',
  'dexa_v2',
  'dexa_stable',
  'dexb_v2',
  'dexb_v3',
  'dexc_v2',
  'dexc_v3',
  'dexd_v2',
  'dexe_v3',
  'mixed',
] as const;

export const ROUTERS: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(presetJson.platforms).map(([id, platform]) => [id, (platform as { router?: string }).router]),
);

export const DECIMALS: Record<string, number> = Object.fromEntries(
  presetJson.tokens.map((token) => [token.address.toLowerCase(), token.decimals]),
);

export const QUOTES_PATH = '/api/v2/quotes';
export const ADVANCED_PATH = '/api/v2/quotes/advanced';
export const QUOTE_PATHS = [QUOTES_PATH, ADVANCED_PATH] as const;

export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** A valid request (WPLS → USDC on dexa_v2, 1 WPLS); `overrides` replace or add fields. */
export function quoteRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    chainId: 369,
    platform: 'dexa_v2',
    fromToken: WPLS,
    toToken: USDC,
    amountIn: '1000000000000000000',
    slippage: 0.5,
    ...overrides,
  };
}

export interface RawResponse {
  status: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string or object (sent as JSON) with a Content-Length, or a stream sent chunked. */
  body?: string | Record<string, unknown> | unknown[] | Readable;
}

/** Sends one request on its own connection and collects the whole response. */
export function request(port: number, path: string, options: RequestOptions = {}): Promise<RawResponse> {
  const { method = 'POST', headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body === undefined) {
      req.end();
    } else if (body instanceof Readable) {
      body.pipe(req);
    } else {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      req.setHeader('content-length', Buffer.byteLength(text));
      req.end(text);
    }
  });
}

/** POSTs a JSON quote request with Content-Type: application/json plus `headers`. */
export function postQuote(
  port: number,
  body: Record<string, unknown> | string | unknown[],
  headers: Record<string, string> = {},
  path: string = QUOTES_PATH,
): Promise<RawResponse> {
  return request(port, path, { headers: { ...JSON_HEADERS, ...headers }, body });
}

/** Parses an error response and checks it is exactly `{error, status}` JSON. */
export function errorBody(response: RawResponse): { error: string; status: number } {
  assert.equal(response.headers['content-type'], 'application/json', response.text);
  const body = JSON.parse(response.text) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['error', 'status'], response.text);
  assert.equal(body.status, response.status);
  return body as { error: string; status: number };
}

/** `amount` of a token with `decimals`, valued at `priceNumerator / priceDenominator` USD, to 6 decimals rounded down. */
export function expectedUsd(amount: bigint, decimals: number, priceNumerator: bigint, priceDenominator: bigint): string {
  const micros = (amount * priceNumerator * 1_000_000n) / (priceDenominator * 10n ** BigInt(decimals));
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${micros / 1_000_000n}.${fraction}` : (micros / 1_000_000n).toString();
}

/** Writes `data` on a raw socket (which then half-closes) and returns everything the server sends until it closes. */
export function rawExchange(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(data));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}
