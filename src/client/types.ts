// The client's own request, result and option types (spec 4.2); independent of the service's server-side types.
import type { QuoteMode } from './platform.ts';

/**
 * Pricing, gas and tax parameters of a client request. The two taxes feed only the client's fee maths and are never
 * sent; the four other fields are forwarded to the service as its `extra` (spec 2.1).
 * @example const extra: QuoteRequestExtra = { tokenInTax: 500, tokenOutPrice: 1, gasPrice: '1000000000' };
 */
export interface QuoteRequestExtra {
  /** Transfer tax of the input token in basis points (100 = 1%), an integer from 0 to 10000. */
  tokenInTax?: number;
  /** Transfer tax of the output token in basis points (100 = 1%), an integer from 0 to 10000. */
  tokenOutTax?: number;
  /** Price of the input token in USD. */
  tokenInPrice?: number;
  /** Price of the output token in USD. */
  tokenOutPrice?: number;
  /** Gas price in wei, as decimal digits. */
  gasPrice?: string;
  /** Price of the gas token in USD. */
  gasTokenPrice?: number;
}

/**
 * What `getQuote` is asked for (spec 4.2).
 * @example
 * const request: QuoteRequest = {
 *   chainId: 369,
 *   fromToken: '0xA1077a294dDE1B09bB078844df40758a5D0f9a27',
 *   toToken: '0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07',
 *   amountIn: '1000000000000000000000',
 *   slippage: 1,
 *   mode: QuoteMode.FAST,
 * };
 */
export interface QuoteRequest {
  chainId: number;
  /** `0x` + 40 hex digits; the zero address is the native coin. */
  fromToken: string;
  /** `0x` + 40 hex digits, different from fromToken. */
  toToken: string;
  /** The address the transaction is built for; without it the result has no `tx`. */
  userAddress?: string;
  /** Positive integer in the input token's smallest unit, as decimal digits. */
  amountIn: string;
  /** USD value of amountIn, sent to the service as `amountUSD` (analytics only). */
  amountInUsd?: number;
  /** Maximum slippage in percent, 0 to 100. */
  slippage: number;
  mode: QuoteMode;
  extra?: QuoteRequestExtra;
}

/**
 * One pool of a route.
 * @example const route: QuoteRoute = { pairAddress, tokenIn, tokenOut, fee: 29, feeDenominator: 10000, platform: 'dexa_v2' };
 */
export interface QuoteRoute {
  pairAddress: string;
  tokenIn: string;
  tokenOut: string;
  /** The pool's fee is fee / feeDenominator of the amount in. */
  fee: number;
  feeDenominator: number;
  platform: string;
}

/**
 * One split of the input: the percentage of the input it carries, and its pools in order.
 * @example const split: QuoteSplit = [100, [route1, route2]];
 */
export type QuoteSplit = [number, QuoteRoute[]];

/**
 * A transaction ready to send.
 * @example await walletClient.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })
 */
export interface QuoteTransaction {
  from: string;
  to: string;
  /** `0x`-prefixed call data. */
  data: string;
  /** Native coin to send, in wei as decimal digits (a hex value from upstream is converted). */
  value: string;
}

/**
 * A successful quote (spec 4.2). Amounts are decimal-digit strings in the tokens' smallest units.
 * @example const out = BigInt((await client.getQuote(request, Platform.MIXED))?.amountOut ?? '0');
 */
export interface QuoteResult {
  success: true;
  /** The service's quote identifier; for `router_partner`, a UUID the client generates (the partner issues none). */
  quoteId: string;
  /** The amount the caller asked to swap, before the input tax. */
  amountIn: string;
  /** What the user receives: the quoted output minus the output tax. */
  amountOut: string;
  /** Gas units as the upstream estimates them (the service answers 0 when it has no output price). */
  gasEstimate: number;
  splits: QuoteSplit[];
  /** Present only when a userAddress was given, upstream built a transaction, and the input tax is 0. */
  tx?: QuoteTransaction;
}

/**
 * Construction options. Neither address has a default: without `quoteUrl` every service quote is null, without
 * `piteasUrl` every `router_partner` quote is null, and no request is made.
 * @example new QuoteClient({ quoteUrl: 'https://quotes.example/api/v2', timeoutMs: 5000 })
 */
export interface QuoteClientOptions {
  /** The service's `{base_url}`, ending in `/api/v2`. */
  quoteUrl?: string;
  /** The routing partner's base address (`{partner_url}`). */
  piteasUrl?: string;
  /** The fetch to use; the global fetch by default. */
  fetch?: typeof fetch;
  /** Milliseconds a whole request (headers and body) may take before it is aborted and the quote is null. Default 10000. */
  timeoutMs?: number;
}
