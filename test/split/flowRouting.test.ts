// The flow optimiser (src/routing/split/flow) on hand-built UniV2 graphs whose optimum is known in closed form, and
// its curve tables against the UniV2 formula they sample, and its paths on the default snapshot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { flowRouting } from '../../src/routing/split/flow/flowRouting.ts';
import { solveDual } from '../../src/routing/split/flow/dualFlow.ts';
import { againstOrder, flowNetwork, tradeHops, zeroFlowPrices } from '../../src/routing/split/flow/flowNetwork.ts';
import { byPayingTrades, byPrice, byPriceKeepingFlow } from '../../src/routing/split/flow/tokenOrder.ts';
import { CurveTable } from '../../src/routing/split/flow/curveTable.ts';
import { flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { flowPaths } from '../../src/routing/split/flow/flowPaths.ts';
import { solveRounds } from '../../src/routing/split/flow/flowRounds.ts';
import { executeShares } from '../../src/routing/split/executeShares.ts';
import { v2ClosedForm } from '../../src/routing/split/v2ClosedForm.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { apportion, floatWeights } from '../../src/routing/split/apportion.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph } from '../support/graphs.ts';
import { payingAgainstPricesGraph, premiumPoolsGraph } from '../support/premiumPools.ts';
import { closedFormOut, dustPoolGraph, E18, E6, OPTIONS, TOKENS } from './splitFixtures.ts';


type Hand = ReturnType<typeof handGraph>;

/** The default snapshot's graph, built once for the tests that route on it. */
let defaultGraph: GraphView | undefined;
const onDefaultSnapshot = () => (defaultGraph ??= new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1)));

/** The flow's exact answer on the default snapshot for `amountIn` of token `from` into `to` (addresses). */
function snapshotFlow(from: string, to: string, amountIn: bigint) {
  const graph = onDefaultSnapshot();
  const [a, b] = [graph.tokenIndex(from), graph.tokenIndex(to)];
  const { tokens } = candidateSearch(graph, a, b, Number(amountIn), OPTIONS);
  return flowQuote(graph, a, b, amountIn, tokens.tokensAt, OPTIONS)!;
}

function flowOf(h: Hand, amountIn: bigint) {
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  return flowQuote(h.graph, from, to, amountIn, tokens.tokensAt, OPTIONS)!;
}

test('a curve table sampled from a UniV2 pool trades where the closed form does, and starts from zero', () => {
  const [reserveIn, reserveOut, gamma] = [1e24, 3e10, 0.9971];
  const table = CurveTable.sample((x) => (gamma * x * reserveOut) / (reserveIn + gamma * x), reserveIn)!;
  const into = { delta: 0, out: 0, dDelta: 0 };
  for (const share of [1e-4, 0.01, 0.3, 2]) {
    // Price ratio at which the closed form's best trade is `share` of the reserve: r = γ·Rin·Rout / (Rin + γδ)².
    const delta = share * reserveIn;
    const r = (gamma * reserveIn * reserveOut) / (reserveIn + gamma * delta) ** 2;
    table.bestTrade(r, into);
    // Within a fiftieth: the rate is linear between grid midpoints 1.15 times apart.
    assert.ok(Math.abs(into.delta / delta - 1) < 0.02, `share ${share}: table ${into.delta} vs ${delta}`);
    // The table's output for its own input is the curve's, to half a percent (grid inputs 1.15 times apart).
    const out = (gamma * into.delta * reserveOut) / (reserveIn + gamma * into.delta);
    assert.ok(Math.abs(into.out / out - 1) < 5e-3, `share ${share}: output ${into.out} vs ${out}`);
    assert.ok(into.dDelta < 0);
  }
  table.bestTrade(table.firstRate * (1 - 1e-9), into);
  assert.ok(into.delta > 0 && into.delta < reserveIn * 1e-6, `a ratio just below the first rate trades a little: ${into.delta}`);
  table.bestTrade(table.firstRate, into);
  assert.equal(into.delta, 0);
});

test('a curve table of an estimate in whole output units keeps the curve\'s rate (no rounding noise at tiny inputs)', () => {
  // A stable-like curve (rate 1e-12 per unit, a 6-decimal output token) whose estimate rounds down to whole units, as
  // fixed-point pool maths does: at the grid's smallest inputs the outputs are a few hundred units.
  const [reserveIn, reserveOut] = [1e23, 1e11];
  const table = CurveTable.sample((x) => Math.floor((x * reserveOut) / (reserveIn + x)), reserveIn)!;
  for (const x of [1e17, 1e20, 1e21]) {
    const out = (x * reserveOut) / (reserveIn + x);
    assert.ok(Math.abs(table.outAt(x) / out - 1) < 1e-5, `input ${x}: table ${table.outAt(x)} vs ${out}`);
  }
});

test('a curve table ends before the first input the exact maths rejects', () => {
  const [reserveIn, reserveOut] = [1e24, 1e24];
  const limit = 0.3 * reserveIn; // e.g. a maximum input ratio
  const table = CurveTable.sample((x) => (x * reserveOut) / (reserveIn + x), reserveIn, (x) => x <= limit)!;
  const into = { delta: 0, out: 0, dDelta: 0 };
  // At a price ratio no pool input could reach, the best trade is the table's end: at most the limit, and near it.
  table.bestTrade(1e-9, into);
  assert.ok(into.delta <= limit && into.delta > limit / 1.15 ** 2, `end ${into.delta} vs limit ${limit}`);
});

test('over pools of different depth, reaches the closed-form optimum\'s output to a billionth, with a tight dual bound', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [3_000_000_000n * E18, 90_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
  ]);
  const amountIn = 400_000_000n * E18;
  const flow = flowOf(h, amountIn);
  const optimum = closedFormOut(h.graph, [[h.hop(0, 'WPLS', 'USDC')], [h.hop(1, 'WPLS', 'USDC')]], amountIn);
  assert.equal(flow.legs.length, 2);
  assert.equal(flow.legs[0].amountIn + flow.legs[1].amountIn, amountIn);
  assert.ok(flow.amountOut <= optimum && optimum - flow.amountOut <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
  // The dual bound holds the output and is tight here.
  assert.ok(flow.relativeGap >= 0 && flow.relativeGap < 1e-8, `gap ${flow.relativeGap}`);
});

test('a trade charged a fixed sum trades only where its profit pays it: charged, the shallower of two pools is left out', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [3_000_000_000n * E18, 90_000n * E6], platform: 'dexa_v2' },
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
  ]);
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 400_000_000n * E18;
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  const network = flowNetwork(h.graph, from, to, tokens.tokensAt, Number(amountIn), -1);
  const disabled = new Uint8Array(network.trades.count);
  const [deep, shallow] = [0, 1].map((pool) => [0, 1].find((i) => tradeHops(network, i)[0].pool === pool)!);
  const free = solveDual(network, disabled, zeroFlowPrices(network, disabled, network.order));
  assert.ok(free.delta[deep] > 0 && free.delta[shallow] > 0);
  // 800 USDC each (the target's normalised unit is its raw unit): at the prices where the deep pool takes the whole
  // input, its profit is about 1,240 USDC and the shallow pool's under 800, so the deep pool alone trades, all of it.
  const charge = (usdc: number) => Float64Array.from({ length: network.trades.count }, () => usdc * 1e6);
  const charged = solveDual(network, disabled, free.prices, { warm: true, charges: charge(800) });
  assert.equal(charged.delta[shallow], 0);
  assert.ok(Math.abs(charged.delta[deep] / network.total - 1) < 1e-9, `${charged.delta[deep]} of ${network.total}`);
  const deepAlone = Number(h.out(0, 'WPLS', amountIn));
  assert.ok(Math.abs(charged.bound / (deepAlone - 800e6) - 1) < 1e-9, `${charged.bound} vs ${deepAlone - 800e6}`);
  // Above the deep pool's profit nothing trades.
  assert.deepEqual([...solveDual(network, disabled, free.prices, { warm: true, charges: charge(1_500) }).delta], [0, 0]);
});

test('peels the path into a pool priced far off, which carries a tiny share of the input, to the closed-form optimum', () => {
  const { h, amountIn, optimum } = dustPoolGraph();
  const flow = flowOf(h, amountIn);
  assert.equal(flow.legs.length, 2);
  const distance = flow.amountOut > optimum ? flow.amountOut - optimum : optimum - flow.amountOut;
  assert.ok(distance <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
});

test('routes a price-moving trade over a direct pool and a two-hop route, near the closed-form optimum', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
  ]);
  const amountIn = 500_000_000n * E18;
  const flow = flowOf(h, amountIn);
  const direct = [h.hop(0, 'WPLS', 'USDC')];
  const viaTail = [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')];
  const optimum = closedFormOut(h.graph, [direct, viaTail], amountIn);
  assert.deepEqual(flow.legs.map((leg) => leg.hops.length).sort(), [1, 2]);
  // The closed form's shares are rounded to whole units too, so an exact split can land a wei either side of it.
  const distance = flow.amountOut > optimum ? flow.amountOut - optimum : optimum - flow.amountOut;
  assert.ok(distance <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
  assert.ok(flow.amountOut > h.out(0, 'WPLS', amountIn), 'beats the direct pool alone');
});

test('paths that share a pool and then part get shares that make the sequential execution follow the flow', () => {
  // All the input crosses one shallow pool to TAIL, whose output then divides between two TAIL-USDC pools. Executed
  // one after the other, the first path gets the shared pool's best prices: shares proportional to the two branches'
  // flows would send too much TAIL down the first branch.
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['TAIL', 'USDC'], reserves: [300_000_000n * E18, 9_000n * E6] },
  ]);
  const amountIn = 1_000_000_000n * E18;
  const flow = flowOf(h, amountIn);
  assert.equal(flow.legs.length, 2);
  assert.equal(flow.legs[0].amountIn + flow.legs[1].amountIn, amountIn);
  // The best sequential execution of the two paths, by a scan of the first path's input in steps of 1/2000.
  const paths = flow.legs.map((leg) => leg.hops);
  const outOf = (first: bigint) => simulateSplit(h.graph, paths, [first, amountIn - first])!.reduce((sum, leg) => sum + leg.amountOut, 0n);
  let best = 0n;
  for (let k = 1n; k < 2000n; k++) if (outOf((amountIn * k) / 2000n) > best) best = outOf((amountIn * k) / 2000n);
  assert.ok(flow.amountOut >= best - best / 100_000n, `${flow.amountOut} vs best scanned ${best}`);
  // Shares proportional to the branches' optimal TAIL inputs (closed form), in the same order, fall well short.
  const tail = h.out(0, 'WPLS', amountIn);
  const branches = [[h.hop(1, 'TAIL', 'USDC')], [h.hop(2, 'TAIL', 'USDC')]];
  const branchShares = v2ClosedForm(h.graph, branches, tail)!;
  const order = flow.legs.map((leg) => (leg.hops[1].pool === branches[0][0].pool ? 0 : 1));
  const proportionalOut = outOf(apportion(order.map((i) => branchShares[i]), amountIn)[0]);
  assert.ok(flow.amountOut - proportionalOut > best / 1_000n, `${flow.amountOut} vs proportional ${proportionalOut}`);
});

test('a pool keeps its curve tables in a new graph version while its state is unchanged', () => {
  const version = (reserveOut: bigint) =>
    handGraph(TOKENS, [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, reserveOut * E6] },
    ]);
  const tableOf = (h: Hand, pool: number) => CurveTable.of(h.graph, pool, h.hop(pool, 'WPLS', 'USDC').localIn, h.hop(pool, 'WPLS', 'USDC').localOut, 1e27)!;
  const [first, next] = [version(30_000n), version(31_000n)];
  assert.notEqual(first.graph, next.graph);
  // Pool 0 is unchanged: the same table. Pool 1's reserves moved: a new table, at its new rate.
  assert.equal(tableOf(next, 0), tableOf(first, 0));
  assert.notEqual(tableOf(next, 1), tableOf(first, 1));
  assert.ok(Math.abs(tableOf(next, 1).firstRate / tableOf(first, 1).firstRate - 31 / 30) < 1e-6);
});

test('orders the tokens by the dual\'s prices, so a trade against the first order (a major into a minor) can be used', () => {
  // DAI and TAIL are both one hop from USDC, and DAI is the deeper token, so the first order only lets TAIL sell into
  // DAI. But TAIL's pool with USDC is the deep one: the best way from DAI to USDC is through TAIL.
  const tokens = [...TOKENS, { symbol: 'DAI', decimals: 18 }];
  const h = handGraph(tokens, [
    { tokens: ['WPLS', 'DAI'], reserves: [100_000_000_000n * E18, 3_000_000n * E18] },
    { tokens: ['DAI', 'USDC'], reserves: [10_000n * E18, 10_000n * E6] },
    { tokens: ['DAI', 'TAIL'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000n * E18, 1_000_000n * E6] },
  ]);
  const amountIn = 1_000_000_000n * E18; // about 30,000 DAI
  const flow = flowOf(h, amountIn);
  assert.ok(flow.legs.some((leg) => leg.hops.some((hop) => hop.tokenIn === h.token('DAI') && hop.tokenOut === h.token('TAIL'))), 'routes DAI into TAIL');
  // Through DAI → USDC alone the trade would empty that pool: the route through TAIL carries most of it.
  const viaDai = h.out(1, 'DAI', h.out(0, 'WPLS', amountIn));
  assert.ok(flow.amountOut > 2n * viaDai, `${flow.amountOut} vs ${viaDai} through DAI → USDC`);
  assert.ok(flow.relativeGap < 1e-4, `gap ${flow.relativeGap}`);
});

test('a multi-token pool serves one token pair in the flow\'s paths, even when the last solve found two paying', () => {
  // Requests of the latency mix whose last solve left two pairs of one pool paying: without the solve that follows
  // with the lesser pair disabled, the paths used the pool both ways, and the path optimiser, which allows one use per
  // pool, started from a part of the flow only.
  const graph = onDefaultSnapshot();
  for (const [from, to, amountIn] of [
    ['0x02DcdD04e3F455D838cd1249292C58f3B79e3C3C', '0x94534EeEe131840b1c0F61847c572228bdfDDE93', 7_521_160_872_288_396],
    ['0x0dEEd1486bc52aA0d3E6f8849cEC5adD6598A162', '0x6C99Ec7c37b12f4Ba1069Ce690e6C0DFC7BF83F2', 12_179_480_666_042_689_126_400],
    ['0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07', '0x08913CAD054a42db6b451eFB224f91DaC2b157fd', 36_348_583_800],
  ] as const) {
    const [a, b] = [graph.tokenIndex(from), graph.tokenIndex(to)];
    const { tokens } = candidateSearch(graph, a, b, amountIn, { ...OPTIONS, platformCode: -1 });
    const plan = flowRouting(graph, a, b, amountIn, tokens.tokensAt, { platformCode: -1, maxHops: 6 });
    assert.ok(plan && plan.routings.length === 1 && plan.routings[0].paths.length > 1, `${from} → ${to}`);
    const uses = new Map<number, Set<number>>();
    for (const hops of plan.routings[0].paths) for (const h of hops) uses.set(h.pool, (uses.get(h.pool) ?? new Set()).add(h.localIn * 256 + h.localOut));
    const shared = [...uses].filter(([, use]) => use.size > 1).map(([pool]) => graph.poolAddress(pool));
    assert.deepEqual(shared, [], `${from} → ${to}`);
  }
});

test('each choice of one pair per contested pool is solved when there are few, and the one of highest bound kept', () => {
  // WPLS → USDC, $100: the kept round left two multi-token pools with two paying pairs each. Keeping each pool's most
  // profitable pair gave a bound of 100,314,302 raw USDC; the other pair of one of them, 100,343,737.
  const graph = onDefaultSnapshot();
  const [from, to] = [graph.tokenIndex(loadPreset().wrappedNative.address), graph.tokenIndex('0x15D38573d2feeb82e7ad5187aB8c1D52810B1f07')];
  const amountIn = 3_333_333_333_333_333_277_409_280;
  const { tokens } = candidateSearch(graph, from, to, amountIn, OPTIONS);
  const flow = flowRouting(graph, from, to, amountIn, tokens.tokensAt, { platformCode: -1, maxHops: 6 })!;
  assert.ok(flow.bound > 100_340_000, `bound ${flow.bound}`);
  assert.ok(flow.routings[0].estimate > 100_340_000, `estimate ${flow.routings[0].estimate}`);
});

test('paths peeled in execution order trade what the flow planned where the input moves a shared pool far', () => {
  // A long-tail token into WPLS ($10,000, $30,000 and $100,000 of it): most of the input crosses a pool it moves far,
  // and the paths part after it, so the first path gets many times the average rate of the last. Peeled in proportion
  // to the flow, with the shares then fitted to sequential execution (whose rounds swing there), the flow's exact
  // answer was 2.6%, 3.6% and 5.0% below its dual bound; peeled in execution order, 0.004%, 0.002% and 0.06%.
  for (const amountIn of [319_407_805_607_848_298_651_293_057_024n, 958_223_416_823_545_036_691_367_526_400n, 3_194_078_056_078_483_549_462_883_991_552n]) {
    const flow = snapshotFlow('0xCc01cF20b905a35964D09f4B4d2eaB1257559244', loadPreset().wrappedNative.address, amountIn);
    assert.ok(flow.relativeGap < 0.001, `${amountIn}: ${flow.amountOut} is ${flow.relativeGap} below the bound`);
  }
});

test('the chains between the tokens of the network and the target raise a long-tail token\'s price-moving trade into WPLS', () => {
  // tail#300 of the routing-quality benchmark, $30,000 into WPLS: its flow reaches WPLS through tokens that few of
  // WPLS's best chains start from. With only those, the flow's exact answer was 5,575,232,292,988,829,665,498,208 raw
  // units; with each member's own best chains into WPLS, 5,679,248,210,419,471,331,394,469 (+1.9%).
  const flow = snapshotFlow('0xCc01cF20b905a35964D09f4B4d2eaB1257559244', loadPreset().wrappedNative.address, 958_223_416_823_545_036_691_367_526_400n);
  assert.ok(flow.amountOut > 5_650_000_000_000_000_000_000_000n, `${flow.amountOut}`);
});

test('where the peel in execution order runs out of paths with input unplaced, the better fit of a peel in proportion is kept', () => {
  // A pair of the advanced latency mix: the paths peeled in execution order placed 63% of the input before no path of
  // 6 hops or fewer was left, and the rest spread over them took them far from the flow. The flow's exact answer was
  // 24,922,746,774,006,860,547 raw units that way, and 25,110,351,728,681,524,216 with the peel in proportion kept.
  const flow = snapshotFlow('0x3Ec9D1E806d9c8C7f41cD6536d57ED397F8c7d22', '0xe3eb40e134684fd3Bec922536474fab764D24908', 5_170_849_955_621n);
  assert.ok(flow.amountOut > 25_000_000_000_000_000_000n, `${flow.amountOut}`);
});

test('where the rounds of the share fitting swing, an earlier round\'s shares are kept when they yield more', () => {
  // A pair of the advanced latency mix: the paths' shares, fitted round by round to sequential execution, swing, and
  // the last round's yield 42% less on the flow's curves than an earlier one's. The flow's exact answer was
  // 1,635,193,984,314,473,630 raw units with the last round's shares, and 2,590,268,601,836,159,632 with the earlier.
  const flow = snapshotFlow('0x551aAacD4404e6d59bFD33601B65344156f20d7d', '0xa0beEaD89fEe6193a5E6e15CaaA1D5A3F46b7A37', 57_115_176_965_384_900n);
  assert.ok(flow.amountOut > 2_400_000_000_000_000_000n, `${flow.amountOut}`);
});

test('the flow keeps a path that carries a tiny share of the input when it yields much of the output', () => {
  // A long-tail token's $1.9M into another: two of the flow's nine paths carry less than 0.01% of the input each, and
  // they yield 87% of the output (through pools whose prices are far off). Dropped for their input share, the flow's
  // exact answer was 1.15e23 raw units; with them, 1.60e23.
  const amountIn = 63_920_872_120_099_386_864_068_198_400n;
  const flow = snapshotFlow('0xd7515f7F029B8e721D9BC065686f6b47dF26dc74', '0xbb1f1217BA44eDA2Ad26D4302BB1577fBF71Ff02', amountIn);
  const tiny = flow.legs.filter((leg) => leg.amountIn * 10_000n < amountIn);
  assert.ok(tiny.length > 0, `${flow.legs.map((leg) => leg.amountIn)}`);
  assert.ok(flow.amountOut > 150_000n * 10n ** 18n, `${flow.amountOut}`);
});

test('a new round keeps the last flow\'s trades that pay above the market rate, while ordering the others by price', () => {
  const { h, amountIn } = premiumPoolsGraph();
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  const network = flowNetwork(h.graph, from, to, tokens.tokensAt, Number(amountIn), -1);
  const trade = (a: string, b: string) => [...network.trades.pool.keys()].find((i) => network.tokens[network.trades.from[i]] === h.token(a) && network.tokens[network.trades.to[i]] === h.token(b))!;
  const [bToA, aToC] = [trade('BBB', 'AAA'), trade('AAA', 'CCC')];
  const first = againstOrder(network, network.order);
  assert.deepEqual([first[bToA], first[aToC]], [0, 1]);
  const solve = (disabled: Uint8Array) => solveDual(network, disabled, zeroFlowPrices(network, disabled));
  const last = solve(first);
  // The first flow sells BBB into AAA at a rate above 1, so BBB's price ends above AAA's.
  assert.ok(last.delta[bToA] > 0 && last.prices[network.tokens.indexOf(h.token('BBB'))] > last.prices[network.tokens.indexOf(h.token('AAA'))]);
  const byPrices = againstOrder(network, byPrice(network, last.prices));
  const keeping = againstOrder(network, byPriceKeepingFlow(network, last, first));
  // By prices alone, AAA → CCC is enabled and BBB → AAA lost; keeping the flow, both are enabled.
  assert.deepEqual([byPrices[bToA], byPrices[aToC]], [1, 0]);
  assert.deepEqual([keeping[bToA], keeping[aToC]], [0, 0]);
  // No routing of the order by prices alone yields its bound; the order keeping the flow yields 2 bp more.
  const [boundByPrices, boundKeeping] = [solve(byPrices).bound, solve(keeping).bound];
  assert.ok(boundKeeping > boundByPrices * (1 + 2e-4), `${boundKeeping} vs ${boundByPrices}`);
});

test('the flow routes through a pool that pays above the market rate and a trade the first order forbade, in one path', () => {
  const { h, amountIn } = premiumPoolsGraph();
  const flow = flowOf(h, amountIn);
  const route = (leg: (typeof flow.legs)[number]) => [leg.hops[0].tokenIn, ...leg.hops.map((hop) => hop.tokenOut)].join();
  const through = ['WPLS', 'BBB', 'AAA', 'CCC', 'USDC'].map((s) => h.token(s)).join();
  assert.ok(flow.legs.some((leg) => route(leg) === through), flow.legs.map(route).join(' | '));
  assert.ok(flow.relativeGap >= 0 && flow.relativeGap < 1e-4, `gap ${flow.relativeGap}`);
});

test('the last round\'s order enables a trade that pays against the prices\' order, unless it makes a path too long', () => {
  const { h, amountIn } = payingAgainstPricesGraph();
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const { tokens } = candidateSearch(h.graph, from, to, Number(amountIn), OPTIONS);
  const network = flowNetwork(h.graph, from, to, tokens.tokensAt, Number(amountIn), -1);
  const slot = (symbol: string) => network.tokens.indexOf(h.token(symbol));
  const hToC = [...network.trades.pool.keys()].find((i) => network.trades.from[i] === slot('HHH') && network.trades.to[i] === slot('CCC'))!;
  const solve = (disabled: Uint8Array) => solveDual(network, disabled, zeroFlowPrices(network, disabled));
  const first = againstOrder(network, network.order);
  const last = solve(first);
  // HHH is priced above CCC, and its pool into CCC pays at those prices: spot rate × CCC's price > HHH's price.
  const [priceH, priceC] = [last.prices[slot('HHH')], last.prices[slot('CCC')]];
  assert.ok(priceH > priceC && network.trades.spot[hToC] * priceC > priceH, `${priceH} ${priceC} ${network.trades.spot[hToC]}`);
  const keeping = againstOrder(network, byPriceKeepingFlow(network, last, first));
  const paying = againstOrder(network, byPayingTrades(network, last, first, 6));
  // WPLS → HHH → CCC → USDC is three trades: too long for paths of two.
  const payingWithinTwo = againstOrder(network, byPayingTrades(network, last, first, 2));
  assert.deepEqual([first[hToC], keeping[hToC], paying[hToC], payingWithinTwo[hToC]], [1, 1, 0, 1]);
  const [boundKeeping, boundPaying] = [solve(keeping).bound, solve(paying).bound];
  assert.ok(boundPaying > boundKeeping * (1 + 1e-3), `${boundPaying} vs ${boundKeeping}`);
});

test('the flow routes through a pool that pays against the prices\' order, for more than it answers without that pool', () => {
  const answer = (premium: boolean) => {
    const { h, amountIn } = payingAgainstPricesGraph(premium);
    return { h, flow: flowOf(h, amountIn) };
  };
  const { h, flow } = answer(true);
  const route = (leg: (typeof flow.legs)[number]) => [leg.hops[0].tokenIn, ...leg.hops.map((hop) => hop.tokenOut)].join();
  const through = ['WPLS', 'HHH', 'CCC', 'USDC'].map((s) => h.token(s)).join();
  assert.ok(flow.legs.some((leg) => route(leg) === through), flow.legs.map(route).join(' | '));
  const without = answer(false).flow;
  assert.ok(flow.amountOut > without.amountOut + without.amountOut / 1_000n, `${flow.amountOut} vs ${without.amountOut}`);
});

test('a paying round that raised the bound orders one more round by the trades that pay at its own prices', () => {
  // $10 of a long-tail token into USDC (the routing-quality benchmark's tail#1500): the first paying round's flow
  // answered 9,542,219 raw USDC; the second chains the pools that pay above the market rate into longer paths.
  const graph = onDefaultSnapshot();
  const [from, to] = [graph.tokenIndex('0xE0d991efdae786C396841E58E77aB4260245C5DC'), graph.tokenIndex(loadPreset().tokens.find((t) => t.symbol === 'USDC')!.address)];
  const amountIn = 8_366_222_431_194_475_520_851_968n;
  const { tokens } = candidateSearch(graph, from, to, Number(amountIn), OPTIONS);
  const network = flowNetwork(graph, from, to, tokens.tokensAt, Number(amountIn), -1);
  const answer = (payingRounds?: number) => {
    const rounds = solveRounds(network, { maxHops: 10, payingRounds });
    const { paths, shares } = flowPaths(network, rounds.solution, rounds.disabled, rounds.order, 10);
    const legs = executeShares(graph, paths.map((path) => path.flatMap((i) => tradeHops(network, i))), floatWeights(shares), amountIn)!;
    return { bound: rounds.solution.bound, amountOut: legs.reduce((sum, leg) => sum + leg.amountOut, 0n) };
  };
  const [one, two] = [answer(1), answer()];
  assert.ok(two.bound > one.bound * 1.002, `${two.bound} vs ${one.bound}`);
  assert.ok(two.amountOut > one.amountOut + one.amountOut / 500n, `${two.amountOut} vs ${one.amountOut}`);
});

test('where the last round\'s flow runs along paths too long to cut, the rounds answer without its order', () => {
  // A pair of the advanced latency mix: the order enabling the paying trades let the flow run 8% of the input along
  // paths of seven trades, which no path of six or fewer carries. Its paths answered 365,445,921,493,008,259,328,259,437
  // raw units; the rounds answered again without that order, 376,455,436,364,819,678,432,961,874.
  const flow = snapshotFlow('0x56775e24c0250F196C6DBD629d766B21025461FD', '0xC91b6988658eD9f3Be51bc7D325B6Bb735FF7C52', 3_530_901_575_671_779_201_344_216_236_032n);
  assert.ok(flow.amountOut > 376_000_000_000_000_000_000_000_000n, `${flow.amountOut}`);
});
