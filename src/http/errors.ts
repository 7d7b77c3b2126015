// Every error the service answers with: a stable code, its HTTP status and body format, in one table.
// Handlers throw or return ServiceError; only writeResponse turns it into bytes.

export const ERROR_TABLE = {
  MALFORMED_JSON: { status: 400, body: 'json' },
  UNSUPPORTED_CHAIN: { status: 400, body: 'json' },
  VALIDATION_FAILED: { status: 400, body: 'json' },
  NO_ROUTE: { status: 400, body: 'json' },
  BOT_DETECTED: { status: 403, body: 'json' },
  NOT_FOUND: { status: 404, body: 'json' },
  METHOD_NOT_ALLOWED: { status: 405, body: 'json' },
  PAYLOAD_TOO_LARGE: { status: 413, body: 'json' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, body: 'json' },
  DESERIALIZE_FAILED: { status: 422, body: 'text' },
  RATE_LIMITED: { status: 429, body: 'json' },
  INTERNAL: { status: 500, body: 'json' },
  OVERLOADED: { status: 503, body: 'json' },
  STALE_STATE: { status: 503, body: 'json' },
} as const satisfies Record<string, { status: number; body: 'json' | 'text' }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** Base of the service's errors: callers branch on `code`, never on message text. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After or Allow. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }

  /** The response body: `{error, status}` JSON, or the plain message for deserializer errors. */
  body(): string {
    return ERROR_TABLE[this.code].body === 'text'
      ? this.message
      : JSON.stringify({ error: this.message, status: this.status });
  }

  contentType(): string {
    return ERROR_TABLE[this.code].body === 'text' ? 'text/plain; charset=utf-8' : 'application/json';
  }
}

export const errors = {
  malformedJson: (detail: string) =>
    new ServiceError('MALFORMED_JSON', `Failed to parse the request body as JSON: ${detail}`),
  unsupportedChain: (chainId: number) =>
    new ServiceError('UNSUPPORTED_CHAIN', `Unsupported chain_id: ${chainId}. Only chain 369 is supported`),
  validationFailed: (fieldErrors: string[]) =>
    new ServiceError('VALIDATION_FAILED', `Validation failed: ${fieldErrors.join('; ')}`),
  noRoute: (message: string) => new ServiceError('NO_ROUTE', message),
  botDetected: () => new ServiceError('BOT_DETECTED', 'Forbidden: automated crawlers are not allowed'),
  notFound: (path: string) => new ServiceError('NOT_FOUND', `Not found: ${path}`),
  methodNotAllowed: (method: string, allow: string) =>
    new ServiceError('METHOD_NOT_ALLOWED', `Method not allowed: ${method}. Allowed: ${allow}`, { Allow: allow }),
  payloadTooLarge: (limit: number) =>
    new ServiceError('PAYLOAD_TOO_LARGE', `Payload too large: the body limit is ${limit} bytes`),
  unsupportedMediaType: (contentType: string) =>
    new ServiceError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Unsupported media type: ${contentType ? `"${contentType}"` : 'none'}; expected Content-Type: application/json`,
    ),
  deserializeFailed: (message: string) => new ServiceError('DESERIALIZE_FAILED', message),
  rateLimited: (limit: number, retryAfterSeconds: number) =>
    new ServiceError(
      'RATE_LIMITED',
      `Too many requests: the limit is ${limit} per minute; retry after ${retryAfterSeconds} s`,
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  internal: () => new ServiceError('INTERNAL', 'Internal server error'),
  staleState: (ageMs: number, limitMs: number) =>
    new ServiceError(
      'STALE_STATE',
      `Chain state is stale: last confirmed ${Math.round(ageMs / 1000)} s ago (limit ${Math.round(limitMs / 1000)} s); retry shortly`,
      { 'Retry-After': '5' },
    ),
  overloaded: () =>
    new ServiceError('OVERLOADED', 'Service overloaded: too many quotes in progress; retry shortly', { 'Retry-After': '1' }),
};
