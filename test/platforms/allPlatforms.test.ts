// Every platform of spec 2.3 quotes a pair it holds on the default snapshot, `mixed` crosses pool kinds, the gas
// model counts each hop kind and V3 tick crossings, and no amount makes the router throw.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEX_PLATFORM_IDS, type PlatformId } from '../../src/network/types.ts';
import { computeQuote } from '../../src/quote/computeQuote.ts';
import type { ComputedQuote, QuoteOutcome } from '../../src/quote/types.ts';
import { evaluatePath } from '../../src/routing/evaluatePath.ts';
import { estimateGas } from '../../src/routing/gasModel.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const preset = loadPreset();
const address = (symbol: string) => preset.tokens.find((t) => t.symbol === symbol)!.address;
let graph: GraphView;

function quote(platform: PlatformId, from: string, to: string, amountIn: bigint): QuoteOutcome {
  return computeQuote(graph, preset, {
    graphVersion: graph.version,
    mode: 'standard',
    platform,
    fromToken: from,
    toToken: to,
    amountIn,
    slippagePpm: 5000n,
    deadline: 0n,
  });
}

function routed(outcome: QuoteOutcome): ComputedQuote {
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.noRoute);
  return outcome.quote;
}

/** Graph hops of a quote's single route, rebuilt from its legs. */
function hopsOf(q: ComputedQuote) {
  return q.splits[0][1].map((leg) => {
    const pool = Array.from({ length: graph.poolCount }, (_, p) => p).find((p) => graph.poolAddress(p) === leg.pairAddress)!;
    const tokens = Array.from(graph.poolTokens(pool));
    const tokenIn = graph.tokenIndex(leg.tokenIn);
    const tokenOut = graph.tokenIndex(leg.tokenOut);
    return { pool, tokenIn, tokenOut, localIn: tokens.indexOf(tokenIn), localOut: tokens.indexOf(tokenOut) };
  });
}

before(() => {
  graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
});

describe('every platform', () => {
  const pairs: Record<Exclude<PlatformId, 'mixed'>, [string, string, bigint]> = {
    dexa_v1: ['WPLS', 'HEX', 10n ** 24n],
    dexa_v2: ['WPLS', 'HEX', 10n ** 24n],
    dexa_stable: ['USDT', 'DAI', 10n ** 9n],
    dexb_v2: ['WPLS', 'PLSX', 10n ** 24n],
    dexb_v3: ['WPLS', 'DAI', 10n ** 24n],
    dexc_v2: ['PLSX', 'WPLS', 10n ** 24n],
    dexc_v3: ['USDL', 'DAI', 10n ** 21n],
    dexd_v2: ['DEXD', 'WPLS', 10n ** 24n],
    dexe_v3: ['HEX', 'CST', 10n ** 11n],
  };
  for (const platform of DEX_PLATFORM_IDS) {
    test(`${platform} quotes a pair it holds using only its own pools, exactly`, () => {
      const [from, to, amount] = pairs[platform];
      const q = routed(quote(platform, address(from), address(to), amount));
      const legs = q.splits[0][1];
      assert.ok(legs.every((leg) => leg.platform === platform));
      assert.equal(legs[0].tokenIn, address(from));
      assert.equal(legs[legs.length - 1].tokenOut, address(to));
      // The quoted amount is the exact sequential evaluation of the route's pools.
      assert.equal(evaluatePath(graph, hopsOf(q), amount)!.amountOut, q.amountOut);
      assert.ok(q.amountOut > 0n);
    });
  }

  test('mixed routes across pool kinds when that pays: WBTC to USDT', () => {
    const q = routed(quote('mixed', address('WBTC'), address('USDT'), 10n ** 8n));
    const kinds = new Set(hopsOf(q).map((h) => graph.poolKind(h.pool)));
    assert.ok(kinds.size >= 2, `expected hops of several kinds, got ${[...kinds]}`);
    for (const platform of DEX_PLATFORM_IDS) {
      const single = quote(platform, address('WBTC'), address('USDT'), 10n ** 8n);
      if (single.ok) assert.ok(q.amountOut >= single.quote.amountOut, `${platform} beats mixed`);
    }
  });
});

describe('gas model', () => {
  test('gasUnits counts each hop kind and the V3 ticks the route crosses', () => {
    // A swap big enough to cross initialized ticks of the dexc_v3 WPLS/DAI pools.
    const q = routed(quote('dexc_v3', address('WPLS'), address('DAI'), 3n * 10n ** 27n));
    const hops = hopsOf(q);
    const exact = evaluatePath(graph, hops, 3n * 10n ** 27n)!;
    assert.ok(exact.ticksCrossed > 0, 'the test swap should cross ticks');
    const expected = estimateGas({
      hopKinds: hops.map((h) => graph.poolKind(h.pool)),
      ticksCrossed: exact.ticksCrossed,
      wrapIn: false,
      unwrapOut: false,
    });
    assert.equal(q.gasUnits, expected);
  });
});

describe('unexecutable hops are not routes', () => {
  test('no amount from 1 wei to 10^40 makes any platform throw, and every routed amount is positive', () => {
    const amounts = [1n, 2n, 999n, 10n ** 6n, 10n ** 12n, 10n ** 18n, 10n ** 24n, 10n ** 30n, 10n ** 36n, 10n ** 40n];
    const pairs: [string, string][] = [['USDT', 'DAI'], ['WPLS', 'DAI'], ['HEX', 'CST'], ['DEXD', 'WPLS'], ['WBTC', 'USDC']];
    let routes = 0;
    let noRoutes = 0;
    for (const platform of ['mixed', ...DEX_PLATFORM_IDS] as PlatformId[]) {
      for (const [a, b] of pairs) {
        for (const amount of amounts) {
          const outcome = quote(platform, address(a), address(b), amount);
          if (outcome.ok) {
            routes++;
            assert.ok(outcome.quote.amountOut > 0n);
          } else {
            noRoutes++;
            assert.match(outcome.noRoute, /^No route found: /);
          }
        }
      }
    }
    // Both branches are exercised: tiny and absurd amounts have no route, ordinary ones do.
    assert.ok(routes > 50 && noRoutes > 50, `routes ${routes}, no routes ${noRoutes}`);
  });

  test('an amount that exhausts every V3 range on dexb_v3 is no route rather than a partial fill', () => {
    // Full-range positions absorb up to about L * 2^64 of token0 before the price limit: 10^70 exceeds that.
    const outcome = quote('dexb_v3', address('WPLS'), address('DAI'), 10n ** 70n);
    assert.equal(outcome.ok, false);
    assert.equal(routed(quote('dexb_v3', address('WPLS'), address('DAI'), 10n ** 24n)).splits[0][1].length, 1);
  });
});
