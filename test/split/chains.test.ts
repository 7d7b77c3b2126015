// Chains of two UniV2 pools through tokens outside the flow network (src/routing/split/flow/chainIndex.ts): which
// chains a token has, the single trade the network makes of each, and the flow's use of them, on hand-built graphs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitGasMeter } from '../../src/routing/gasModel.ts';
import { apportion } from '../../src/routing/split/apportion.ts';
import { chainsOf, networkChains, pairChains } from '../../src/routing/split/flow/chainIndex.ts';
import { flowNetwork, tradeHops } from '../../src/routing/split/flow/flowNetwork.ts';
import { flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { tradeOut } from '../../src/routing/split/flow/trades.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { v2ClosedForm } from '../../src/routing/split/v2ClosedForm.ts';
import { handGraph, platformCode } from '../support/graphs.ts';
import { E18, E6, OPTIONS } from './splitFixtures.ts';

const TOKENS = [
  { symbol: 'WPLS', decimals: 18 },
  { symbol: 'USDC', decimals: 6 },
  { symbol: 'TAIL', decimals: 18 },
  { symbol: 'DEAR', decimals: 18 },
];

/**
 * WPLS → USDC directly (pool 0, 3e-5 USDC per WPLS), through TAIL (pools 1 and 2: 0.5% better than the market at
 * zero flow) and through DEAR (pools 3 and 4: 3% worse, below the index's floor of 99%).
 */
function chainGraph(options: { version?: number; tailHundredths?: bigint } = {}) {
  // TAIL's pools hold tailHundredths hundredths of 100M WPLS and TAIL, and of 3,030 USDC.
  const hundredths = options.tailHundredths ?? 100n;
  return handGraph(
    TOKENS,
    [
      { tokens: ['WPLS', 'USDC'], reserves: [10_000_000_000n * E18, 300_000n * E6] },
      { tokens: ['WPLS', 'TAIL'], reserves: [1_000_000n * hundredths * E18, 1_000_000n * hundredths * E18] },
      { tokens: ['TAIL', 'USDC'], reserves: [1_000_000n * hundredths * E18, (303n * hundredths * E6) / 10n] },
      { tokens: ['WPLS', 'DEAR'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
      { tokens: ['DEAR', 'USDC'], reserves: [100_000_000n * E18, 2_910n * E6] },
    ],
    { version: options.version },
  );
}

test('a token\'s chains run through its long-tail neighbours within 1% of the market, best first, both ways', () => {
  const h = chainGraph();
  const [wpls, usdc, tail] = [h.token('WPLS'), h.token('USDC'), h.token('TAIL')];
  // Every token of this small graph is long-tail (16 pools or fewer): only the chains between WPLS and USDC matter.
  const between = (chains: ReturnType<typeof chainsOf>) => chains.filter((c) => c.from === wpls && c.to === usdc);
  const into = between(chainsOf(h.graph, usdc, 'into'));
  assert.deepEqual(
    into.map((c) => [c.via, c.pool, c.localIn, c.localOut, c.viaPool, c.viaLocalIn, c.viaLocalOut]),
    [[tail, 1, h.hop(1, 'WPLS', 'TAIL').localIn, h.hop(1, 'WPLS', 'TAIL').localOut, 2, h.hop(2, 'TAIL', 'USDC').localIn, h.hop(2, 'TAIL', 'USDC').localOut]],
    'DEAR is 3% below the market',
  );
  assert.deepEqual(between(chainsOf(h.graph, wpls, 'outOf')), into);
  // The other way, TAIL loses twice the fees and the 1% it gains this way; DEAR gains the 3% it loses this way.
  assert.deepEqual(chainsOf(h.graph, wpls, 'into').filter((c) => c.from === usdc).map((c) => c.via), [h.token('DEAR')]);
});

test('a request also takes the best chains between each token of its network and the target, beyond the target\'s best', () => {
  // 130 long-tail tokens between WPLS and USDC, each a chain 0.4% above the market; MID (pooled with WPLS at par) has one
  // through XMID, 0.1% below the market: below all 128 of USDC's best chains.
  const tails = Array.from({ length: 130 }, (_, k) => `T${k}`);
  const h = handGraph(
    [...TOKENS, ...['MID', 'XMID', ...tails].map((symbol) => ({ symbol, decimals: 18 }))],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [10_000_000_000n * E18, 300_000n * E6] },
      { tokens: ['WPLS', 'MID'], reserves: [1_000_000_000n * E18, 1_000_000_000n * E18] },
      { tokens: ['MID', 'XMID'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
      { tokens: ['XMID', 'USDC'], reserves: [100_000_000n * E18, 3_015n * E6] },
      ...tails.flatMap((tail) => [
        { tokens: ['WPLS', tail] as [string, string], reserves: [100_000_000n * E18, 100_000_000n * E18] as [bigint, bigint] },
        { tokens: [tail, 'USDC'] as [string, string], reserves: [100_000_000n * E18, 3_030n * E6] as [bigint, bigint] },
      ]),
    ],
  );
  const [wpls, usdc, mid, xmid] = [h.token('WPLS'), h.token('USDC'), h.token('MID'), h.token('XMID')];
  const best = chainsOf(h.graph, usdc, 'into');
  assert.equal(best.length, 128);
  assert.ok(best.every((c) => c.via !== xmid));
  assert.deepEqual(
    pairChains(h.graph, mid, usdc).map((c) => [c.from, c.via, c.to, c.pool, c.localIn, c.localOut, c.viaPool, c.viaLocalIn, c.viaLocalOut]),
    [[mid, xmid, usdc, 2, h.hop(2, 'MID', 'XMID').localIn, h.hop(2, 'MID', 'XMID').localOut, 3, h.hop(3, 'XMID', 'USDC').localIn, h.hop(3, 'XMID', 'USDC').localOut]],
  );
  // Found once per graph version: a later request gets the same list.
  assert.equal(pairChains(h.graph, mid, usdc), pairChains(h.graph, mid, usdc));
  // The other way, the chain loses the fees twice: below the 99% floor.
  assert.deepEqual(pairChains(h.graph, usdc, mid), []);
  // Between WPLS and USDC, the best 16 of the 130.
  assert.equal(pairChains(h.graph, wpls, usdc).length, 16);
  const vias = (members: number[]) => networkChains(h.graph, wpls, usdc, new Set(members), -1).map((c) => c.via);
  assert.ok(vias([wpls, mid]).includes(xmid));
  assert.ok(!vias([wpls]).includes(xmid));
});

test('the network takes a chain as one UniV2 trade whose curve is the two pools\' composition, and executes it as two hops', () => {
  const h = chainGraph();
  const [wpls, usdc] = [h.token('WPLS'), h.token('USDC')];
  // The network over WPLS and USDC alone: TAIL is outside it.
  const network = flowNetwork(h.graph, wpls, usdc, [[usdc], [wpls]], 1e24, -1);
  const chain = [...Array(network.trades.count).keys()].filter((i) => network.trades.viaPool[i] >= 0);
  assert.equal(chain.length, 1);
  const hops = tradeHops(network, chain[0]);
  assert.deepEqual(hops, [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')]);
  for (const amountIn of [10n ** 18n, 10n ** 24n, 3n * 10n ** 25n]) {
    const exact = h.out(2, 'TAIL', h.out(1, 'WPLS', amountIn));
    // Normalised units: the target's are raw; the source's are rawPerUnit raw units.
    const modelled = tradeOut(network.trades, chain[0], Number(amountIn) / network.rawPerUnit[network.source]);
    // The exact maths floors each hop's output to whole units.
    assert.ok(Math.abs(modelled - Number(exact)) < 1 + 1e-9 * Number(exact), `${amountIn}: ${modelled} vs ${exact}`);
  }
});

test('a request keeps one chain per long-tail token, from a token of its network', () => {
  const h = chainGraph();
  const [wpls, usdc] = [h.token('WPLS'), h.token('USDC')];
  const members = new Set([wpls]);
  assert.deepEqual(networkChains(h.graph, wpls, usdc, members, -1).map((c) => c.via), [h.token('TAIL')]);
  // TAIL inside the network: no chain through it.
  members.add(h.token('TAIL'));
  assert.deepEqual(networkChains(h.graph, wpls, usdc, members, -1), []);
  // Pools of another platform only: none.
  assert.deepEqual(networkChains(h.graph, wpls, usdc, new Set([wpls]), 0), []);
});

test('the flow splits between the direct pool and a chain outside its tokens, at the closed-form optimum', () => {
  const h = chainGraph({ tailHundredths: 2_000n });
  const [wpls, usdc] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 500_000_000n * E18;
  const flow = flowQuote(h.graph, wpls, usdc, amountIn, [[usdc], [wpls]], OPTIONS)!;
  const direct = [h.hop(0, 'WPLS', 'USDC')];
  const viaTail = [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')];
  assert.deepEqual(flow.legs.map((leg) => leg.hops.length).sort(), [1, 2]);
  // The exact sequential result of its legs.
  const replayed = simulateSplit(h.graph, flow.legs.map((leg) => leg.hops), flow.legs.map((leg) => leg.amountIn))!;
  assert.equal(flow.amountOut, replayed.reduce((sum, leg) => sum + leg.amountOut, 0n));
  const weights = v2ClosedForm(h.graph, [direct, viaTail], amountIn)!;
  const optimum = simulateSplit(h.graph, [direct, viaTail], apportion(weights, amountIn))!.reduce((sum, leg) => sum + leg.amountOut, 0n);
  assert.ok(flow.amountOut <= optimum && optimum - flow.amountOut <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
  assert.ok(flow.amountOut > h.out(0, 'WPLS', amountIn), 'beats the direct pool alone');
});

test('when every trade of the source is a chain (a one-platform request), the flow still reaches the closed-form optimum', () => {
  // The direct pool is on another platform: the first solve, without chains, has nothing to sell the source to.
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [10_000_000_000n * E18, 300_000n * E6], platform: 'dexa_v1' },
    { tokens: ['WPLS', 'TAIL'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [100_000_000n * E18, 3_100n * E6] },
    { tokens: ['WPLS', 'DEAR'], reserves: [300_000_000n * E18, 300_000_000n * E18] },
    { tokens: ['DEAR', 'USDC'], reserves: [300_000_000n * E18, 9_200n * E6] },
  ]);
  const [wpls, usdc] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 1_000_000n * E18;
  const flow = flowQuote(h.graph, wpls, usdc, amountIn, [[usdc], [wpls]], { ...OPTIONS, platformCode: platformCode('dexa_v2') })!;
  const paths = [
    [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')],
    [h.hop(3, 'WPLS', 'DEAR'), h.hop(4, 'DEAR', 'USDC')],
  ];
  const optimum = simulateSplit(h.graph, paths, apportion(v2ClosedForm(h.graph, paths, amountIn)!, amountIn))!.reduce((sum, leg) => sum + leg.amountOut, 0n);
  assert.equal(flow.legs.length, 2);
  assert.ok(flow.amountOut <= optimum && optimum - flow.amountOut <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
  assert.ok(flow.relativeGap >= 0 && flow.relativeGap < 1e-6, `gap ${flow.relativeGap}`);
});

test('a chain that carries under 0.03% of the output, or does not pay for its gas, is left out', () => {
  const [wpls, usdc] = [0, 1];
  const amountIn = 500_000_000n * E18;
  const hopCounts = (h: ReturnType<typeof chainGraph>, options: typeof OPTIONS) =>
    flowQuote(h.graph, wpls, usdc, amountIn, [[usdc], [wpls]], options)!.legs.map((leg) => leg.hops.length).sort();
  // At the optimum, TAIL's pools as given carry 0.54% of the output (76.5 of 14,250 USDC), a tenth of them 0.05%
  // (kept), and three hundredths of them about 0.016%.
  assert.deepEqual(hopCounts(chainGraph(), OPTIONS), [1, 2]);
  assert.deepEqual(hopCounts(chainGraph({ tailHundredths: 10n }), OPTIONS), [1, 2]);
  assert.deepEqual(hopCounts(chainGraph({ tailHundredths: 3n }), OPTIONS), [1]);
  // The chain adds 3.9 USDC to the direct pool's output, and its two hops cost at least 108,000 gas: it pays at 20 raw
  // USDC units per gas unit (2.2 USDC), not at 40 (4.3 USDC).
  const h = chainGraph();
  const gasMeter = () => splitGasMeter(h.graph, 15_000_000, { wrapIn: false, unwrapOut: false });
  assert.deepEqual(hopCounts(h, { ...OPTIONS, gasMeter, gasUnitCost: 20 }), [1, 2]);
  assert.deepEqual(hopCounts(h, { ...OPTIONS, gasMeter, gasUnitCost: 40 }), [1]);
});

test('a later graph version takes the chains over for up to 64 versions, and a quote keeps only those its pools hold', () => {
  // Far above the other tests' versions, so that this one finds its chains afresh.
  const first = chainGraph({ version: 1_000 });
  const [wpls, usdc] = [first.token('WPLS'), first.token('USDC')];
  const chains = chainsOf(first.graph, usdc, 'into');
  // Other reserves, 63 versions later: taken over.
  assert.equal(chainsOf(chainGraph({ version: 1_063, tailHundredths: 200n }).graph, usdc, 'into'), chains);
  // 64 versions after they were found: found again.
  const refreshed = chainGraph({ version: 1_064 });
  const again = chainsOf(refreshed.graph, usdc, 'into');
  assert.notEqual(again, chains);
  assert.deepEqual(again, chains);
  // A later version whose pool 1 joins WPLS and DEAR (the pools in another order): the chain through pools 1 and 2
  // is taken over but left out of the quote's network, as its pools no longer hold it.
  const reordered = handGraph(
    TOKENS,
    [
      { tokens: ['WPLS', 'USDC'], reserves: [10_000_000_000n * E18, 300_000n * E6] },
      { tokens: ['WPLS', 'DEAR'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
      { tokens: ['DEAR', 'USDC'], reserves: [100_000_000n * E18, 2_910n * E6] },
      { tokens: ['WPLS', 'TAIL'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
      { tokens: ['TAIL', 'USDC'], reserves: [100_000_000n * E18, 3_030n * E6] },
    ],
    { version: 1_065 },
  );
  assert.equal(chainsOf(reordered.graph, usdc, 'into'), again);
  assert.deepEqual(networkChains(refreshed.graph, wpls, usdc, new Set([wpls]), -1).map((c) => [c.pool, c.viaPool]), [[1, 2]]);
  assert.deepEqual(networkChains(reordered.graph, wpls, usdc, new Set([wpls]), -1), []);
  // Graphs of one version number are unrelated.
  assert.notEqual(chainsOf(chainGraph({ version: 1_065 }).graph, usdc, 'into'), again);
});
