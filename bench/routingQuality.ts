// Routing quality of /quotes/advanced on the default snapshot: for a fixed matrix of pairs (majors, stables, long
// tail) and sizes (retail to price-moving), the exact outputs of /quotes, /quotes/advanced (default time budget), a
// Uniswap-style 5%-grid split over the same candidate paths, and the reference optimum (bench/reference: dual
// decomposition over a wider pool set, no production pruning, one pair per pool; its lower bound a feasible routing),
// with its bound within the split gas cap (a Lagrangian relaxation of the cap) as the denominator. No gas is priced.
import { writeFileSync } from 'node:fs';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { warmCurveTables } from '../src/routing/split/flow/curveTable.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { computeQuote } from '../src/quote/computeQuote.ts';
import { MAX_SPLIT_GAS, SEARCH_PROFILES, SPLIT_PROFILE } from '../src/quote/searchProfiles.ts';
import type { QuoteMode } from '../src/quote/types.ts';
import { findBestPath } from '../src/routing/findBestPath.ts';
import { candidateSearch } from '../src/routing/split/candidatePaths.ts';
import { cappedBound } from './reference/cappedBound.ts';
import { solveReference } from './reference/dualSolver.ts';
import { gridSplit } from './reference/gridSplit.ts';
import { queryMix } from './support/queryMix.ts';
import { referenceProblem } from './reference/referenceProblem.ts';
import { saveResults } from './support/results.ts';
import { defaultSnapshotPath, loadSnapshot } from './support/snapshots.ts';

const USD_PER_NATIVE_WEI = 0.00003 / 1e18;
const REFERENCE_MAJORS = 32;
const REFERENCE_TIME_LIMIT_MS = 20_000;
const preset = loadPreset();
const graph = new GraphView(buildGraph(loadSnapshot(defaultSnapshotPath()), preset, 1));
// As a worker does when a graph version arrives.
warmCurveTables(graph);
const bySymbol = (s: string) => graph.tokenIndex(preset.tokens.find((t) => t.symbol === s)!.address);
// Long-tail tokens: fixed liquidity ranks among priced tokens (the snapshot is generated from a fixed seed).
const priced = Array.from(graph.tokensByLiquidity()).filter((t) => graph.tokenNativePrice[t] > 0);
const tail = (rank: number) => priced[rank];

const MAJOR_SIZES = [100, 10_000, 1_000_000];
const TAIL_SIZES = [10, 1_000, 30_000];
const CASES: { group: string; from: number; to: number; sizes: number[] }[] = [
  { group: 'major', from: bySymbol('WPLS'), to: bySymbol('USDC'), sizes: MAJOR_SIZES },
  { group: 'major', from: bySymbol('HEX'), to: bySymbol('WPLS'), sizes: MAJOR_SIZES },
  { group: 'major', from: bySymbol('PLSX'), to: bySymbol('HEX'), sizes: MAJOR_SIZES },
  { group: 'stable', from: bySymbol('USDC'), to: bySymbol('USDT'), sizes: MAJOR_SIZES },
  { group: 'stable', from: bySymbol('DAI'), to: bySymbol('USDC'), sizes: MAJOR_SIZES },
  { group: 'long tail', from: tail(300), to: bySymbol('WPLS'), sizes: TAIL_SIZES },
  { group: 'long tail', from: tail(1500), to: bySymbol('USDC'), sizes: TAIL_SIZES },
];

const symbol = (t: number) => preset.tokens.find((p) => p.address.toLowerCase() === graph.tokenAddress(t).toLowerCase())?.symbol ?? `tail#${priced.indexOf(t)}`;
const quote = (from: number, to: number, amountIn: bigint, mode: QuoteMode) => {
  const outcome = computeQuote(graph, preset, {
    graphVersion: 1, mode, platform: 'mixed', fromToken: graph.tokenAddress(from), toToken: graph.tokenAddress(to), amountIn, slippagePpm: 5000n, deadline: 0n,
  });
  return outcome.ok ? outcome.quote : undefined;
};

// Warm up the JIT, as in a running service, so the advanced search's time budget is spent on routing, not compilation:
// the latency benchmark's query mix (other pairs and sizes than the cases below).
for (const q of queryMix(graph, 200, 5)) quote(q.from, q.to, q.amountIn, 'advanced');

// The advanced answers are taken first, each the median of ADVANCED_RUNS runs (its budget-bound cases vary with the
// machine), before the reference solves: their seconds of allocation would otherwise put garbage-collection pauses
// inside the next quote's 25 ms budget.
const ADVANCED_RUNS = 3;
const amountOf = (from: number, usd: number) => BigInt(Math.floor(usd / USD_PER_NATIVE_WEI / graph.tokenNativePrice[from]));
const advancedOf = new Map<string, ReturnType<typeof quote>>();
for (const c of CASES) {
  for (const usd of c.sizes) {
    const runs = Array.from({ length: ADVANCED_RUNS }, () => quote(c.from, c.to, amountOf(c.from, usd), 'advanced'));
    runs.sort((a, b) => (a?.amountOut ?? 0n) < (b?.amountOut ?? 0n) ? -1 : (a?.amountOut ?? 0n) > (b?.amountOut ?? 0n) ? 1 : 0);
    advancedOf.set(`${c.from}:${c.to}:${usd}`, runs[ADVANCED_RUNS >> 1]);
  }
}

const rows: Record<string, unknown>[] = [];
for (const c of CASES) {
  const problem = referenceProblem(graph, c.from, c.to, -1, REFERENCE_MAJORS);
  // Largest size first: its dual is well conditioned, and its prices warm-start the smaller sizes.
  let warm: Float64Array | undefined;
  for (const usd of [...c.sizes].reverse()) {
    const amountIn = amountOf(c.from, usd);
    const standard = quote(c.from, c.to, amountIn, 'standard');
    const advanced = advancedOf.get(`${c.from}:${c.to}:${usd}`);
    const small = quote(c.from, c.to, amountIn / 10_000n, 'standard');
    const seeds = (['standard', 'advanced'] as const)
      .map((mode) => findBestPath(graph, c.from, c.to, amountIn, { platformCode: -1, ...SEARCH_PROFILES[mode] })?.hops)
      .filter((h) => h !== undefined);
    const search = candidateSearch(graph, c.from, c.to, Number(amountIn), { ...SPLIT_PROFILE, platformCode: -1, seedPaths: seeds });
    const grid = gridSplit(graph, search.paths, amountIn);
    const started = performance.now();
    const reference = solveReference(graph, problem, Number(amountIn), { start: warm, timeLimitMs: REFERENCE_TIME_LIMIT_MS });
    warm = reference.logPrices;
    const referenceMs = Math.round(performance.now() - started);
    // The optimum spreads over more pools than a transaction within the cap can swap through: what is left of it
    // within the cap advanced answers under.
    const capped = cappedBound(graph, problem, Number(amountIn), MAX_SPLIT_GAS, reference);
    // The same optimum over the tokens the split search searched only (with these seeds): how much of a shortfall the
    // token set explains.
    const searched = new Set([c.from, c.to, ...search.tokens.tokensAt.flat()]);
    const outside = Uint8Array.from(problem.trades, (t) => (searched.has(problem.tokens[t.u]) && searched.has(problem.tokens[t.v]) ? 0 : 1));
    const overSearched = solveReference(graph, problem, Number(amountIn), { start: warm, disabled: outside, timeLimitMs: REFERENCE_TIME_LIMIT_MS });
    const out = (q: typeof standard) => Number(q?.amountOut ?? 0n);
    const impact = small && standard ? 1 - (out(standard) / Number(amountIn)) / (out(small) / Number(amountIn / 10_000n)) : NaN;
    const row = {
      pair: `${symbol(c.from)} → ${symbol(c.to)}`,
      group: c.group,
      usd,
      amountIn: amountIn.toString(),
      priceImpactOfQuotes: impact,
      quotes: standard?.amountOut.toString() ?? '0',
      advanced: advanced?.amountOut.toString() ?? '0',
      advancedSplits: advanced?.splits.length ?? 0,
      grid5: grid.amountOut.toString(),
      gridRoutes: grid.routes,
      optimumUpperBound: reference.upperBound,
      cappedUpperBound: capped.upperBound,
      poolChargeBound: capped.poolChargeBound,
      cappedGasPrice: capped.gasPrice,
      optimumGas: capped.uncappedGas,
      optimumLowerBound: reference.lowerBound,
      searchedTokensOptimum: overSearched.upperBound / reference.upperBound,
      referenceGap: reference.gap,
      referenceNodes: reference.nodes,
      referenceTrades: reference.activeTrades,
      referenceMs,
      advancedOverUncapped: out(advanced) / reference.upperBound,
      advancedOverOptimum: out(advanced) / capped.upperBound,
      advancedOverPoolCharges: out(advanced) / capped.poolChargeBound,
      quotesOverOptimum: out(standard) / capped.upperBound,
      gridOverOptimum: Number(grid.amountOut) / capped.upperBound,
    };
    rows.push(row);
    console.log(`${row.pair.padEnd(18)} $${usd} impact=${(impact * 100).toFixed(2)}% quotes=${row.quotesOverOptimum.toFixed(6)} grid=${row.gridOverOptimum.toFixed(6)} advanced=${row.advancedOverOptimum.toFixed(6)} (${row.advancedSplits} splits) uncapped=${row.advancedOverUncapped.toFixed(6)} capped=${capped.upperBound.toExponential(10)} ub=${reference.upperBound.toExponential(10)} lb=${reference.lowerBound.toExponential(10)} gap=${reference.gap.toExponential(1)} ${referenceMs} ms`);
  }
}
saveResults('routingQuality', { referenceMajors: REFERENCE_MAJORS, cases: rows });

const pct = (v: number) => `${(v * 100).toFixed(4)}%`;
const met = rows.filter((r) => (r.advancedOverOptimum as number) >= 0.9999).length;
const metUncapped = rows.filter((r) => (r.advancedOverUncapped as number) >= 0.9999).length;
const neverBelow = rows.every((r) => BigInt(r.advanced as string) >= BigInt(r.quotes as string) && BigInt(r.advanced as string) >= BigInt(r.grid5 as string));
const lines = [
  '## Routing quality of /quotes/advanced (default snapshot, no gas priced)',
  '',
  'Exact outputs as a share of the reference optimum within the split gas cap. The reference (bench/reference) is a',
  `dual decomposition over every pool among the endpoints, the ${REFERENCE_MAJORS} most liquid tokens and the endpoints' neighbours,`,
  'trades oriented so no cycle can pay, one token pair per pool (branch and bound on contested multi-token pools).',
  'Its upper bound ("reference upper") caps the output of any one-pair-per-pool routing over those pools; "reference',
  'lower" is the output of the feasible routing it recovered (pools\' float estimates), and the gap is (upper − lower)',
  '/ upper (a negative gap is float noise of the numeric pools). That optimum spreads over hundreds to thousands of',
  'pools ("its gas": the least gas a transaction through its pools would spend), more than one transaction within the',
  `split gas cap (${MAX_SPLIT_GAS.toLocaleString('en-US')}, half a block) can swap through in nearly every case. The denominator is therefore the`,
  'reference\'s bound within the cap ("bound in cap", bench/reference/cappedBound.ts): a Lagrangian relaxation of the',
  'cap, minimised over the price of gas, with the lower of two charges: each pool the least gas a hop through it costs',
  'and each UniV3 pool the ticks its input crosses (pool charges; "advanced, pool charges" is the share of that bound',
  'alone), and those plus the least gas of the hops and splits its paths must repeat (where more pools leave a token',
  'than reach it, paths repeat pools upstream; priced by token potentials from a min-cost flow, exact for the pool',
  'charges\' best routing and never above any routing\'s repeats); no routing within the cap yields more. "Advanced, no',
  'cap" is the share of the uncapped upper bound. Shares above 100% are routes through',
  'pools the reference leaves out: tokens beyond its set, which the deep single-path search reaches, or trades against',
  'its orientation.',
  '"5% grid" is a Uniswap-style split (up to 3 pool-disjoint routes, 5% steps) over the same candidate paths as',
  '/quotes/advanced. Advanced ran with its default 25 ms budget and its gas cap (estimated), after a JIT warm-up and',
  `before the reference solves; each figure is the median of ${ADVANCED_RUNS} runs, as the cases that reach the budget (the`,
  'price-moving ones) vary between runs with the machine\'s speed.',
  '',
  '"Searched tokens" is the reference problem (no cap) with only the trades among the tokens the split search searched',
  '(the connectors and the tokens of each end\'s deepest pools; see README): the share of the uncapped optimum that',
  'token set holds.',
  '',
  '| Pair | Group | Size USD | /quotes impact | /quotes | 5% grid | advanced (splits) | advanced, pool charges | advanced, no cap | searched tokens | its gas (M) | bound in cap | reference upper | reference lower | reference gap |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.pair} | ${r.group} | ${r.usd} | ${((r.priceImpactOfQuotes as number) * 100).toFixed(2)}% | ${pct(r.quotesOverOptimum as number)} | ${pct(r.gridOverOptimum as number)} | ${pct(r.advancedOverOptimum as number)} (${r.advancedSplits}) | ${pct(r.advancedOverPoolCharges as number)} | ${pct(r.advancedOverUncapped as number)} | ${pct(r.searchedTokensOptimum as number)} | ${((r.optimumGas as number) / 1e6).toFixed(1)} | ${(r.cappedUpperBound as number).toExponential(9)} | ${(r.optimumUpperBound as number).toExponential(9)} | ${(r.optimumLowerBound as number).toExponential(9)} | ${(r.referenceGap as number).toExponential(1)} |`),
  '',
  `Target advanced ≥ 99.99% of the optimum (within the cap): met on ${met} of ${rows.length} cases${met === rows.length ? '' : ' (**not met** on the others)'}; of the uncapped optimum: ${metUncapped} of ${rows.length}.`,
  `Never below /quotes nor the 5% grid: ${neverBelow ? 'met' : '**not met**'}.`,
  '',
];
writeFileSync(new URL('results/routingQuality.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
