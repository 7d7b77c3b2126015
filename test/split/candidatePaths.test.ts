// The token set of the split search: the connectors, and the tokens of each end's deepest pools whether the end is a
// connector or not (so that widening the connectors never removes a token from the search).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateSearch } from '../../src/routing/split/candidatePaths.ts';
import { handGraph } from '../support/graphs.ts';
import { E18, E6, OPTIONS } from './splitFixtures.ts';

const TOKENS = [
  { symbol: 'WPLS', decimals: 18 },
  { symbol: 'USDC', decimals: 6 },
  { symbol: 'NEARWPLS', decimals: 18 },
  { symbol: 'NEARUSDC', decimals: 18 },
];

/** WPLS and USDC are the deepest tokens; NEARWPLS pools only with WPLS and NEARUSDC, NEARUSDC only with USDC and NEARWPLS. */
function graph() {
  return handGraph(TOKENS, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'NEARWPLS'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
    { tokens: ['NEARWPLS', 'NEARUSDC'], reserves: [100_000_000n * E18, 100_000_000n * E18] },
    { tokens: ['NEARUSDC', 'USDC'], reserves: [100_000_000n * E18, 3_000n * E6] },
  ]);
}

test('searches the tokens of the deepest pools of ends that are connectors themselves', () => {
  const h = graph();
  // Two connectors: WPLS and USDC. Neither of the other tokens is one, and no token pools with both ends.
  const options = { ...OPTIONS, connectors: 2, maxHops: 3 };
  const search = candidateSearch(h.graph, h.token('WPLS'), h.token('USDC'), 1e24, options);
  const searched = new Set(search.tokens.tokensAt.flat());
  assert.ok(searched.has(h.token('NEARWPLS')) && searched.has(h.token('NEARUSDC')), `searched ${[...searched]}`);
  const routes = search.paths.map((hops) => hops.map((hop) => hop.pool));
  assert.deepEqual(routes.sort(), [[0], [1, 2, 3]]);
});

test('a wider connector set searches every token a narrower one did', () => {
  // MID is deep; TAIL pools with MID and WPLS only. From MID to USDC, TAIL is a route (MID → TAIL → WPLS → USDC) whether
  // or not MID itself counts as a connector.
  const h = handGraph([...TOKENS.slice(0, 2), { symbol: 'MID', decimals: 18 }, { symbol: 'TAIL', decimals: 18 }], [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
    { tokens: ['WPLS', 'MID'], reserves: [500_000_000n * E18, 500_000_000n * E18] },
    { tokens: ['MID', 'USDC'], reserves: [500_000_000n * E18, 15_000n * E6] },
    { tokens: ['MID', 'TAIL'], reserves: [1_000n * E18, 1_000n * E18] },
    { tokens: ['TAIL', 'WPLS'], reserves: [1_000n * E18, 1_000n * E18] },
  ]);
  const rank = h.graph.tokenLiquidityRank();
  const mid = h.token('MID');
  assert.ok(rank[h.token('TAIL')] > rank[mid]);
  const searched = (connectors: number) =>
    new Set(candidateSearch(h.graph, mid, h.token('USDC'), 1e21, { ...OPTIONS, connectors, maxHops: 3 }).tokens.tokensAt.flat());
  const narrow = searched(rank[mid]);
  const wide = searched(rank[mid] + 1);
  assert.ok(narrow.has(h.token('TAIL')));
  for (const token of narrow) assert.ok(wide.has(token), `token ${token} left the search`);
});
