// Split routing for /quotes/advanced: the flow optimiser (routing/flow) over the pruned subgraph, its flow decomposed
// into at most `maxSplits` paths, executed exactly in order (simulateSplit). When gas is priced, splits that do not
// pay for their gas are dropped. The seed paths (the /quotes path) always compete, and when the optimiser was cut
// short by the deadline a 5%-grid split over its widest paths does too, so the answer never falls below either.
import type { GraphView } from '../../graph/graphView.ts';
import { decomposeFlow, type FlowPath } from '../flow/decompose.ts';
import { type FlowSolution, solveFlow } from '../flow/dualFlow.ts';
import { buildSubgraph } from '../flow/subgraph.ts';
import { evaluatePath } from '../evaluatePath.ts';
import type { Hop } from '../types.ts';
import { apportion, floatWeights } from './apportion.ts';
import { simulateSplit } from './simulateSplit.ts';
import type { SplitOptions, SplitQuote } from './types.ts';
import { v2ClosedForm } from './v2ClosedForm.ts';

/** Prefixes of the widest-first paths tried when gas is priced (each re-weighted), before single removals. */
const GAS_PREFIXES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];
/** The fallback grid: 5% steps, over this many of the flow's widest paths and the seeds. */
const GRID_STEPS = 20;
const GRID_PATHS = 3;

/**
 * The best split of `amountIn` from `from` to `to` found before the deadline (by value net of gas when priced), or
 * null when nothing executes.
 * @example findBestSplit(graph, wpls, usdc, 10n ** 24n, { platformCode: -1, connectors: 48, maxSplits: 32, tolerance: 1e-9, maxIterations: 60, maxRounds: 8 })
 */
export function findBestSplit(graph: GraphView, from: number, to: number, amountIn: bigint, options: SplitOptions): SplitQuote | null {
  if (amountIn <= 0n || from === to) return null;
  const seeds = options.seedPaths ?? [];
  let best: SplitQuote | null = null;
  const consider = (quote: SplitQuote | null) => {
    if (quote && (!best || quote.value > best.value)) best = quote;
  };
  for (const hops of seeds) consider(exactQuote(graph, [hops], [amountIn], options, NaN));

  const total = Number(amountIn);
  const sub = buildSubgraph(graph, from, to, options);
  const local = new Map(Array.from(sub.tokens, (t, i) => [t, i]));
  const seedOrders = seeds
    .map((hops) => [hops[0].tokenIn, ...hops.map((h) => h.tokenOut)].map((t) => local.get(t) ?? -1))
    .filter((tokens) => tokens.every((t) => t >= 0));
  const flow = solveFlow(graph, sub, total, { ...options, seedPaths: seedOrders });
  const paths = decomposeFlow(sub, flow, total, options.maxSplits);
  if (paths.length === 0) return best;
  const full = weightedQuote(graph, paths, amountIn, options, flow);
  consider(full);
  if (!flow.converged) consider(gridSplit(graph, [...paths.slice(0, GRID_PATHS).map((p) => p.hops), ...seeds], amountIn, options));
  if (options.gasCostInOutput && paths.length > 1) consider(dropUnpaidSplits(graph, paths, amountIn, options, flow));
  return best;
}

/**
 * Exact quote of `paths` sharing the input in proportion to their float inputs, or to the wei by the closed form when
 * every path is UniV2 and no two share a pool (the float optimum over those paths is the closed form's, to 1e-12).
 */
function weightedQuote(graph: GraphView, paths: FlowPath[], amountIn: bigint, options: SplitOptions, flow: FlowSolution): SplitQuote | null {
  const hops = paths.map((p) => p.hops);
  const closed = hops.length > 1 ? v2ClosedForm(graph, hops, amountIn) : null;
  const weights = closed ?? floatWeights(paths.map((p) => p.input));
  // The closed form may give a path nothing: it is left out.
  const used = [...weights.keys()].filter((i) => weights[i] > 0n);
  return exactQuote(graph, used.map((i) => hops[i]), apportion(used.map((i) => weights[i]), amountIn), options, flow.gap);
}

function exactQuote(graph: GraphView, paths: Hop[][], amounts: bigint[], options: SplitOptions, gap: number): SplitQuote | null {
  const legs = simulateSplit(graph, paths, amounts);
  if (!legs || legs.length === 0) return null;
  const amountOut = legs.reduce((sum, leg) => sum + leg.amountOut, 0n);
  const value = amountOut - (options.gasCostInOutput?.(legs) ?? 0n);
  return { legs, amountOut, value, relativeGap: gap };
}

/**
 * Gas makes splitting non-convex: the widest paths re-weighted, by prefixes of growing length, then single removals
 * from the best prefix while one raises the value net of gas.
 */
function dropUnpaidSplits(graph: GraphView, paths: FlowPath[], amountIn: bigint, options: SplitOptions, flow: FlowSolution): SplitQuote | null {
  let best: { quote: SplitQuote; kept: FlowPath[] } | null = null;
  for (const k of GAS_PREFIXES) {
    if (k > paths.length) break;
    const kept = paths.slice(0, k);
    const quote = weightedQuote(graph, kept, amountIn, options, flow);
    if (quote && (!best || quote.value > best.quote.value)) best = { quote, kept };
    if (late(options)) break;
  }
  while (best && best.kept.length > 1 && !late(options)) {
    let improved: typeof best | null = null;
    for (let i = best.kept.length - 1; i >= 0; i--) {
      const kept = best.kept.filter((_, j) => j !== i);
      const quote = weightedQuote(graph, kept, amountIn, options, flow);
      if (quote && quote.value > (improved ?? best).quote.value) improved = { quote, kept };
    }
    if (!improved) break;
    best = improved;
  }
  return best?.quote ?? null;
}

/** Uniswap-style fallback: each path alone at 5% steps, and every pool-disjoint pair of them on the 5% grid. */
function gridSplit(graph: GraphView, paths: Hop[][], amountIn: bigint, options: SplitOptions): SplitQuote | null {
  const amount = (p: number) => (amountIn * BigInt(p)) / BigInt(GRID_STEPS);
  const value = (hops: Hop[], p: number) => {
    const quote = evaluatePath(graph, hops, amount(p));
    return quote ? quote.amountOut : -1n;
  };
  const table = paths.map((hops) => Array.from({ length: GRID_STEPS + 1 }, (_, p) => (p === 0 ? 0n : value(hops, p))));
  let best: [number, number, number] | null = null;
  let bestOut = -1n;
  for (let i = 0; i < paths.length; i++) {
    if (table[i][GRID_STEPS] > bestOut) (bestOut = table[i][GRID_STEPS]), (best = [i, i, GRID_STEPS]);
    for (let j = i + 1; j < paths.length; j++) {
      if (paths[i].some((h) => paths[j].some((g) => g.pool === h.pool))) continue;
      for (let p = 1; p < GRID_STEPS; p++) {
        const a = table[i][p];
        const b = table[j][GRID_STEPS - p];
        if (a >= 0n && b >= 0n && a + b > bestOut) (bestOut = a + b), (best = [i, j, p]);
      }
    }
  }
  if (!best) return null;
  const [i, j, p] = best;
  if (i === j) return exactQuote(graph, [paths[i]], [amountIn], options, NaN);
  const first = amount(p);
  return exactQuote(graph, [paths[i], paths[j]], [first, amountIn - first], options, NaN);
}

function late(options: SplitOptions): boolean {
  return options.deadline !== undefined && options.now !== undefined && options.now() > options.deadline;
}
