// Shapes a computed quote into the response body of spec 2.2.
import { randomUUID } from 'node:crypto';
import { usdValue } from '../quote/pricing.ts';
import type { ComputedQuote } from '../quote/types.ts';
import type { QuoteRequest } from './validateRequest.ts';

/**
 * The JSON body of a successful quote. Without extra.tokenOutPrice the service cannot value the quote, so
 * amountIn is "0", amountOutUSD "0" and gasEstimate 0 (spec 2.1 notes).
 * @example JSON.parse(quoteResponseBody(request, quote)).message // "OK"
 */
export function quoteResponseBody(request: QuoteRequest, quote: ComputedQuote): string {
  const price = request.extra.tokenOutPrice;
  const priced = price !== undefined;
  return JSON.stringify({
    success: true,
    data: {
      success: true,
      quoteId: randomUUID(),
      amountIn: priced ? request.amountIn.toString() : '0',
      amountOut: quote.amountOut.toString(),
      amountOutUSD: priced ? usdValue(quote.amountOut, quote.outputDecimals, price) : '0',
      gasEstimate: priced ? quote.gasUnits : 0,
      splits: quote.splits,
      ...(quote.tx ? { tx: quote.tx } : {}),
    },
    message: 'OK',
    timestamp: new Date().toISOString(),
  });
}
