// A quote worker's warm-up. V8 runs a function's first calls in its interpreter and compiles the hot ones to optimised
// code only after many calls, so a fresh worker's split searches run several times slower than a warm one's and reach
// their time budget early: a fresh service answered its first price-moving /quotes/advanced requests with a single path
// (a $3M WPLS → USDC trade got 7 times less than the split a warm worker finds). The worker quotes a fixed set of
// requests before it serves: price-moving ones between its deepest tokens, then many small ones spread as a service's
// traffic is (deep and long-tail tokens, $1 to $100k), which reach the code paths of every pool kind and of long-tail
// chains.
import type { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import { computeQuote } from '../quote/computeQuote.ts';
import { exampleGasPricing } from '../quote/pricing.ts';
import type { QuoteTask } from '../quote/types.ts';
import { createRandom } from '../snapshot/random.ts';

/** Deepest priced tokens the warm-up's price-moving requests trade between (12 ordered pairs). */
const TOKENS = 4;
/** Trade sizes in the wrapped native token's raw units: about $30, $3,000, $300,000 and $3M at $0.00003 per PLS. */
const NATIVE_SIZES = [10n ** 24n, 10n ** 26n, 10n ** 28n, 10n ** 29n];
/**
 * Small requests after the price-moving ones, spread as traffic is. On the default snapshot, a fresh service with two
 * workers took 304–328 ms of worker time over the first 40 requests of the latency mix after this warm-up, against
 * 365–471 ms after the 30 price-moving requests among the six deepest tokens quoted before (three fresh services each,
 * started alternately; with one worker 286–315 against 326–355 ms), for the same start-up, and its first $3M WPLS →
 * USDC quote split over 111 routes either way.
 */
const SPREAD = 30;
/** The spread's deep tokens (the others are any priced token), its seed, and its sizes: $1 to $100k, log-uniform. */
const SPREAD_MAJORS = 40;
const SPREAD_SEED = 369;
const SPREAD_LOG10_NATIVE = [22.5, 27.5];

/** Largest amount a swap can take (uint256). */
const MAX_AMOUNT = 2n ** 256n - 1n;

/**
 * The warm-up's requests on `graph`: each ordered pair of its TOKENS deepest priced tokens once, the sizes taken in
 * turn; then SPREAD requests of pairs drawn among its SPREAD_MAJORS deepest and all its priced tokens (four in five
 * selling a deep token, two in five buying one) at random sizes; every third with gas priced (42 requests; fewer
 * where an amount would round to nothing or pass uint256).
 * @example warmUpTasks(view).length // 42 on the default snapshot
 */
export function warmUpTasks(graph: GraphView): QuoteTask[] {
  const priced = Array.from(graph.tokensByLiquidity()).filter((t) => Number.isFinite(graph.tokenNativePrice[t]) && graph.tokenNativePrice[t] > 0);
  const deepest = priced.slice(0, TOKENS);
  const pairs = deepest.flatMap((from) => deepest.filter((to) => to !== from).map((to) => [from, to]));
  const priceMoving = pairs.map(([from, to], k): Trade => [from, to, NATIVE_SIZES[k % NATIVE_SIZES.length]]);
  const tasks = [...priceMoving, ...spread(priced)].map(([from, to, native], k): QuoteTask => ({
    graphVersion: graph.version,
    mode: 'advanced',
    platform: 'mixed',
    fromToken: graph.tokenAddress(from),
    toToken: graph.tokenAddress(to),
    amountIn: times(native, 1 / graph.tokenNativePrice[from]),
    slippagePpm: 5000n,
    deadline: 0n,
    // Gas priced as a wallet sends it, so the net-of-gas code paths warm up too.
    gasPricing: k % 3 === 2 ? exampleGasPricing(graph, to) : undefined,
  }));
  return tasks.filter((task) => task.amountIn > 0n && task.amountIn <= MAX_AMOUNT);
}

/** A request's tokens and its size in the wrapped native token's raw units. */
type Trade = [from: number, to: number, native: bigint];

/** SPREAD trades among `priced` (by falling liquidity), drawn with a fixed seed. */
function spread(priced: number[]): Trade[] {
  const random = createRandom(SPREAD_SEED);
  const majors = priced.slice(0, SPREAD_MAJORS);
  const pick = (list: number[]) => list[Math.floor(random() * list.length)];
  const [low, high] = SPREAD_LOG10_NATIVE;
  const trades: Trade[] = [];
  while (trades.length < SPREAD && priced.length > 1) {
    const r = random();
    const from = r < 0.8 ? pick(majors) : pick(priced);
    const to = r < 0.4 ? pick(majors) : pick(priced);
    const native = BigInt(Math.round(10 ** (low + (high - low) * random())));
    if (from !== to) trades.push([from, to, native]);
  }
  return trades;
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
 * Quotes the warm-up's requests one after another and discards their answers (about 0.9 s on the default snapshot). A
 * request that throws is counted and the others still run: the worker serves either way.
 * @example warmUp(view, preset).routed // 42 on the default snapshot
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
