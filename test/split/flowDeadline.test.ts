// The flow optimiser cut by its deadline (anytime): a clock that advances one tick per reading cuts it at every point
// of its run in turn, the same way on every machine. And the replay of the flow's answer after the path optimiser's,
// which runs only when it would end before the answer's deadline.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { MAX_SPLIT_GAS } from '../../src/quote/searchProfiles.ts';
import { splitGasMeter } from '../../src/routing/gasModel.ts';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { solveDual } from '../../src/routing/split/flow/dualFlow.ts';
import { flowNetwork, zeroFlowPrices } from '../../src/routing/split/flow/flowNetwork.ts';
import { findBestSplit } from '../../src/routing/split/findBestSplit.ts';
import { flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, OPTIONS, TOKENS, tickClock } from './splitFixtures.ts';

/** A direct pool and a two-hop route through TAIL: the solve moves TAIL's price as well as the source's. */
function triangleNetwork() {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [3_000_000_000n * E18, 90_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000_000n * E18, 1_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [1_000_000n * E18, 30_000n * E6] },
  ]);
  const [from, to] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 400_000_000 * 1e18;
  const { tokens } = candidateSearch(h.graph, from, to, amountIn, OPTIONS);
  const network = flowNetwork(h.graph, from, to, tokens.tokensAt, amountIn, -1);
  const disabled = new Uint8Array(network.trades.count);
  return { network, disabled, start: zeroFlowPrices(network, disabled, network.order) };
}

test('a cold solve takes its first step past its deadline, and says the deadline cut it', () => {
  const { network, disabled, start } = triangleNetwork();
  const atStart = solveDual(network, disabled, start, { maxIterations: 0 });
  const cut = solveDual(network, disabled, start, tickClock(-1));
  const solved = solveDual(network, disabled, start);
  assert.equal(cut.cut, true);
  assert.equal(solved.cut, false);
  assert.equal(atStart.cut, false);
  // The step lowered the bound from the start prices' towards the minimum.
  assert.ok(cut.bound < atStart.bound && cut.bound >= solved.bound, `${atStart.bound} > ${cut.bound} >= ${solved.bound}`);
});

test('a warm solve past its deadline keeps its start prices', () => {
  const { network, disabled, start } = triangleNetwork();
  const solved = solveDual(network, disabled, start);
  const cut = solveDual(network, disabled, solved.prices, { ...tickClock(-1), warm: true });
  assert.equal(cut.cut, true);
  assert.deepEqual(cut.prices, solved.prices);
});

test('a $3M WPLS → USDC flow cut at any point of its run answers at least 75% of the uncut flow', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const [from, to] = [graph.tokenIndex(preset.wrappedNative.address), graph.tokenIndex(preset.tokens.find((t) => t.symbol === 'USDC')!.address)];
  const amountIn = 10n ** 29n;
  const options = { ...OPTIONS, gasMeter: () => splitGasMeter(graph, MAX_SPLIT_GAS, { wrapIn: false, unwrapOut: false }) };
  const { tokens } = candidateSearch(graph, from, to, Number(amountIn), options);
  const quote = (clock: ReturnType<typeof tickClock>) => flowQuote(graph, from, to, amountIn, tokens.tokensAt, { ...options, ...clock });
  const uncutClock = tickClock(Infinity);
  const uncut = quote(uncutClock)!;
  assert.ok(uncut.legs.length > 50, `${uncut.legs.length} legs`);
  const worst = { share: Infinity, at: -1 };
  // Cut before each reading of the uncut run: in the solves' rounds, the peel and the exact replays.
  for (let at = 0; at < uncutClock.readings(); at++) {
    const cut = quote(tickClock(at));
    const share = cut ? Number(cut.amountOut) / Number(uncut.amountOut) : 0;
    if (share < worst.share) Object.assign(worst, { share, at });
  }
  // Before the cut solves were told apart, a second round cut at its start prices was kept for its bound (far above
  // the optimum), and its flow made 6% of the uncut output; so did a first round cut before its first step. Cut at
  // its first reading, the flow made 64% while the plan cut to the gas cap kept the flow's shares; re-solved over its
  // own trades past the deadline too, it makes 77%. The single best path makes about 14%.
  assert.ok(worst.share >= 0.75, `cut at reading ${worst.at}: ${(100 * worst.share).toFixed(1)}% of ${uncut.amountOut}`);
});

test("the flow's answer is replayed after the path optimiser's only when its replay would end by the answer's deadline (a standing clock: replays take no time)", () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const token = (symbol: string) => graph.tokenIndex(preset.tokens.find((t) => t.symbol === symbol)!.address);
  // 100M HEX → WPLS: the flow's answer, made exact after the path optimiser's, is the better one.
  const [from, to, amountIn] = [token('HEX'), token('WPLS'), 10n ** 16n];
  const split = (answerDeadline?: number) => findBestSplit(graph, from, to, amountIn, { ...OPTIONS, now: () => 0, answerDeadline })!;
  const withTime = split();
  // The clock stands still: a replay takes no time, so one ends at the deadline when the clock reads it already.
  assert.equal(split(0).amountOut, withTime.amountOut);
  const past = split(-1);
  assert.ok(past.amountOut < withTime.amountOut, `${past.amountOut} against ${withTime.amountOut}`);
  // Without the flow's replay the answer is the path optimiser's, exact all the same.
  const replayed = simulateSplit(graph, past.legs.map((leg) => leg.hops), past.legs.map((leg) => leg.amountIn))!;
  assert.equal(replayed.reduce((sum, leg) => sum + leg.amountOut, 0n), past.amountOut);
});
