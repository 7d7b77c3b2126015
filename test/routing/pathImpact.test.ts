// The price impact that decides whether /quotes/advanced searches deeper single paths before splitting.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathImpact } from '../../src/routing/pathImpact.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, TOKENS } from '../split/splitFixtures.ts';

const GAMMA = 0.9971; // the default 0.29% UniV2 fee

test('a UniV2 trade loses γx / (R + γx) to its price impact; a two-hop one compounds the hops', () => {
  const h = handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'TAIL'], reserves: [2_000_000_000n * E18, 2_000_000_000n * E18] },
    { tokens: ['TAIL', 'USDC'], reserves: [500_000_000n * E18, 15_000n * E6] },
  ]);
  const x = 1e26; // 100M WPLS: a tenth of the first pool
  const direct = GAMMA * x / (1e27 + GAMMA * x);
  assert.ok(Math.abs(pathImpact(h.graph, [h.hop(0, 'WPLS', 'USDC')], x) - direct) < 1e-9, `${pathImpact(h.graph, [h.hop(0, 'WPLS', 'USDC')], x)} vs ${direct}`);
  // Through TAIL: the first hop keeps R/(R + γx) of its zero-size rate, the second R'/(R' + γy) with y its input.
  const first = 2e27 / (2e27 + GAMMA * x);
  const y = (GAMMA * x * 2e27) / (2e27 + GAMMA * x);
  const second = 5e26 / (5e26 + GAMMA * y);
  const twoHop = pathImpact(h.graph, [h.hop(1, 'WPLS', 'TAIL'), h.hop(2, 'TAIL', 'USDC')], x);
  assert.ok(Math.abs(twoHop - (1 - first * second)) < 1e-9, `${twoHop} vs ${1 - first * second}`);
  // One WPLS moves nothing measurable.
  assert.ok(pathImpact(h.graph, [h.hop(0, 'WPLS', 'USDC')], 1e18) < 1e-8);
});
