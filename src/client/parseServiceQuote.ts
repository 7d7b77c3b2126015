// Checks, by hand, that a 200 body from the quote service has the shape of spec 2.2 plus `data.splits`.
import { isAddress, isDigits, isHexData, isNonNegativeInteger, isRecord, parseSplits, weiValue } from './shapes.ts';
import type { QuoteSplit, QuoteTransaction } from './types.ts';

/**
 * The parts of a service quote the client uses, as the service sent them (before any tax).
 * @example const quote: ServiceQuote = parseServiceQuote(JSON.parse(text))!; quote.amountOut // '30313'
 */
export interface ServiceQuote {
  quoteId: string;
  amountOut: string;
  gasEstimate: number;
  splits: QuoteSplit[];
  tx?: QuoteTransaction;
}

/**
 * The quote in a parsed service body, or undefined when any required field is missing or of the wrong type:
 * `success: true`, `message` and `timestamp` strings, and `data` with `success: true`, a non-empty `quoteId`,
 * `amountIn`/`amountOut` as decimal digits, `amountOutUSD` a string, `gasEstimate` a non-negative integer, `splits`,
 * and, when present and not null, `tx` with address `from`/`to`, hex `data` and a decimal or hex `value` (returned
 * as decimal).
 * @example parseServiceQuote({ success: true, data: { ... }, message: 'OK', timestamp: '...' })?.quoteId
 */
export function parseServiceQuote(body: unknown): ServiceQuote | undefined {
  if (!isRecord(body) || body.success !== true || typeof body.message !== 'string') return undefined;
  if (typeof body.timestamp !== 'string' || !isRecord(body.data)) return undefined;
  const { success, quoteId, amountIn, amountOut, amountOutUSD, gasEstimate } = body.data;
  if (success !== true || typeof quoteId !== 'string' || quoteId === '') return undefined;
  if (!isDigits(amountIn) || !isDigits(amountOut) || typeof amountOutUSD !== 'string') return undefined;
  if (!isNonNegativeInteger(gasEstimate)) return undefined;
  const splits = parseSplits(body.data.splits);
  if (!splits) return undefined;
  // A null tx is how a serializer that does not skip empty optionals says "absent".
  if (body.data.tx === undefined || body.data.tx === null) return { quoteId, amountOut, gasEstimate, splits };
  const tx = parseTx(body.data.tx);
  return tx && { quoteId, amountOut, gasEstimate, splits, tx };
}

function parseTx(value: unknown): QuoteTransaction | undefined {
  if (!isRecord(value)) return undefined;
  const { from, to, data } = value;
  const wei = weiValue(value.value);
  if (!isAddress(from) || !isAddress(to) || !isHexData(data) || wei === undefined) return undefined;
  return { from, to, data, value: wei };
}
