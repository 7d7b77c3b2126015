// The flow's paths may be long: a small trade's optimum chains pools that pay above the market rate into paths of
// many trades (src/routing/split/flow/flowQuote.ts, MAX_FLOW_HOPS).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flowQuote } from '../../src/routing/split/flow/flowQuote.ts';
import { simulateSplit } from '../../src/routing/split/simulateSplit.ts';
import { type V2PoolSpec, handGraph } from '../support/graphs.ts';
import { E18, E6, OPTIONS, TOKENS, closedFormOut } from './splitFixtures.ts';

const LINKS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];

/**
 * WPLS → USDC directly (pool 0), and along WPLS → L1 → … → L7 → USDC (pools 1–8, eight trades), each pool of the chain
 * at par but the last, which sells into USDC 5% above the direct pool's rate: net of its eight fees, the chain pays
 * about 2.6% more at zero flow.
 */
function longChainGraph() {
  const K = 1_000n * E18;
  const chain = ['WPLS', ...LINKS];
  const pools: V2PoolSpec[] = [{ tokens: ['WPLS', 'USDC'], reserves: [1_000n * K, 1_000_000_000n * E6] }];
  LINKS.forEach((symbol, i) => pools.push({ tokens: [chain[i], symbol], reserves: [1_000n * K, 1_000n * K] }));
  pools.push({ tokens: ['L7', 'USDC'], reserves: [1_000n * K, 1_050_000_000n * E6] });
  return handGraph([...TOKENS, ...LINKS.map((symbol) => ({ symbol, decimals: 18 }))], pools);
}

test('the flow routes part of a trade along a path of eight trades, to within 1e-9 of the closed-form optimum', () => {
  const h = longChainGraph();
  const [wpls, usdc] = [h.token('WPLS'), h.token('USDC')];
  const amountIn = 20_000n * E18;
  const tokensAt = [[usdc], ...[...LINKS].reverse().map((symbol) => [h.token(symbol)]), [wpls]];
  const flow = flowQuote(h.graph, wpls, usdc, amountIn, tokensAt, OPTIONS)!;
  assert.deepEqual(flow.legs.map((leg) => leg.hops.length).sort(), [1, 8]);
  const direct = [h.hop(0, 'WPLS', 'USDC')];
  const chain = [h.hop(1, 'WPLS', 'L1'), ...LINKS.slice(1).map((symbol, i) => h.hop(i + 2, LINKS[i], symbol)), h.hop(8, 'L7', 'USDC')];
  const optimum = closedFormOut(h.graph, [direct, chain], amountIn);
  // Either side by rounding: the closed form's weights are apportioned to whole wei too.
  const off = flow.amountOut > optimum ? flow.amountOut - optimum : optimum - flow.amountOut;
  assert.ok(off <= optimum / 1_000_000_000n, `${flow.amountOut} vs ${optimum}`);
  // The chain alone or the direct pool alone yield well under the split.
  const alone = (path: typeof chain) => simulateSplit(h.graph, [path], [amountIn])![0].amountOut;
  assert.ok(flow.amountOut > (alone(direct) * 1_005n) / 1_000n && flow.amountOut > (alone(chain) * 1_005n) / 1_000n);
});
