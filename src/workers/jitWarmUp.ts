// A quote worker's warm-up. V8 runs a function's first calls in its interpreter and compiles the hot ones to optimised
// code only after many calls, so a fresh worker's split searches run several times slower than a warm one's and reach
// their time budget early: a fresh service answered its first price-moving /quotes/advanced requests with a single path
// (a $3M WPLS → USDC trade got 7 times less than the split a warm worker finds). The worker quotes a fixed set of
// requests between its deepest tokens, from retail sizes to price-moving ones, before it serves.
import type { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import { computeQuote } from '../quote/computeQuote.ts';
import { exampleGasPricing } from '../quote/pricing.ts';
import type { QuoteTask } from '../quote/types.ts';

/**
 * Deepest priced tokens the warm-up trades between. Six (30 requests: 0.7 s of quoting on the default snapshot, and
 * 1.2 s more start-up with two workers on two cores) left a fresh worker's first price-moving quotes as fast as a warm
 * one's; four (12 requests) left them up to 70% slower.
 */
const TOKENS = 6;
/** Trade sizes in the wrapped native token's raw units: about $30, $3,000, $300,000 and $3M at $0.00003 per PLS. */
const NATIVE_SIZES = [10n ** 24n, 10n ** 26n, 10n ** 28n, 10n ** 29n];

/** Largest amount a swap can take (uint256). */
const MAX_AMOUNT = 2n ** 256n - 1n;

/**
 * The warm-up's requests on `graph`: each ordered pair of its TOKENS deepest priced tokens once, the sizes and gas
 * pricing taken in turn (30 requests; fewer where an amount would round to nothing or pass uint256).
 * @example warmUpTasks(view).length // 30 on the default snapshot
 */
export function warmUpTasks(graph: GraphView): QuoteTask[] {
  const priced = (t: number) => Number.isFinite(graph.tokenNativePrice[t]) && graph.tokenNativePrice[t] > 0;
  const tokens = Array.from(graph.tokensByLiquidity()).filter(priced).slice(0, TOKENS);
  const pairs = tokens.flatMap((from) => tokens.filter((to) => to !== from).map((to) => [from, to]));
  const tasks = pairs.map(([from, to], k): QuoteTask => ({
    graphVersion: graph.version,
    mode: 'advanced',
    platform: 'mixed',
    fromToken: graph.tokenAddress(from),
    toToken: graph.tokenAddress(to),
    amountIn: times(NATIVE_SIZES[k % NATIVE_SIZES.length], 1 / graph.tokenNativePrice[from]),
    slippagePpm: 5000n,
    deadline: 0n,
    // Gas priced as a wallet sends it, so the net-of-gas code paths warm up too.
    gasPricing: k % 3 === 2 ? exampleGasPricing(graph, to) : undefined,
  }));
  return tasks.filter((task) => task.amountIn > 0n && task.amountIn <= MAX_AMOUNT);
}

/** `amount` times a positive float, to nine significant digits of the factor (exact for a factor of 1); 0n for none. */
function times(amount: bigint, factor: number): bigint {
  if (!(factor > 0) || !Number.isFinite(factor)) return 0n;
  const exponent = Math.floor(Math.log10(factor)) - 8;
  const mantissa = BigInt(Math.round(factor / 10 ** exponent));
  return exponent >= 0 ? amount * mantissa * 10n ** BigInt(exponent) : (amount * mantissa) / 10n ** BigInt(-exponent);
}

/** What a warm-up did: requests that found a route, and those that threw (with the first error's message). */
export interface WarmUpReport {
  routed: number;
  failed: number;
  firstError?: string;
}

/**
 * Quotes the warm-up's requests one after another and discards their answers (0.7 s on the default snapshot). A
 * request that throws is counted and the others still run: the worker serves either way.
 * @example warmUp(view, preset).routed // 30 on the default snapshot
 */
export function warmUp(graph: GraphView, preset: NetworkPreset): WarmUpReport {
  const report: WarmUpReport = { routed: 0, failed: 0 };
  for (const task of warmUpTasks(graph)) {
    try {
      if (computeQuote(graph, preset, task).ok) report.routed++;
    } catch (error) {
      report.failed++;
      report.firstError ??= error instanceof Error ? error.message : String(error);
    }
  }
  return report;
}
