// Package entry point of the `./client` export: the quote service's client library (spec 4.2).
export { DEFAULT_TIMEOUT_MS, QuoteClient } from './QuoteClient.ts';
export { Platform, QuoteMode, isPlatform, isQuoteMode } from './platform.ts';
export type { ServicePlatform } from './platform.ts';
export { BPS_DENOMINATOR, amountAfterTax } from './taxMath.ts';
export type {
  QuoteClientOptions,
  QuoteRequest,
  QuoteRequestExtra,
  QuoteResult,
  QuoteRoute,
  QuoteSplit,
  QuoteTransaction,
} from './types.ts';
