// Calibrates src/routing/gasModel.ts against gasUsed measured on the devnet: executes routes of every hop kind, path
// length, split count and wrapping step through our router (and one-platform UniV2 paths through the platform's
// router), fits the model's constants to the measurements by least squares, and prints them next to the error of the
// model as it stands. Figures go to bench/results/gasCalibration.json.
// Usage: node --import tsx bench/gasCalibration.ts [samples per scenario, default 16] (about 15 minutes on 2 cores)
import { writeFileSync } from 'node:fs';
import type { Address } from 'viem';
import type { GraphView } from '../src/graph/graphView.ts';
import {
  type GasExecutor,
  HOP_GAS,
  ROUTER_OVERHEAD_GAS,
  SPLIT_GAS,
  TX_BASE_GAS,
  estimateGas,
  estimateSplitGas,
  repeatGroup,
  routeGasShape,
} from '../src/routing/gasModel.ts';
import type { Hop } from '../src/routing/types.ts';
import { createRandom } from '../src/snapshot/random.ts';
import { buildRouterTx } from '../src/tx/buildRouterTx.ts';
import { buildV2RouterTx } from '../src/tx/buildV2RouterTx.ts';
import { buildWrapTx } from '../src/tx/buildWrapTx.ts';
import { platformRouterOf } from '../src/tx/routerHops.ts';
import { NATIVE, freshAccount, fund, sendTx } from '../test/execution/support/chain.ts';
import { startExecutionDevnet } from '../test/execution/support/devnet.ts';
import { prepareInput } from '../test/execution/support/execute.ts';
import { amountFor, chainGraph, exactOut, hopsByToken, parallelPaths, randomPath, reversePath } from '../test/execution/support/graphs.ts';
import { warmUpPools } from '../test/execution/support/warmUp.ts';
import { percentile, saveResults } from './support/results.ts';

const PER_SCENARIO = Number(process.argv[2] ?? 16);
const KINDS = Object.keys(HOP_GAS);
const REPEAT_GROUPS = ['univ2', 'univ3', 'other'] as const;

interface Sample {
  scenario: string;
  executor: GasExecutor | 'wrap';
  splits: string[][];
  ticksCrossed: number;
  wordsCrossed: number;
  repeatedHopKinds: string[];
  wrapIn: boolean;
  unwrapOut: boolean;
  gasUsed: number;
}

const devnet = await startExecutionDevnet();
const { ctx } = devnet;
const { preset } = devnet.deployment;
const wrapped = preset.wrappedNative.address as Address;
const router = preset.aggregatorRouter as Address;
const random = createRandom(369);
const samples: Sample[] = [];
let failed = 0;

try {
  const started = performance.now();
  const warmed = await warmUpPools(ctx, preset, await chainGraph(ctx, preset));
  console.log(`warmed up ${warmed} pools in ${Math.round(performance.now() - started)} ms`);
  let graph = await chainGraph(ctx, preset);
  let byToken = hopsByToken(graph);
  // Tiny swaps barely move the pools, so one read of the chain serves a whole scenario group.
  const reread = async () => {
    graph = await chainGraph(ctx, preset);
    byToken = hopsByToken(graph);
  };
  const wrappedIndex = graph.tokenIndex(wrapped);
  const kindOf = (hop: Hop) => graph.poolKind(hop.pool);
  const anyToken = () => Math.floor(random() * graph.tokenCount);

  // One hop of each kind, retail amounts (no V3 tick crossed).
  for (const kind of KINDS) {
    const hops = [...byToken.values()].flat().filter((hop) => kindOf(hop) === kind);
    for (let i = 0; i < PER_SCENARIO && hops.length > 0; i++) {
      await measure(graph, `1 hop ${kind}`, [[hops[Math.floor(random() * hops.length)]]], 1e-5, false, false);
    }
  }
  await reread();
  // Paths of 2 and 3 hops of any kinds, including UniV2 hops paid by the previous hop.
  for (const length of [2, 3]) {
    for (let i = 0; i < PER_SCENARIO * 3; i++) {
      const path = randomPath(graph, byToken, random, anyToken(), length);
      if (path) await measure(graph, `${length} hops`, [path], 1e-5, false, false);
    }
  }
  await reread();
  // Native in and out (paths from or to the wrapped native token).
  for (const [wrapIn, unwrapOut] of [[true, false], [false, true]] as const) {
    for (let i = 0; i < PER_SCENARIO * 2; i++) {
      const length = 1 + Math.floor(random() * 2);
      let path = randomPath(graph, byToken, random, wrappedIndex, length);
      if (path && unwrapOut) path = reversePath(path);
      if (path) await measure(graph, wrapIn ? 'native in' : 'native out', [path], 1e-5, wrapIn, unwrapOut);
    }
  }
  await reread();
  // Splits: 2 to 4 paths between the same two tokens.
  for (const count of [2, 3, 4]) {
    for (let i = 0; i < PER_SCENARIO; i++) {
      const splits = parallelPaths(graph, byToken, random, count);
      if (splits) await measure(graph, `${count} splits`, splits, 1e-5, false, false);
    }
  }
  // Splits through the same pools: 2 to 4 splits of one path of 1 to 3 hops.
  await reread();
  for (const count of [2, 3, 4]) {
    for (let i = 0; i < PER_SCENARIO; i++) {
      const path = randomPath(graph, byToken, random, anyToken(), 1 + Math.floor(random() * 3));
      if (path) await measure(graph, `${count} splits, same pools`, Array.from({ length: count }, () => path), 1e-5, false, false);
    }
  }
  // UniV3 swaps from retail to price-moving, crossing initialized ticks and bitmap words; the graph is re-read so the
  // walk is exact.
  for (let i = 0; i < PER_SCENARIO * 3; i++) {
    await reread();
    const path = randomPath(graph, byToken, random, anyToken(), 1, (hop) => kindOf(hop) === 'univ3');
    if (path) await measure(graph, 'univ3 price-moving', [path], 10 ** (-4 + random() * 3.5), false, false);
  }
  await reread();
  // One-platform UniV2 paths through the platform's own router.
  for (const length of [1, 2, 3]) {
    for (let i = 0; i < PER_SCENARIO; i++) {
      const wrapIn = random() < 0.25;
      const unwrapOut = !wrapIn && random() < 0.33;
      const v2Pools = [...Array(graph.poolCount).keys()].filter((pool) => graph.poolKind(pool) === 'univ2');
      const platformCode = graph.poolPlatformCode(v2Pools[Math.floor(random() * v2Pools.length)]);
      const accept = (hop: Hop) => kindOf(hop) === 'univ2' && graph.poolPlatformCode(hop.pool) === platformCode;
      let path = randomPath(graph, byToken, random, wrapIn || unwrapOut ? wrappedIndex : anyToken(), length, accept);
      if (path && unwrapOut) path = reversePath(path);
      if (path) await measure(graph, `platform router ${length} hops`, [path], 1e-5, wrapIn, unwrapOut, 'platformRouter');
    }
  }
  // Wrap and unwrap alone.
  for (let i = 0; i < PER_SCENARIO; i++) await measureWrap(i % 2 === 0);

  report();
} finally {
  await devnet.stop();
}

/** Executes `paths` as splits (equal shares, sized on the first hop's pool) and records the gas it used. */
async function measure(
  graph: GraphView,
  scenario: string,
  paths: Hop[][],
  fraction: number,
  wrapIn: boolean,
  unwrapOut: boolean,
  executor: GasExecutor = 'aggregator',
): Promise<void> {
  const amounts = paths.map((path) => amountFor(graph, path[0], fraction));
  const exact = paths.map((path, i) => exactOut(graph, path, amounts[i]));
  if (exact.some((e) => !e)) return;
  const shape = routeGasShape(graph, paths.map((hops, i) => ({ amountIn: amounts[i], hops })));
  if (executor === 'platformRouter' && !platformRouterOf(graph, preset, paths[0])) return;
  const user = await freshAccount(ctx);
  const tokenIn = wrapIn ? NATIVE : (graph.tokenAddress(paths[0][0].tokenIn) as Address);
  const tokenOut = unwrapOut ? NATIVE : (graph.tokenAddress(paths[0].at(-1)!.tokenOut) as Address);
  const amountIn = amounts.reduce((a, b) => a + b, 0n);
  const tx =
    executor === 'platformRouter'
      ? buildV2RouterTx({
          router: platformRouterOf(graph, preset, paths[0])!,
          path: [paths[0][0].tokenIn, ...paths[0].map((hop) => hop.tokenOut)].map((t) => graph.tokenAddress(t)),
          amountIn,
          amountOutMin: 0n,
          recipient: user,
          deadline: 2n ** 40n,
          nativeIn: wrapIn,
          nativeOut: unwrapOut,
        })
      : buildRouterTx({
          router,
          graph,
          tokenIn,
          tokenOut,
          amountIn,
          splits: paths.map((hops, i) => ({ amountIn: amounts[i], hops })),
          amountOutMin: 0n,
          recipient: user,
          deadline: 2n ** 40n,
        });
  await prepareInput(ctx, wrapped, user, tokenIn, amountIn, tx.to as Address);
  // Half the recipients already hold the output token: storing a first balance costs 20,000 gas more.
  if (tokenOut !== NATIVE && random() < 0.5) await fund(ctx, wrapped, tokenOut, user, 1n);
  const receipt = await sendTx(ctx, tx);
  if (receipt.status !== 'success') {
    failed++;
    return;
  }
  samples.push({
    scenario,
    executor,
    ...shape,
    wrapIn,
    unwrapOut,
    gasUsed: Number(receipt.gasUsed),
  });
}

async function measureWrap(wrap: boolean): Promise<void> {
  const user = await freshAccount(ctx);
  const amount = 10n ** 18n;
  if (!wrap) await fund(ctx, wrapped, wrapped, user, amount);
  const receipt = await sendTx(ctx, buildWrapTx({ wrappedNative: wrapped, amount, wrap, sender: user }));
  if (receipt.status !== 'success') throw new Error('wrap or unwrap reverted');
  const scenario = wrap ? 'wrap only' : 'unwrap only';
  samples.push({
    scenario,
    executor: 'wrap',
    splits: [],
    ticksCrossed: 0,
    wordsCrossed: 0,
    repeatedHopKinds: [],
    wrapIn: wrap,
    unwrapOut: !wrap,
    gasUsed: Number(receipt.gasUsed),
  });
}

function predicted(sample: Sample): number {
  if (sample.executor === 'aggregator' && sample.splits.length > 1) return estimateSplitGas(sample);
  return estimateGas({ ...sample, hopKinds: sample.splits[0] ?? [], executor: sample.executor === 'wrap' ? undefined : sample.executor });
}

/** Least-squares fit of gasUsed on the model's features, per executor. */
function fit(rows: Sample[], features: (s: Sample) => number[], names: string[]): Record<string, number> {
  const n = names.length;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const row of rows) {
    const x = features(row);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i][j] += x[i] * x[j];
      a[i][n] += x[i] * row.gasUsed;
    }
  }
  // A small ridge keeps features without samples at zero instead of making the system singular.
  for (let i = 0; i < n; i++) a[i][i] += 1e-6;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < n; r++) {
      if (r === col || a[col][col] === 0) continue;
      const factor = a[r][col] / a[col][col];
      for (let c = col; c <= n; c++) a[r][c] -= factor * a[col][c];
    }
  }
  return Object.fromEntries(names.map((name, i) => [name, Math.round(a[i][n] / a[i][i] / 100) * 100]));
}

function aggregatorFeatures(s: Sample): number[] {
  const counts = KINDS.map((kind) => s.splits.flat().filter((k) => k === kind).length);
  const repeated = REPEAT_GROUPS.map((group) => s.repeatedHopKinds.filter((kind) => repeatGroup(kind) === group).length);
  return [1, ...counts, s.splits.length - 1, s.ticksCrossed, s.wordsCrossed, ...repeated.map((n) => -n), s.wrapIn ? 1 : 0, s.unwrapOut ? 1 : 0];
}

function errors(rows: Sample[], model: (s: Sample) => number) {
  const relative = rows.map((s) => (model(s) - s.gasUsed) / s.gasUsed).sort((x, y) => x - y);
  const pct = (x: number) => Math.round(x * 1000) / 10;
  return {
    count: rows.length,
    withinFifteenPercent: relative.filter((r) => Math.abs(r) <= 0.15).length,
    minPct: pct(relative[0]),
    p5Pct: pct(percentile(relative, 5)),
    medianPct: pct(percentile(relative, 50)),
    p95Pct: pct(percentile(relative, 95)),
    maxPct: pct(relative.at(-1)!),
  };
}

function report(): void {
  const aggregator = samples.filter((s) => s.executor === 'aggregator');
  const platform = samples.filter((s) => s.executor === 'platformRouter');
  const names = ['base', ...KINDS, 'extraSplit', 'tickCrossed', 'wordStep', ...REPEAT_GROUPS.map((g) => `repeatedPoolSaving.${g}`), 'wrapIn', 'unwrapOut'];
  const fittedAggregator = fit(aggregator, aggregatorFeatures, names);
  const fittedPlatform = fit(
    platform,
    (s) => [1, s.splits[0].length, s.wrapIn ? 1 : 0, s.unwrapOut ? 1 : 0],
    ['base', 'hop', 'wrapIn', 'unwrapOut'],
  );
  const mean = (rows: Sample[]) => Math.round(rows.reduce((sum, s) => sum + s.gasUsed, 0) / Math.max(1, rows.length) / 100) * 100;
  const wrapOnly = mean(samples.filter((s) => s.scenario === 'wrap only'));
  const unwrapOnly = mean(samples.filter((s) => s.scenario === 'unwrap only'));

  console.log('\nmeasured gasUsed by scenario (executed routes)');
  console.log(`${'scenario'.padEnd(28)} ${'n'.padStart(4)} ${'min'.padStart(8)} ${'median'.padStart(8)} ${'max'.padStart(8)}  model error median`);
  const scenarios = [...new Set(samples.map((s) => s.scenario))];
  const byScenario: Record<string, unknown> = {};
  for (const scenario of scenarios) {
    const rows = samples.filter((s) => s.scenario === scenario);
    const gas = rows.map((s) => s.gasUsed).sort((x, y) => x - y);
    const error = errors(rows, predicted);
    byScenario[scenario] = { n: rows.length, min: gas[0], median: percentile(gas, 50), max: gas.at(-1), modelError: error };
    console.log(
      `${scenario.padEnd(28)} ${String(rows.length).padStart(4)} ${String(gas[0]).padStart(8)} ${String(percentile(gas, 50)).padStart(8)} ${String(gas.at(-1)).padStart(8)}  ${error.medianPct}%`,
    );
  }
  console.log(`\nfitted constants, our router (base = TX_BASE_GAS ${TX_BASE_GAS} + ROUTER_OVERHEAD_GAS):`);
  console.log(fittedAggregator);
  console.log('fitted constants, platform router:', fittedPlatform);
  console.log(`wrap only ${wrapOnly}, unwrap only ${unwrapOnly}`);
  const fittedModel = (s: Sample): number => {
    if (s.executor === 'wrap') return s.wrapIn ? wrapOnly : unwrapOnly;
    if (s.executor === 'platformRouter') {
      const x = [1, s.splits[0].length, s.wrapIn ? 1 : 0, s.unwrapOut ? 1 : 0];
      return Object.values(fittedPlatform).reduce((sum, c, i) => sum + c * x[i], 0);
    }
    const x = aggregatorFeatures(s);
    return Object.values(fittedAggregator).reduce((sum, c, i) => sum + c * x[i], 0);
  };
  const fittedError = errors(samples, fittedModel);
  console.log(`fitted constants against all ${samples.length} samples:`, fittedError);
  const current = errors(samples, predicted);
  console.log(`\ncurrent model (ROUTER_OVERHEAD_GAS ${ROUTER_OVERHEAD_GAS}, SPLIT_GAS ${SPLIT_GAS}) against all ${samples.length} samples:`, current);
  console.log(`reverted while measuring: ${failed}`);
  // The raw samples, for a closer look (not kept in the repository).
  if (process.env.GAS_SAMPLES_OUT) writeFileSync(process.env.GAS_SAMPLES_OUT, JSON.stringify(samples, null, 1));
  saveResults('gasCalibration', {
    samples: samples.length,
    reverted: failed,
    fitted: { aggregator: fittedAggregator, platformRouter: fittedPlatform, wrapOnly, unwrapOnly },
    fittedModelError: fittedError,
    currentModelError: current,
    byScenario,
  });
}
