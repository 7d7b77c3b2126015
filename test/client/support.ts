// Loopback helpers for the client tests: a counting fetch, a recording proxy in front of the real service, small
// fake upstreams, and the request the tests start from.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { QuoteMode } from '../../src/client/platform.ts';
import type { QuoteRequest } from '../../src/client/types.ts';

export const WPLS = '0xA1077a294dDE1B09bB078844df40758a5D0f9a27';
export const USDC = '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07';
export const DAI = '0xefD766cCb38EaF1dfd701853BFCe31359239F305';
export const USER = '0x1111111111111111111111111111111111111111';

/** A request the real service answers 200 on the default snapshot (1000 WPLS to USDC). */
export const baseRequest: QuoteRequest = {
  chainId: 369,
  fromToken: WPLS,
  toToken: USDC,
  amountIn: '1000000000000000000000',
  slippage: 1,
  mode: QuoteMode.FAST,
};

export interface FetchCall {
  url: string;
  method: string;
  body: string | undefined;
}

/** A fetch that records every call before passing it on to the global fetch. */
export function countingFetch(): { fetch: typeof fetch; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const wrapped: typeof fetch = (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body as string | undefined });
    return fetch(input, init);
  };
  return { fetch: wrapped, calls };
}

export interface RecordedExchange {
  method: string;
  /** Path and query as the proxy received them. */
  url: string;
  contentType: string | undefined;
  body: string;
  status: number;
  responseText: string;
}

/** Starts a loopback HTTP server, closed (with every connection) when the test ends; resolves to its origin. */
export async function startServer(
  t: TestContext,
  handler: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A loopback proxy that forwards every request unchanged to `targetOrigin` (the real service) and records the
 * request and the answer. Resolves to the proxy's origin and the record list.
 */
export async function startRecordingProxy(
  t: TestContext,
  targetOrigin: string,
): Promise<{ origin: string; exchanges: RecordedExchange[] }> {
  const exchanges: RecordedExchange[] = [];
  const { origin } = await startServer(t, (request, response, body) => {
    const method = request.method ?? 'GET';
    const contentType = request.headers['content-type'];
    fetch(targetOrigin + request.url, {
      method,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    }).then(async (upstream) => {
      const responseText = await upstream.text();
      exchanges.push({ method, url: request.url ?? '', contentType, body, status: upstream.status, responseText });
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
      response.end(responseText);
    }, (error: Error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
  });
  return { origin, exchanges };
}

/** An address on loopback where nothing listens: a port that was just bound and released. */
export async function closedPortOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
