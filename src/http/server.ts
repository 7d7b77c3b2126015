// The HTTP front end on uWebSockets.js: the two quote endpoints of spec 4, CORS and preflight, 404/405, and the
// request pipeline: bot check, rate limit, media type, body limit, deserialize, validate, cache, compute.
import uWS from 'uWebSockets.js';
import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import type { ServiceConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { QuoteMode, QuoteTask } from '../quote/types.ts';
import { slippageToPpm } from '../tx/slippage.ts';
import { type QuoteRunner, QuoteTimeout } from '../workers/quoteRunner.ts';
import { isBotUserAgent } from './botDetection.ts';
import { clientIp, isWhitelisted } from './clientIdentity.ts';
import { deserializeRequest } from './deserializeRequest.ts';
import { ServiceError, errors } from './errors.ts';
import { type StateFreshness, healthBody, isStale } from './health.ts';
import { type CachedAnswer, QuoteCache } from './quoteCache.ts';
import { quoteResponseBody } from './quoteResponse.ts';
import { RateLimiter } from './rateLimiter.ts';
import { StuckRequests } from './stuckRequests.ts';
import { type Exchange, beginExchange, readBody, send, sendError } from './responses.ts';
import { type QuoteRequest, validateRequest } from './validateRequest.ts';

export const BASE_PATH = '/api/v2';
export const HEALTH_PATH = '/health';
const QUOTE_PATHS: Record<string, QuoteMode> = {
  [`${BASE_PATH}/quotes`]: 'standard',
  [`${BASE_PATH}/quotes/advanced`]: 'advanced',
};
const ALLOWED_METHODS = 'POST, OPTIONS';
const PREFLIGHT_MAX_AGE_SECONDS = '86400';
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const SHUTDOWN_GRACE_MS = 10_000;
/** Server-Timing of an answer taken from the cache or from an identical request's computation. */
const CACHED_TIMING = 'cache;desc="hit"';
/** Server-Timing of a computed answer: the engine's milliseconds on the thread that computed it. */
const computeTiming = (ms = 0) => `quote;dur=${ms.toFixed(3)}`;

export interface ServerDependencies {
  config: ServiceConfig;
  runner: QuoteRunner;
  logger: Logger;
  /** Where the state comes from and how fresh it is (GET /health, and 503 once live state is too old). */
  freshness: () => StateFreshness;
}

export interface RunningServer {
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to a grace period), then closes every socket. */
  close(): Promise<void>;
}

/**
 * Starts the service's HTTP server.
 * @example const server = await startServer({ config: loadConfig({ PORT: '0' }), runner, logger }); server.port
 */
export function startServer(deps: ServerDependencies): Promise<RunningServer> {
  const { config, runner, logger, freshness } = deps;
  const cache = new QuoteCache(config.cacheTtlMs, config.cacheMaxEntries);
  const stuck = new StuckRequests();
  const limiter = config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute) : undefined;
  const decoder = new TextDecoder();
  let inFlight = 0;
  const settle = () => inFlight--;

  const app: TemplatedApp = uWS.App();
  for (const [path, mode] of Object.entries(QUOTE_PATHS)) {
    app.post(path, (res, req) => handleQuote(res, req, mode));
    app.options(path, (res, req) => {
      const requested = req.getHeader('access-control-request-headers');
      const exchange = beginExchange(res, () => {});
      send(exchange, 204, undefined, '', {
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': requested || 'Content-Type',
        'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
      });
    });
    app.any(path, (res, req) => {
      const method = req.getCaseSensitiveMethod();
      sendError(beginExchange(res, () => {}, method === 'HEAD'), errors.methodNotAllowed(method, ALLOWED_METHODS));
    });
  }
  app.get(HEALTH_PATH, (res) => {
    const state = freshness();
    const stale = isStale(state, config.maxStateAgeMs);
    send(beginExchange(res, () => {}), stale ? 503 : 200, 'application/json', healthBody(state, stale), {
      'Cache-Control': 'no-store',
    });
  });
  app.any(HEALTH_PATH, (res, req) => {
    const method = req.getCaseSensitiveMethod();
    sendError(beginExchange(res, () => {}, method === 'HEAD'), errors.methodNotAllowed(method, 'GET'));
  });
  app.any('/*', (res, req) =>
    sendError(beginExchange(res, () => {}, req.getMethod() === 'head'), errors.notFound(req.getUrl())),
  );

  function handleQuote(res: HttpResponse, req: HttpRequest, mode: QuoteMode): void {
    // The advanced time budget counts from here: reading the body and waiting for a worker are part of it.
    const receivedAtMs = performance.timeOrigin + performance.now();
    inFlight++;
    const exchange = beginExchange(res, settle);
    // Headers live only for this synchronous call: read them all now.
    const userAgent = req.getHeader('user-agent');
    const contentType = req.getHeader('content-type');
    const contentLength = req.getHeader('content-length');
    const origin = req.getHeader('origin');
    const referer = req.getHeader('referer');
    const ip = clientIp(decoder.decode(res.getRemoteAddressAsText()), req.getHeader('x-forwarded-for'), config.trustProxy);
    const fail = (error: ServiceError) => sendError(exchange, error, settle);
    try {
      if (config.botDetection && isBotUserAgent(userAgent)) throw errors.botDetected();
      const state = freshness();
      if (isStale(state, config.maxStateAgeMs)) throw errors.staleState(state.stateAgeMs!, config.maxStateAgeMs);
      if (limiter && !isWhitelisted(origin, referer, config.whitelistDomains)) {
        const decision = limiter.take(ip);
        if (!decision.allowed) throw errors.rateLimited(limiter.limit, decision.retryAfterSeconds);
      }
      if (!JSON_MEDIA_TYPE.test(contentType)) throw errors.unsupportedMediaType(contentType);
      if (contentLength && Number(contentLength) > config.maxBodyBytes) throw errors.payloadTooLarge(config.maxBodyBytes);
    } catch (error) {
      return fail(error as ServiceError);
    }
    readBody(
      exchange,
      config.maxBodyBytes,
      (body) => answerQuote(exchange, mode, body, receivedAtMs).catch((error) => fail(unexpected(error))),
      () => fail(errors.payloadTooLarge(config.maxBodyBytes)),
    );
  }

  async function answerQuote(exchange: Exchange, mode: QuoteMode, body: string, receivedAtMs: number): Promise<void> {
    const request = validateRequest(deserializeRequest(body));
    const task = quoteTask(request, mode, receivedAtMs);
    let computed = false;
    const answer = await cache.get(cacheKey(task, request), () => ((computed = true), computeOrRefuse(task, request)));
    // An answer this request did not compute (cached, or an identical request's in flight) says so instead of repeating
    // another request's compute time.
    const headers = computed ? answer.headers : { ...answer.headers, 'Server-Timing': CACHED_TIMING };
    send(exchange, answer.status, answer.contentType, answer.body, headers, settle);
  }

  function quoteTask(request: QuoteRequest, mode: QuoteMode, receivedAtMs: number): QuoteTask {
    const { gasPrice, gasTokenPrice, tokenOutPrice } = request.extra;
    return {
      graphVersion: runner.graph.version,
      mode,
      platform: request.platform,
      fromToken: request.fromToken,
      toToken: request.toToken,
      amountIn: request.amountIn,
      slippagePpm: slippageToPpm(request.slippage),
      userAddress: request.userAddress,
      deadline: BigInt(Math.floor(Date.now() / 1000) + config.deadlineSeconds),
      // Fixed for the process, so it needs no place in the cache key.
      timeBudgetMs: mode === 'advanced' ? config.advancedTimeBudgetMs : undefined,
      receivedAtMs,
      gasPricing:
        gasPrice !== undefined && gasTokenPrice !== undefined && tokenOutPrice !== undefined && tokenOutPrice > 0
          ? { gasPriceWei: gasPrice, gasTokenPriceUsd: gasTokenPrice, tokenOutPriceUsd: tokenOutPrice }
          : undefined,
    };
  }

  /**
   * The answer, or a 500 at once for a request that got stuck lately (stuckRequests.ts). Checked on a cache miss only:
   * a stuck request has no cached answer, and a hit then costs no second key.
   */
  async function computeOrRefuse(task: QuoteTask, request: QuoteRequest): Promise<CachedAnswer> {
    const requestKey = cacheKey({ ...task, graphVersion: 0 }, request);
    if (stuck.has(requestKey)) throw errors.internal();
    try {
      return await computeAnswer(task, request);
    } catch (error) {
      if (error instanceof QuoteTimeout) stuck.add(requestKey);
      throw error;
    }
  }

  async function computeAnswer(task: QuoteTask, request: QuoteRequest): Promise<CachedAnswer> {
    const outcome = await runner.compute(task);
    const timing = { 'Server-Timing': computeTiming(outcome.computeMs) };
    if (!outcome.ok) {
      const error = errors.noRoute(outcome.noRoute);
      return { status: error.status, contentType: error.contentType(), body: error.body(), headers: timing };
    }
    return {
      status: 200,
      contentType: 'application/json',
      body: quoteResponseBody(request, outcome.quote),
      headers: { 'X-Block-Number': outcome.quote.blockNumber.toString(), ...timing },
    };
  }

  function unexpected(error: unknown): ServiceError {
    if (error instanceof ServiceError) return error;
    // piscina's words for a full queue, and for no queue at all (MAX_QUEUE=0) with every worker busy.
    if (error instanceof Error && /queue is at limit|no task queue available/i.test(error.message)) {
      return errors.overloaded();
    }
    logger.error('quote failed', { error: error instanceof Error ? error.stack : String(error) });
    return errors.internal();
  }

  return new Promise((resolve, reject) => {
    app.listen(config.host, config.port, (socket: us_listen_socket | false) => {
      if (!socket) return reject(new Error(`Cannot listen on ${config.host}:${config.port}`));
      resolve({
        port: uWS.us_socket_local_port(socket),
        close: async () => {
          uWS.us_listen_socket_close(socket);
          const deadline = Date.now() + SHUTDOWN_GRACE_MS;
          while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
          // Present in uWS.js v20.30 but missing from its typings: closes every remaining socket.
          (app as TemplatedApp & { close(): void }).close();
        },
      });
    });
  });
}

/** Cache key: every field that changes the answer, plus the graph version it was computed on. */
function cacheKey(task: QuoteTask, request: QuoteRequest): string {
  const { tokenOutPrice, gasPrice, gasTokenPrice } = request.extra;
  return [
    task.mode,
    task.graphVersion,
    task.platform,
    task.fromToken.toLowerCase(),
    task.toToken.toLowerCase(),
    task.amountIn,
    request.slippage,
    task.userAddress?.toLowerCase() ?? '',
    tokenOutPrice ?? '',
    gasPrice ?? '',
    gasTokenPrice ?? '',
  ].join('|');
}
