// The quote service's client (spec 4.2): checks a request, applies the transfer-tax maths, asks the service (or the
// routing partner) and maps the answer to one result shape, resolving to null instead of throwing.
import { fetchJson } from './fetchJson.ts';
import { parsePartnerQuote, partnerQuoteUrl } from './partnerQuote.ts';
import type { PartnerQuoteQuery } from './partnerQuote.ts';
import { parseServiceQuote } from './parseServiceQuote.ts';
import { Platform, QuoteMode, isPlatform, isQuoteMode } from './platform.ts';
import type { ServicePlatform } from './platform.ts';
import { isAddress, isDigits, isRecord } from './shapes.ts';
import { amountAfterTax, parseTaxBps } from './taxMath.ts';
import type { QuoteClientOptions, QuoteRequest, QuoteResult, QuoteTransaction } from './types.ts';

/**
 * Default deadline of one request (headers and body), in milliseconds.
 * @example new QuoteClient({ quoteUrl, timeoutMs: DEFAULT_TIMEOUT_MS / 2 })
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

const MAX_UINT256 = (1n << 256n) - 1n;
const FORWARDED_EXTRA = ['tokenInPrice', 'tokenOutPrice', 'gasPrice', 'gasTokenPrice'] as const;

/** A request that passed the client's own checks, with its amounts and taxes as bigints. */
interface CheckedRequest {
  request: QuoteRequest;
  amountIn: bigint;
  /** What reaches the pools: amountIn minus the input tax. */
  amountSent: bigint;
  tokenInTax: bigint;
  tokenOutTax: bigint;
}

/**
 * Client of the quote service. `getQuote` resolves to a result or null and never throws.
 * @example
 * const client = new QuoteClient({ quoteUrl: 'https://quotes.example/api/v2' });
 * const quote = await client.getQuote(
 *   { chainId: 369, fromToken: WPLS, toToken: USDC, amountIn: '1000000000000000000000', slippage: 1, mode: QuoteMode.FAST },
 *   Platform.MIXED,
 * );
 */
export class QuoteClient {
  readonly #quoteUrl: string | undefined;
  readonly #piteasUrl: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  /**
   * Throws a RangeError for a timeoutMs that is not a positive finite number: a programming error, caught early.
   * @example new QuoteClient({ quoteUrl: 'https://quotes.example/api/v2', piteasUrl: 'https://partner.example' })
   */
  constructor(options: QuoteClientOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
      throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${options.timeoutMs}`);
    }
    this.#quoteUrl = options.quoteUrl?.replace(/\/+$/, '') || undefined;
    this.#piteasUrl = options.piteasUrl?.replace(/\/+$/, '') || undefined;
    // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
    const fetchImpl = options.fetch;
    this.#fetch = fetchImpl ? (input, init) => fetchImpl(input, init) : (input, init) => globalThis.fetch(input, init);
    this.#timeoutMs = timeoutMs;
  }

  /**
   * A quote for `request` on `platform`, or null: without a request for an unset address, an invalid request or
   * `router_own` outside mode OPTIMAL; after a request for a network error, a timeout, a non-2xx status or a body
   * that is not the expected shape.
   * @example const quote = await client.getQuote({ ...request, mode: QuoteMode.OPTIMAL }, Platform.ROUTER_OWN);
   */
  async getQuote(request: QuoteRequest, platform: Platform): Promise<QuoteResult | null> {
    try {
      const checked = checkRequest(request);
      if (!checked || !isPlatform(platform)) return null;
      if (platform === Platform.ROUTER_PARTNER) return await this.#partnerQuote(checked);
      if (platform === Platform.ROUTER_OWN) {
        return request.mode === QuoteMode.OPTIMAL ? await this.#serviceQuote(checked, Platform.MIXED) : null;
      }
      return await this.#serviceQuote(checked, platform);
    } catch {
      return null;
    }
  }

  async #serviceQuote(checked: CheckedRequest, platform: ServicePlatform): Promise<QuoteResult | null> {
    if (this.#quoteUrl === undefined) return null;
    const path = checked.request.mode === QuoteMode.OPTIMAL ? '/quotes/advanced' : '/quotes';
    const answer = await fetchJson(
      this.#fetch,
      this.#quoteUrl + path,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(serviceBody(checked, platform)),
      },
      this.#timeoutMs,
    );
    const quote = answer && parseServiceQuote(answer.json);
    if (!quote) return null;
    return result(checked, quote.quoteId, BigInt(quote.amountOut), quote.gasEstimate, quote.splits, quote.tx);
  }

  async #partnerQuote(checked: CheckedRequest): Promise<QuoteResult | null> {
    if (this.#piteasUrl === undefined) return null;
    const { request } = checked;
    const query: PartnerQuoteQuery = {
      fromToken: request.fromToken,
      toToken: request.toToken,
      chainId: request.chainId,
      amount: checked.amountSent,
      slippage: request.slippage,
      ...(request.userAddress !== undefined ? { userAddress: request.userAddress } : {}),
    };
    const answer = await fetchJson(
      this.#fetch,
      partnerQuoteUrl(this.#piteasUrl, query),
      { method: 'GET', headers: { Accept: 'application/json' } },
      this.#timeoutMs,
    );
    const quote = answer && parsePartnerQuote(answer.json, query);
    if (!quote) return null;
    const tx =
      quote.call && request.userAddress !== undefined ? { from: request.userAddress, ...quote.call } : undefined;
    // The partner issues no quote id; this one only lets the caller tell results apart in its own logs.
    const quoteId = globalThis.crypto.randomUUID();
    return result(checked, quoteId, BigInt(quote.destAmount), quote.gasEstimate, quote.splits, tx);
  }
}

/** The client's own checks (spec 4.2): what fails here never reaches the network. */
function checkRequest(request: QuoteRequest): CheckedRequest | undefined {
  if (!isRecord(request) || !isQuoteMode(request.mode)) return undefined;
  const { fromToken, toToken, userAddress, amountIn } = request;
  if (!isAddress(fromToken) || !isAddress(toToken) || fromToken.toLowerCase() === toToken.toLowerCase()) return undefined;
  if (userAddress !== undefined && !isAddress(userAddress)) return undefined;
  if (!isDigits(amountIn)) return undefined;
  const amount = BigInt(amountIn);
  if (amount === 0n || amount > MAX_UINT256) return undefined;
  const extra: unknown = request.extra ?? {};
  if (!isRecord(extra)) return undefined;
  const tokenInTax = parseTaxBps(extra.tokenInTax);
  const tokenOutTax = parseTaxBps(extra.tokenOutTax);
  if (tokenInTax === undefined || tokenOutTax === undefined) return undefined;
  const amountSent = amountAfterTax(amount, tokenInTax);
  // A 100% input tax leaves nothing to swap.
  if (amountSent === 0n) return undefined;
  return { request, amountIn: amount, amountSent, tokenInTax, tokenOutTax };
}

/** The service's request body (spec 2.1): taxes dropped, amountIn net of the input tax, amountInUsd as amountUSD. */
function serviceBody(checked: CheckedRequest, platform: ServicePlatform): Record<string, unknown> {
  const { request } = checked;
  const body: Record<string, unknown> = {
    chainId: request.chainId,
    platform,
    fromToken: request.fromToken,
    toToken: request.toToken,
    amountIn: checked.amountSent.toString(),
    slippage: request.slippage,
  };
  if (request.userAddress !== undefined) body.userAddress = request.userAddress;
  if (request.amountInUsd !== undefined) body.amountUSD = request.amountInUsd;
  const extra: Record<string, unknown> = {};
  for (const field of FORWARDED_EXTRA) {
    if (request.extra?.[field] !== undefined) extra[field] = request.extra[field];
  }
  if (Object.keys(extra).length > 0) body.extra = extra;
  return body;
}

/**
 * The result shape for both upstreams. amountOut is the quoted output minus the output tax. The transaction is
 * dropped when the input is taxed: it was built to spend the post-tax amount through a router call that assumes the
 * pools receive all of it, so it would neither spend what the caller asked nor execute.
 */
function result(
  checked: CheckedRequest,
  quoteId: string,
  quotedOut: bigint,
  gasEstimate: number,
  splits: QuoteResult['splits'],
  tx: QuoteTransaction | undefined,
): QuoteResult {
  return {
    success: true,
    quoteId,
    amountIn: checked.amountIn.toString(),
    amountOut: amountAfterTax(quotedOut, checked.tokenOutTax).toString(),
    gasEstimate,
    splits,
    ...(tx && checked.tokenInTax === 0n ? { tx } : {}),
  };
}
