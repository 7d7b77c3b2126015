// The flow optimiser cut by its deadline (anytime): on the price-moving routing cases, a clock that advances one tick
// per reading cuts the flow's exact answer (flowQuote) before each reading of its uncut run in turn, so every point
// where a deadline can land is measured, the same way on every machine. Reported per case: the share of the uncut
// answer over the cut points (geometric mean and worst) and, for scale, the /quotes answer's share.
import { writeFileSync } from 'node:fs';
import { buildGraph } from '../src/graph/buildGraph.ts';
import { GraphView } from '../src/graph/graphView.ts';
import { loadPreset } from '../src/network/loadPreset.ts';
import { computeQuote } from '../src/quote/computeQuote.ts';
import { MAX_SPLIT_GAS, SPLIT_PROFILE } from '../src/quote/searchProfiles.ts';
import { splitGasMeter } from '../src/routing/gasModel.ts';
import { candidateSearch } from '../src/routing/split/candidatePaths.ts';
import { warmCurveTables } from '../src/routing/split/flow/curveTable.ts';
import { flowQuote } from '../src/routing/split/flow/flowQuote.ts';
import { saveResults } from './support/results.ts';
import { defaultSnapshotPath, loadSnapshot } from './support/snapshots.ts';

const USD_PER_NATIVE_WEI = 0.00003 / 1e18;
const preset = loadPreset();
const graph = new GraphView(buildGraph(loadSnapshot(defaultSnapshotPath()), preset, 1));
warmCurveTables(graph);
const bySymbol = (s: string) => graph.tokenIndex(preset.tokens.find((t) => t.symbol === s)!.address);
// Long-tail tokens as the routing-quality benchmark names them: liquidity ranks among priced tokens.
const priced = Array.from(graph.tokensByLiquidity()).filter((t) => graph.tokenNativePrice[t] > 0);
const tokenOf = (name: string) => (name.startsWith('tail#') ? priced[Number(name.slice(5))] : bySymbol(name));

/** The routing-quality benchmark's cases of $10,000 and more, and the README's $3M WPLS → USDC example. */
const CASES: [string, string, number][] = [
  ...(['WPLS USDC', 'HEX WPLS', 'PLSX HEX', 'USDC USDT', 'DAI USDC'] as const).flatMap((pair) =>
    [10_000, 1_000_000].map((usd): [string, string, number] => [...(pair.split(' ') as [string, string]), usd]),
  ),
  ['tail#300', 'WPLS', 30_000],
  ['tail#1500', 'USDC', 30_000],
  ['WPLS', 'USDC', 3_000_000],
];

/** A clock read by the code under test: each reading returns the next tick. */
function tickClock(deadline: number) {
  let ticks = 0;
  return { deadline, now: () => ticks++, readings: () => ticks };
}

const rows = CASES.map(([fromName, toName, usd]) => {
  const [from, to] = [tokenOf(fromName), tokenOf(toName)];
  const amountIn = BigInt(Math.floor(usd / USD_PER_NATIVE_WEI / graph.tokenNativePrice[from]));
  const options = { ...SPLIT_PROFILE, platformCode: -1, gasMeter: () => splitGasMeter(graph, MAX_SPLIT_GAS, { wrapIn: false, unwrapOut: false }) };
  const { tokens } = candidateSearch(graph, from, to, Number(amountIn), options);
  const quote = (clock: ReturnType<typeof tickClock>) => flowQuote(graph, from, to, amountIn, tokens.tokensAt, { ...options, ...clock });
  const uncutClock = tickClock(Infinity);
  const uncut = Number(quote(uncutClock)!.amountOut);
  const shares: number[] = [];
  for (let at = 0; at < uncutClock.readings(); at++) shares.push(Number(quote(tickClock(at))?.amountOut ?? 0n) / uncut);
  const standard = computeQuote(graph, preset, {
    graphVersion: 1, mode: 'standard', platform: 'mixed', fromToken: graph.tokenAddress(from), toToken: graph.tokenAddress(to), amountIn, slippagePpm: 5000n, deadline: 0n,
  });
  const worst = Math.min(...shares);
  const row = {
    pair: `${fromName} → ${toName}`,
    usd,
    cutPoints: shares.length,
    geometricMeanShare: Math.exp(shares.reduce((sum, s) => sum + Math.log(Math.max(s, 1e-6)), 0) / shares.length),
    worstShare: worst,
    worstAt: shares.indexOf(worst),
    quotesShare: standard.ok ? Number(standard.quote.amountOut) / uncut : 0,
  };
  console.log(JSON.stringify(row));
  return row;
});
saveResults('flowAnytime', { rows });

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const lines = [
  '## The flow cut by its deadline (default snapshot, no gas priced)',
  '',
  'The flow optimiser\'s exact answer (flowQuote, with the split gas cap) cut before each reading of its clock in turn: a',
  'clock that advances one tick per reading cuts it at every point of its uncut run (its rounds of solves, the peels,',
  'the exact replays), the same way on every machine. Shares are of the uncut answer; "/quotes" is the single-path',
  'answer of the same request, for scale (findBestSplit keeps the better of the flow\'s answer and the best single',
  'candidate path).',
  '',
  '| Pair | Size USD | cut points | geometric mean | worst (at reading) | /quotes |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.pair} | ${r.usd} | ${r.cutPoints} | ${pct(r.geometricMeanShare)} | ${pct(r.worstShare)} (${r.worstAt}) | ${pct(r.quotesShare)} |`),
  '',
];
writeFileSync(new URL('results/flowAnytime.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
