// Writing responses with uWS: inside res.cork, CORS on every response, never after an abort or twice.
import type { HttpResponse } from 'uWebSockets.js';
import type { ServiceError } from './errors.ts';

const STATUS_LINES: Record<number, string> = {
  200: '200 OK',
  204: '204 No Content',
  400: '400 Bad Request',
  403: '403 Forbidden',
  404: '404 Not Found',
  405: '405 Method Not Allowed',
  413: '413 Payload Too Large',
  415: '415 Unsupported Media Type',
  422: '422 Unprocessable Entity',
  429: '429 Too Many Requests',
  500: '500 Internal Server Error',
  503: '503 Service Unavailable',
};

/** The response headers beyond CORS's safelisted ones that the service sends for clients to read. */
const EXPOSED_HEADERS = 'X-Block-Number, Server-Timing, Retry-After';

/** Per-request state a handler shares with its asynchronous steps. */
export interface Exchange {
  res: HttpResponse;
  aborted: boolean;
  answered: boolean;
  /** A HEAD request: the response has headers only. */
  head: boolean;
}

export function beginExchange(res: HttpResponse, onSettled: () => void, head = false): Exchange {
  const exchange: Exchange = { res, aborted: false, answered: false, head };
  // Registered before any asynchronous step: uWS invalidates `res` on abort and writing to it would throw.
  res.onAborted(() => {
    exchange.aborted = true;
    if (!exchange.answered) {
      exchange.answered = true;
      onSettled();
    }
  });
  return exchange;
}

export function send(
  exchange: Exchange,
  status: number,
  contentType: string | undefined,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
  onSettled?: () => void,
): void {
  if (exchange.aborted || exchange.answered) return;
  exchange.answered = true;
  exchange.res.cork(() => {
    exchange.res.writeStatus(STATUS_LINES[status] ?? String(status));
    exchange.res.writeHeader('Access-Control-Allow-Origin', '*');
    // A browser page on another origin reads only the headers exposed to it, and Server-Timing in its resource timing
    // only with Timing-Allow-Origin.
    exchange.res.writeHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    exchange.res.writeHeader('Timing-Allow-Origin', '*');
    if (contentType) exchange.res.writeHeader('Content-Type', contentType);
    for (const [name, value] of Object.entries(headers)) exchange.res.writeHeader(name, value);
    // A 204 carries no body and, per RFC 9110, no Content-Length either; a HEAD response has no body.
    if (status === 204 || exchange.head) exchange.res.endWithoutBody();
    else exchange.res.end(body);
  });
  onSettled?.();
}

export function sendError(exchange: Exchange, error: ServiceError, onSettled?: () => void): void {
  send(exchange, error.status, error.contentType(), error.body(), error.headers, onSettled);
}

/**
 * Collects the request body up to `limit` bytes; calls onTooLarge as soon as it is exceeded.
 * uWS lends each chunk only for the duration of the callback, so chunks are copied.
 */
export function readBody(
  exchange: Exchange,
  limit: number,
  onBody: (body: string) => void,
  onTooLarge: () => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflowed = false;
  exchange.res.onData((chunk, isLast) => {
    if (overflowed) return;
    size += chunk.byteLength;
    if (size > limit) {
      overflowed = true;
      onTooLarge();
      return;
    }
    chunks.push(Buffer.from(chunk.slice(0)));
    if (isLast) onBody(Buffer.concat(chunks, size).toString('utf8'));
  });
}
