// Exact conversions between USD float prices and raw token amounts, for ranking net of gas and amountOutUSD.
import type { GraphView } from '../graph/graphView.ts';
import type { QuoteTask } from './types.ts';

type GasPricing = NonNullable<QuoteTask['gasPricing']>;

const PRICE_DECIMALS = 18;
const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** A non-negative float price as a fixed-point bigint with 18 decimals (the float's own decimal expansion). */
export function priceToFixed(price: number): bigint {
  if (!(price > 0) || !Number.isFinite(price)) return 0n;
  if (price >= 1e21) return BigInt(Math.round(price)) * PRICE_SCALE;
  const [whole, fraction = ''] = price.toFixed(PRICE_DECIMALS).split('.');
  return BigInt(whole + fraction.padEnd(PRICE_DECIMALS, '0'));
}

/**
 * Gas cost of `gasUnits` expressed in raw units of the output token, rounded up; 0n when the output price is 0.
 * @example gasCostInOutput(100_000, 10n ** 15n, 0.00003, 1, 6) // cost of 1e20 wei at $0.00003/PLS in USDC units
 */
export function gasCostInOutput(
  gasUnits: number,
  gasPriceWei: bigint,
  gasTokenPriceUsd: number,
  tokenOutPriceUsd: number,
  outputDecimals: number,
): bigint {
  const outPrice = priceToFixed(tokenOutPriceUsd);
  if (outPrice === 0n) return 0n;
  const numerator = BigInt(gasUnits) * gasPriceWei * priceToFixed(gasTokenPriceUsd) * 10n ** BigInt(outputDecimals);
  const denominator = outPrice * 10n ** 18n;
  return (numerator + denominator - 1n) / denominator;
}

/**
 * USD price of one whole `token` from the graph's native prices, given the native coin's USD price: what a wallet
 * sends as tokenOutPrice; 0 for an unpriced token.
 * @example tokenUsdPrice(graph, usdc, 0.00003) // about 1
 */
function tokenUsdPrice(graph: GraphView, token: number, nativeUsd: number): number {
  return graph.tokenNativePrice[token] * (nativeUsd / 1e18) * 10 ** graph.tokenDecimals(token);
}

/** Gas priced as the README's example request (a wallet's): 7M gwei at $0.00003 per PLS, about $0.02 per 100,000 gas. */
export const EXAMPLE_GAS_PRICE_WEI = 7_000_000_000_000_000n;
export const EXAMPLE_GAS_TOKEN_PRICE_USD = 0.00003;

/**
 * The example gas pricing of a request into `tokenOut`, its output priced from the graph (the warm-up's and the
 * benchmarks' requests).
 * @example exampleGasPricing(graph, usdc) // { gasPriceWei: 7000000000000000n, gasTokenPriceUsd: 0.00003, tokenOutPriceUsd: ~1 }
 */
export function exampleGasPricing(graph: GraphView, tokenOut: number): GasPricing {
  const tokenOutPriceUsd = tokenUsdPrice(graph, tokenOut, EXAMPLE_GAS_TOKEN_PRICE_USD);
  return { gasPriceWei: EXAMPLE_GAS_PRICE_WEI, gasTokenPriceUsd: EXAMPLE_GAS_TOKEN_PRICE_USD, tokenOutPriceUsd };
}

/**
 * USD value of a raw amount as a decimal string with up to 6 decimals (rounded down, trailing zeros trimmed).
 * @example usdValue(2_500_000n, 6, 1) // "2.5"
 */
export function usdValue(amount: bigint, decimals: number, priceUsd: number): string {
  const micros = (amount * priceToFixed(priceUsd)) / 10n ** BigInt(decimals + PRICE_DECIMALS - 6);
  const whole = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
