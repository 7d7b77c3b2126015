// The routing partner's quote endpoint as the client assumes it (platform `router_partner`); the partner publishes
// no contract we can cite, so this shape is our assumption, documented in docs/client.md:
//
//   GET {piteasUrl}/quote?tokenInAddress=<fromToken>&tokenOutAddress=<toToken>&chainId=<chainId>
//                        &amount=<amountIn after the input tax>&allowedSlippage=<slippage, percent>[&account=<userAddress>]
//   Accept: application/json
//
//   200 {
//     "srcToken": "0x…", "destToken": "0x…",       // echo of the request's tokens (any letter case)
//     "srcAmount": "<digits>",                      // echo of `amount`
//     "destAmount": "<digits>",                     // output before the output tax
//     "gasUseEstimate": <integer>,
//     "methodParameters": { "calldata": "0x…", "value": "<digits or 0x hex>", "to": "0x…" },   // optional, or null
//     "route": [ { "percent": <number>, "swaps": [ { "pool": "0x…", "tokenIn": "0x…", "tokenOut": "0x…",
//                   "fee": <fee per million, e.g. 3000 = 0.3%>, "exchange": "<name>" } ] } ]  // optional, or null
//   }
//
// Any other status (the partner answers 403 to origins other than our site's) or any other body makes the quote null.
import { isAddress, isDigits, isHexData, isNonNegativeInteger, isRecord, weiValue } from './shapes.ts';
import type { QuoteRoute, QuoteSplit } from './types.ts';

/**
 * The partner states pool fees per million (hundredths of a basis point): a route's feeDenominator.
 * @example 3000 / PARTNER_FEE_DENOMINATOR // 0.003, a 0.3% pool
 */
export const PARTNER_FEE_DENOMINATOR = 1_000_000;

/**
 * What the partner is asked: the tokens, the chain, the amount that reaches the pools, the slippage and the account.
 * @example const query: PartnerQuoteQuery = { fromToken, toToken, chainId: 369, amount: 975n, slippage: 1 };
 */
export interface PartnerQuoteQuery {
  fromToken: string;
  toToken: string;
  chainId: number;
  amount: bigint;
  slippage: number;
  userAddress?: string;
}

/**
 * The partner's answer, checked against the query, before the output tax.
 * @example const quote: PartnerQuote = parsePartnerQuote(body, query)!; quote.destAmount // 1234n
 */
export interface PartnerQuote {
  destAmount: string;
  gasEstimate: number;
  splits: QuoteSplit[];
  call?: { to: string; data: string; value: string };
}

/**
 * The partner's quote address for a query (`account` only when a userAddress is given).
 * @example partnerQuoteUrl('https://partner.example', query) // 'https://partner.example/quote?tokenInAddress=0x…&…'
 */
export function partnerQuoteUrl(piteasUrl: string, query: PartnerQuoteQuery): string {
  const params = new URLSearchParams({
    tokenInAddress: query.fromToken,
    tokenOutAddress: query.toToken,
    chainId: String(query.chainId),
    amount: query.amount.toString(),
    allowedSlippage: String(query.slippage),
  });
  if (query.userAddress !== undefined) params.set('account', query.userAddress);
  return `${piteasUrl.replace(/\/+$/, '')}/quote?${params}`;
}

/**
 * The partner's quote from a parsed 200 body, or undefined when the body is not the assumed shape or does not answer
 * the query (other tokens or another amount).
 * @example parsePartnerQuote({ srcToken, destToken, srcAmount: '975', destAmount: '1234', gasUseEstimate: 250000 }, query)
 */
export function parsePartnerQuote(body: unknown, query: PartnerQuoteQuery): PartnerQuote | undefined {
  if (!isRecord(body)) return undefined;
  const { srcToken, destToken, srcAmount, destAmount, gasUseEstimate } = body;
  if (!isAddress(srcToken) || srcToken.toLowerCase() !== query.fromToken.toLowerCase()) return undefined;
  if (!isAddress(destToken) || destToken.toLowerCase() !== query.toToken.toLowerCase()) return undefined;
  if (!isDigits(srcAmount) || BigInt(srcAmount) !== query.amount) return undefined;
  if (!isDigits(destAmount) || !isNonNegativeInteger(gasUseEstimate)) return undefined;
  const splits = body.route === undefined || body.route === null ? [] : parseRoute(body.route);
  if (!splits) return undefined;
  const quote: PartnerQuote = { destAmount, gasEstimate: gasUseEstimate, splits };
  if (body.methodParameters === undefined || body.methodParameters === null) return quote;
  const call = parseMethodParameters(body.methodParameters);
  return call && { ...quote, call };
}

function parseRoute(value: unknown): QuoteSplit[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const splits: QuoteSplit[] = [];
  for (const part of value) {
    if (!isRecord(part) || typeof part.percent !== 'number' || !Number.isFinite(part.percent)) return undefined;
    if (!Array.isArray(part.swaps)) return undefined;
    const routes: QuoteRoute[] = [];
    for (const swap of part.swaps) {
      if (!isRecord(swap)) return undefined;
      const { pool, tokenIn, tokenOut, fee, exchange } = swap;
      if (!isAddress(pool) || !isAddress(tokenIn) || !isAddress(tokenOut)) return undefined;
      if (!isNonNegativeInteger(fee) || typeof exchange !== 'string') return undefined;
      const feeDenominator = PARTNER_FEE_DENOMINATOR;
      routes.push({ pairAddress: pool, tokenIn, tokenOut, fee, feeDenominator, platform: exchange });
    }
    splits.push([part.percent, routes]);
  }
  return splits;
}

function parseMethodParameters(value: unknown): PartnerQuote['call'] {
  if (!isRecord(value)) return undefined;
  const { calldata, to } = value;
  const wei = weiValue(value.value);
  if (!isHexData(calldata) || !isAddress(to) || wei === undefined) return undefined;
  return { to, data: calldata, value: wei };
}
