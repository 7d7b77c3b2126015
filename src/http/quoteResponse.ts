// Shapes a computed quote into the response body of spec 2.2.
import { randomUUID } from 'node:crypto';
import { usdValue } from '../quote/pricing.ts';
import type { SerializedQuote } from '../quote/types.ts';
import type { QuoteRequest } from './validateRequest.ts';

const TX_MEMBER = Buffer.from(',"tx":');

/**
 * The JSON body of a successful quote, in UTF-8. Without extra.tokenOutPrice the service cannot value the quote, so
 * amountIn is "0", amountOutUSD "0" and gasEstimate 0 (spec 2.1 notes). The quote's splits and transaction arrive as
 * JSON bytes from the worker and are spliced in as they are (SerializedQuote says why bytes).
 * @example JSON.parse(quoteResponseBody(request, quote).toString()).message // "OK"
 */
export function quoteResponseBody(request: QuoteRequest, quote: SerializedQuote): Buffer {
  const price = request.extra.tokenOutPrice;
  const priced = price !== undefined;
  const head = JSON.stringify({
    success: true,
    quoteId: randomUUID(),
    amountIn: priced ? request.amountIn.toString() : '0',
    amountOut: quote.amountOut.toString(),
    amountOutUSD: priced ? usdValue(quote.amountOut, quote.outputDecimals, price) : '0',
    gasEstimate: priced ? quote.gasUnits : 0,
  });
  const tail = JSON.stringify({ message: 'OK', timestamp: new Date().toISOString() });
  // head and tail are whole objects: `{…}` opened up to take the routes, and the envelope's last members.
  return Buffer.concat([
    Buffer.from(`{"success":true,"data":${head.slice(0, -1)},"splits":`),
    quote.splitsJson,
    ...(quote.txJson ? [TX_MEMBER, quote.txJson] : []),
    Buffer.from(`},${tail.slice(1)}`),
  ]);
}
