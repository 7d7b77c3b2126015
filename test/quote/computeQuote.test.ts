// computeQuote on hand-built graphs (native coin in and out, wrap and unwrap, router calldata, gas, no-route
// outcomes) and on the default snapshot (advanced never worse than standard, gas units of the chosen path).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeFunctionData, parseAbi } from 'viem';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEX_PLATFORM_IDS } from '../../src/network/types.ts';
import { NATIVE_ADDRESS, computeQuote } from '../../src/quote/computeQuote.ts';
import { gasCostInOutput } from '../../src/quote/pricing.ts';
import type { ComputedQuote, QuoteOutcome, QuoteTask, RouteLeg } from '../../src/quote/types.ts';
import { evaluatePath } from '../../src/routing/evaluatePath.ts';
import { estimateGas, estimateRouteGas } from '../../src/routing/gasModel.ts';
import { platformRouterOf } from '../../src/tx/routerHops.ts';
import type { Hop } from '../../src/routing/types.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { minAmountOut } from '../../src/tx/slippage.ts';
import { handGraph, labelAddress } from '../support/graphs.ts';

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
const E8 = 10n ** 8n;
const USER = labelAddress('quote-test-user');
const DEADLINE = 1_900_000_000n;
// Written from the UniswapV2Router02 and WETH9 sources, independently of src/tx/abis.generated.ts.
const ROUTER_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const WETH_ABI = parseAbi(['function deposit() payable', 'function withdraw(uint256 wad)']);

/** WPLS -> USDC -> HEX on dexa_v2, DAI pooled with USDC on dexc_v2, and a token no pool holds. */
function chainGraph() {
  return handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
      { symbol: 'HEX', decimals: 8 },
      { symbol: 'DAI', decimals: 18 },
      { symbol: 'LONELY', decimals: 18 },
    ],
    [
      // 1e9 WPLS : 30,000 USDC ($0.00003 per PLS)
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6] },
      // 1,000,000 USDC : 200,000,000 HEX ($0.005 per HEX)
      { tokens: ['USDC', 'HEX'], reserves: [1_000_000n * E6, 200_000_000n * E8] },
      { tokens: ['USDC', 'DAI'], reserves: [500_000n * E6, 500_000n * E18], platform: 'dexc_v2' },
    ],
    { blockNumber: 23_000_123n },
  );
}

function task(overrides: Partial<QuoteTask>): QuoteTask {
  return {
    graphVersion: 1,
    mode: 'standard',
    platform: 'mixed',
    fromToken: NATIVE_ADDRESS,
    toToken: NATIVE_ADDRESS,
    amountIn: E18,
    slippagePpm: 5_000n,
    userAddress: USER,
    deadline: DEADLINE,
    ...overrides,
  };
}

function quoteOf(outcome: QuoteOutcome) {
  assert.equal(outcome.ok, true, outcome.ok ? '' : outcome.noRoute);
  return (outcome as Extract<QuoteOutcome, { ok: true }>).quote;
}

test('native coin in routes through WPLS and builds swapExactETHForTokens on the platform router', () => {
  const h = chainGraph();
  const amountIn = 1_000n * E18;
  const amountOut = h.out(1, 'USDC', h.out(0, 'WPLS', amountIn));
  const outcome = computeQuote(h.graph, h.preset, task({ fromToken: NATIVE_ADDRESS, toToken: h.address('HEX'), amountIn }));
  const quote = quoteOf(outcome);
  assert.deepEqual(
    { ...quote, tx: undefined },
    {
      blockNumber: 23_000_123n,
      amountOut,
      outputDecimals: 8,
      gasUnits: 166_000,
      splits: [
        [
          100,
          [
            {
              pairAddress: h.snapshot.pools[0].address,
              tokenIn: h.address('WPLS'),
              tokenOut: h.address('USDC'),
              fee: 29,
              feeDenominator: 10_000,
              platform: 'dexa_v2',
            },
            {
              pairAddress: h.snapshot.pools[1].address,
              tokenIn: h.address('USDC'),
              tokenOut: h.address('HEX'),
              fee: 29,
              feeDenominator: 10_000,
              platform: 'dexa_v2',
            },
          ],
        ],
      ],
      tx: undefined,
    },
  );
  assert.equal(quote.gasUnits, estimateGas({ hopKinds: ['univ2', 'univ2'], ticksCrossed: 0, wrapIn: true, unwrapOut: false, executor: 'platformRouter' }));
  assert.deepEqual(
    { from: quote.tx!.from, to: quote.tx!.to, value: quote.tx!.value },
    { from: USER, to: h.preset.platforms.dexa_v2.router, value: '1000000000000000000000' },
  );
  assert.deepEqual(decodeFunctionData({ abi: ROUTER_ABI, data: quote.tx!.data as `0x${string}` }), {
    functionName: 'swapExactETHForTokens',
    args: [minAmountOut(amountOut, 5_000n), [h.address('WPLS'), h.address('USDC'), h.address('HEX')], USER, DEADLINE],
  });
});

test('native coin out routes to WPLS and builds swapExactTokensForETH with no value', () => {
  const h = chainGraph();
  const amountIn = 5n * E8;
  const amountOut = h.out(0, 'USDC', h.out(1, 'HEX', amountIn));
  const quote = quoteOf(computeQuote(h.graph, h.preset, task({ fromToken: h.address('HEX'), toToken: NATIVE_ADDRESS, amountIn })));
  assert.equal(quote.amountOut, amountOut);
  assert.equal(quote.outputDecimals, 18);
  assert.equal(quote.gasUnits, 163_600);
  assert.equal(quote.gasUnits, estimateGas({ hopKinds: ['univ2', 'univ2'], ticksCrossed: 0, wrapIn: false, unwrapOut: true, executor: 'platformRouter' }));
  assert.deepEqual(
    quote.splits[0][1].map((leg) => [leg.tokenIn, leg.tokenOut]),
    [
      [h.address('HEX'), h.address('USDC')],
      [h.address('USDC'), h.address('WPLS')],
    ],
  );
  assert.deepEqual(
    { from: quote.tx!.from, to: quote.tx!.to, value: quote.tx!.value },
    { from: USER, to: h.preset.platforms.dexa_v2.router, value: '0' },
  );
  assert.deepEqual(decodeFunctionData({ abi: ROUTER_ABI, data: quote.tx!.data as `0x${string}` }), {
    functionName: 'swapExactTokensForETH',
    args: [amountIn, minAmountOut(amountOut, 5_000n), [h.address('HEX'), h.address('USDC'), h.address('WPLS')], USER, DEADLINE],
  });
});

test('token to token on one platform builds swapExactTokensForTokens on that platform router', () => {
  const h = chainGraph();
  const amountIn = 1_000n * E6;
  const amountOut = h.out(2, 'USDC', amountIn);
  const quote = quoteOf(
    computeQuote(h.graph, h.preset, task({ platform: 'dexc_v2', fromToken: h.address('USDC'), toToken: h.address('DAI'), amountIn })),
  );
  assert.equal(quote.amountOut, amountOut);
  assert.deepEqual(quote.splits, [
    [
      100,
      [
        {
          pairAddress: h.snapshot.pools[2].address,
          tokenIn: h.address('USDC'),
          tokenOut: h.address('DAI'),
          fee: 25,
          feeDenominator: 10_000,
          platform: 'dexc_v2',
        },
      ],
    ],
  ]);
  assert.deepEqual(
    { from: quote.tx!.from, to: quote.tx!.to, value: quote.tx!.value },
    { from: USER, to: h.preset.platforms.dexc_v2.router, value: '0' },
  );
  assert.deepEqual(decodeFunctionData({ abi: ROUTER_ABI, data: quote.tx!.data as `0x${string}` }), {
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, minAmountOut(amountOut, 5_000n), [h.address('USDC'), h.address('DAI')], USER, DEADLINE],
  });
});

test('without a userAddress the quote carries no transaction', () => {
  const h = chainGraph();
  const quote = quoteOf(computeQuote(h.graph, h.preset, task({ toToken: h.address('USDC'), userAddress: undefined })));
  assert.equal(quote.amountOut, h.out(0, 'WPLS', E18));
  assert.equal(quote.tx, undefined);
});

test('wrapping the native coin is 1:1 through deposit on WPLS', () => {
  const h = chainGraph();
  const wpls = h.preset.wrappedNative.address;
  const amountIn = 123_456_789n * E18;
  const outcome = computeQuote(h.graph, h.preset, task({ fromToken: NATIVE_ADDRESS, toToken: wpls.toLowerCase(), amountIn }));
  assert.deepEqual(outcome, {
    ok: true,
    quote: {
      blockNumber: 23_000_123n,
      amountOut: amountIn,
      outputDecimals: 18,
      gasUnits: 44_900,
      splits: [
        [100, [{ pairAddress: wpls, tokenIn: NATIVE_ADDRESS, tokenOut: wpls, fee: 0, feeDenominator: 10_000, platform: 'mixed' }]],
      ],
      tx: { from: USER, to: wpls, data: '0xd0e30db0', value: '123456789000000000000000000' },
    },
  });
  assert.deepEqual(decodeFunctionData({ abi: WETH_ABI, data: '0xd0e30db0' }), { functionName: 'deposit', args: undefined });
});

test('unwrapping WPLS is 1:1 through withdraw with no value', () => {
  const h = chainGraph();
  const wpls = h.preset.wrappedNative.address;
  const amountIn = 7n * E18 + 1n;
  const quote = quoteOf(computeQuote(h.graph, h.preset, task({ platform: 'dexa_v2', fromToken: wpls, toToken: NATIVE_ADDRESS, amountIn })));
  assert.equal(quote.amountOut, amountIn);
  assert.equal(quote.gasUnits, 30_300);
  assert.deepEqual(quote.splits, [
    [100, [{ pairAddress: wpls, tokenIn: wpls, tokenOut: NATIVE_ADDRESS, fee: 0, feeDenominator: 10_000, platform: 'dexa_v2' }]],
  ]);
  assert.deepEqual(
    { from: quote.tx!.from, to: quote.tx!.to, value: quote.tx!.value },
    { from: USER, to: wpls, value: '0' },
  );
  assert.deepEqual(decodeFunctionData({ abi: WETH_ABI, data: quote.tx!.data as `0x${string}` }), {
    functionName: 'withdraw',
    args: [amountIn],
  });
});

test('an unknown token is a no-route outcome naming the token', () => {
  const h = chainGraph();
  const unknown = labelAddress('not-in-the-graph');
  assert.deepEqual(computeQuote(h.graph, h.preset, task({ fromToken: unknown, toToken: h.address('USDC') })), {
    ok: false,
    noRoute: `No route found: unknown token ${unknown}`,
  });
  assert.deepEqual(computeQuote(h.graph, h.preset, task({ fromToken: h.address('USDC'), toToken: unknown })), {
    ok: false,
    noRoute: `No route found: unknown token ${unknown}`,
  });
});

test('a known token without a path is a no-route outcome naming the pair, platform and amount', () => {
  const h = chainGraph();
  const lonely = h.address('LONELY');
  assert.deepEqual(computeQuote(h.graph, h.preset, task({ toToken: lonely, amountIn: 5n })), {
    ok: false,
    noRoute: `No route found: no mixed path from ${NATIVE_ADDRESS} to ${lonely} for amountIn 5`,
  });
  // DAI is pooled on dexc_v2 only.
  const outcome = computeQuote(h.graph, h.preset, task({ platform: 'dexa_v2', fromToken: h.address('USDC'), toToken: h.address('DAI') }));
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok && outcome.noRoute.startsWith('No route found'));
});

test('with gas pricing the quote ranks routes net of gas cost in the output token', () => {
  // A 1:1 direct pool against three hops that each pay 1% more.
  const h = handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'A', decimals: 18 },
      { symbol: 'B', decimals: 18 },
      { symbol: 'D', decimals: 18 },
    ],
    [
      { tokens: ['A', 'D'], reserves: [1_000_000n * E18, 1_000_000n * E18] },
      { tokens: ['A', 'WPLS'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
      { tokens: ['WPLS', 'B'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
      { tokens: ['B', 'D'], reserves: [1_000_000n * E18, 1_010_000n * E18] },
    ],
  );
  const amountIn = E18;
  const direct = h.out(0, 'A', amountIn);
  const threeHop = h.out(3, 'B', h.out(2, 'WPLS', h.out(1, 'A', amountIn)));
  // 115,200 extra gas units at 2e12 wei, PLS at $1 and D at $5: 0.04608 D, more than the 3-hop's extra output.
  const gasPricing = { gasPriceWei: 2n * 10n ** 12n, gasTokenPriceUsd: 1, tokenOutPriceUsd: 5 };
  const extraCost = gasCostInOutput(217_900, 2n * 10n ** 12n, 1, 5, 18) - gasCostInOutput(102_700, 2n * 10n ** 12n, 1, 5, 18);
  assert.equal(extraCost, 46_080_000_000_000_000n);
  assert.ok(threeHop > direct && threeHop - direct < extraCost);
  const base = task({ fromToken: h.address('A'), toToken: h.address('D'), amountIn });
  assert.equal(quoteOf(computeQuote(h.graph, h.preset, { ...base, gasPricing })).amountOut, direct);
  assert.equal(quoteOf(computeQuote(h.graph, h.preset, { ...base, mode: 'advanced', gasPricing })).amountOut, direct);
  assert.equal(quoteOf(computeQuote(h.graph, h.preset, base)).amountOut, threeHop);
  // Gas at a tenth of the price no longer outweighs the better output.
  const cheapGas = { ...gasPricing, gasPriceWei: 2n * 10n ** 11n };
  assert.equal(quoteOf(computeQuote(h.graph, h.preset, { ...base, gasPricing: cheapGas })).amountOut, threeHop);
});

test('advanced is never worse than standard, and single-route amounts and gas units are those of the quoted path, on 200 random pairs of the default snapshot', () => {
  const preset = loadPreset();
  const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset, 1));
  const poolByAddress = new Map<string, number>();
  for (let p = 0; p < graph.poolCount; p++) poolByAddress.set(graph.poolAddress(p), p);
  /** The route's legs as hops through graph pools (empty for a wrap or an unwrap). */
  const hopsOf = (legs: RouteLeg[]): Hop[] =>
    legs[0].pairAddress === preset.wrappedNative.address
      ? []
      : legs.map((leg) => {
          const pool = poolByAddress.get(leg.pairAddress)!;
          const [tokenIn, tokenOut] = [graph.tokenIndex(leg.tokenIn), graph.tokenIndex(leg.tokenOut)];
          const tokens = Array.from(graph.poolTokens(pool));
          return { pool, tokenIn, tokenOut, localIn: tokens.indexOf(tokenIn), localOut: tokens.indexOf(tokenOut) };
        });
  const rng = createRandom(3001);
  let routed = 0;
  let improved = 0;
  for (let i = 0; i < 200; i++) {
    const from = Math.floor(rng() * graph.tokenCount);
    const to = Math.floor(rng() * graph.tokenCount);
    // Worth 1 to 1e7 WPLS, in the input token's raw units.
    const price = graph.tokenNativePrice[from] || 1;
    const amountIn = BigInt(Math.max(1, Math.floor((10 ** (18 + rng() * 7)) / price)));
    const pricing = rng() < 0.5 ? { gasPriceWei: 10n ** 15n, gasTokenPriceUsd: 0.00003, tokenOutPriceUsd: 0.001 + rng() } : undefined;
    const base: QuoteTask = task({
      // Mostly mixed; single platforms hold few of the random pairs.
      platform: rng() < 0.7 ? 'mixed' : DEX_PLATFORM_IDS[Math.floor(rng() * DEX_PLATFORM_IDS.length)],
      fromToken: rng() < 0.1 ? NATIVE_ADDRESS : graph.tokenAddress(from),
      toToken: rng() < 0.1 ? NATIVE_ADDRESS : graph.tokenAddress(to),
      amountIn,
      gasPricing: pricing,
    });
    if (base.fromToken === base.toToken) continue; // refused by request validation before the engine
    const standard = computeQuote(graph, preset, base);
    const advanced = computeQuote(graph, preset, { ...base, mode: 'advanced' });
    const context = `case ${i}: ${base.platform} ${base.fromToken} -> ${base.toToken}, amountIn ${amountIn}`;
    if (!standard.ok) continue;
    routed++;
    assert.ok(advanced.ok, context);
    const net = (q: ComputedQuote) =>
      q.amountOut -
      (pricing
        ? gasCostInOutput(q.gasUnits, pricing.gasPriceWei, pricing.gasTokenPriceUsd, pricing.tokenOutPriceUsd, q.outputDecimals)
        : 0n);
    assert.ok(net(advanced.quote) >= net(standard.quote), context);
    if (net(advanced.quote) > net(standard.quote)) improved++;
    // A split answer's sequential exactness is tested in test/split; here single-route answers are re-evaluated.
    if (advanced.quote.splits.length > 1) {
      assert.equal(advanced.quote.splits.reduce((sum, [percent]) => sum + Math.round(percent * 100), 0), 10_000, context);
    }
    for (const q of [standard.quote, advanced.quote].filter((quote) => quote.splits.length === 1)) {
      const hops = hopsOf(q.splits[0][1]);
      const path = hops.length > 0 ? evaluatePath(graph, hops, amountIn) : { amountOut: amountIn, ticksCrossed: 0 };
      assert.ok(path, context);
      assert.equal(q.amountOut, path.amountOut, context);
      const wrapIn = base.fromToken === NATIVE_ADDRESS;
      const unwrapOut = base.toToken === NATIVE_ADDRESS;
      const gas =
        hops.length === 0
          ? estimateGas({ hopKinds: [], ticksCrossed: 0, wrapIn, unwrapOut })
          : estimateRouteGas(graph, [{ amountIn, hops }], {
              wrapIn,
              unwrapOut,
              executor: platformRouterOf(graph, preset, hops) ? 'platformRouter' : 'aggregator',
            });
      assert.equal(q.gasUnits, gas, context);
    }
  }
  // The sample must mostly route, and the deeper search must matter somewhere.
  assert.ok(routed > 100, `routed ${routed}`);
  assert.ok(improved > 0, `improved ${improved}`);
});
