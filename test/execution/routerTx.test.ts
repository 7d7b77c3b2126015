// Which contract a quote's `tx` calls and what it says: our router's calldata for splits and cross-platform paths
// (exact amounts, hops, native value), the platform router for one-platform UniV2 paths, no `tx` where no router is
// deployed, and the generated ABI module matching the contract.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { decodeFunctionData } from 'viem';
import { aggregatorRouterArtifact } from '../../devnet/deploy/aggregatorRouter.ts';
import { aggregatorRouterAbiModule } from '../../scripts/generateRouterAbiModule.ts';
import { type NetworkPreset } from '../../src/network/types.ts';
import { NATIVE_ADDRESS, computeQuote } from '../../src/quote/computeQuote.ts';
import type { QuoteTask } from '../../src/quote/types.ts';
import { estimateGas, estimateSplitGas } from '../../src/routing/gasModel.ts';
import { uniswapV2Router02Abi } from '../../src/tx/abis.generated.ts';
import { aggregatorRouterAbi } from '../../src/tx/aggregatorRouterAbi.generated.ts';
import { minAmountOut } from '../../src/tx/slippage.ts';
import { type HandGraph, handGraph, labelAddress } from '../support/graphs.ts';

const E18 = 10n ** 18n;
const E8 = 10n ** 8n;
const E6 = 10n ** 6n;
const USER = labelAddress('router-tx-user');
const ROUTER = labelAddress('aggregator-router');
const DEADLINE = 1_900_000_000n;
const SLIPPAGE_PPM = 5_000n;
/** 1M WPLS into two equal pools of 1B WPLS: without gas pricing the best answer is half through each. */
const SPLIT_AMOUNT = 1_000_000n * E18;

/** Two equal WPLS/USDC pools on two platforms: a sale splits across them. */
function twoEqualPools(): HandGraph {
  return handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v1' },
    ],
  );
}

/** WPLS → USDC only on dexa_v2, USDC → HEX only on dexb_v2: the one route crosses platforms. */
function crossPlatformChain(): HandGraph {
  return handGraph(
    [
      { symbol: 'WPLS', decimals: 18 },
      { symbol: 'USDC', decimals: 6 },
      { symbol: 'HEX', decimals: 8 },
    ],
    [
      { tokens: ['WPLS', 'USDC'], reserves: [1_000_000_000n * E18, 30_000n * E6], platform: 'dexa_v2' },
      { tokens: ['USDC', 'HEX'], reserves: [30_000n * E6, 5_000_000n * E8], platform: 'dexb_v2' },
    ],
  );
}

function withRouter(preset: NetworkPreset): NetworkPreset {
  return { ...preset, aggregatorRouter: ROUTER };
}

function task(h: HandGraph, overrides: Partial<QuoteTask>): QuoteTask {
  return {
    graphVersion: 1,
    mode: 'advanced',
    platform: 'mixed',
    fromToken: h.address('WPLS'),
    toToken: h.address('USDC'),
    amountIn: SPLIT_AMOUNT,
    slippagePpm: SLIPPAGE_PPM,
    userAddress: USER,
    deadline: DEADLINE,
    ...overrides,
  };
}

function quoteOf(outcome: ReturnType<typeof computeQuote>) {
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.noRoute);
  return outcome.quote;
}

function decodeExecute(data: string) {
  const decoded = decodeFunctionData({ abi: aggregatorRouterAbi, data: data as `0x${string}` });
  assert.equal(decoded.functionName, 'execute');
  return decoded.args!;
}

const v2Hop = (pool: string, tokenOut: string) => ({
  kind: 0,
  pool,
  tokenOut,
  feeNumerator: 9971,
  feeDenominator: 10_000,
  indexIn: 0,
  indexOut: 0,
});

describe('quote transactions through our router', () => {
  it('builds one execute call for a split: both splits with their exact amounts, in execution order', () => {
    const h = twoEqualPools();
    const quote = quoteOf(computeQuote(h.graph, withRouter(h.preset), task(h, {})));
    assert.equal(quote.splits.length, 2);
    assert.deepEqual({ from: quote.tx!.from, to: quote.tx!.to, value: quote.tx!.value }, { from: USER, to: ROUTER, value: '0' });
    const [tokenIn, tokenOut, amountIn, amountOutMin, recipient, deadline, splits] = decodeExecute(quote.tx!.data);
    assert.deepEqual([tokenIn, tokenOut, amountIn, amountOutMin, recipient, deadline], [
      h.address('WPLS'),
      h.address('USDC'),
      SPLIT_AMOUNT,
      minAmountOut(quote.amountOut, SLIPPAGE_PPM),
      USER,
      DEADLINE,
    ]);
    assert.deepEqual(
      splits.map((split) => split.hops),
      [[v2Hop(h.snapshot.pools[0].address, h.address('USDC'))], [v2Hop(h.snapshot.pools[1].address, h.address('USDC'))]],
    );
    assert.equal(splits[0].amountIn + splits[1].amountIn, SPLIT_AMOUNT);
    // Each split's exact amount through its own pool gives the quoted output to the wei.
    assert.equal(h.out(0, 'WPLS', splits[0].amountIn) + h.out(1, 'WPLS', splits[1].amountIn), quote.amountOut);
    assert.equal(quote.gasUnits, estimateSplitGas({ splits: [['univ2'], ['univ2']], ticksCrossed: 0, wrapIn: false, unwrapOut: false }));
  });

  it('sends the native coin as the value of a split that sells it', () => {
    const h = twoEqualPools();
    const quote = quoteOf(computeQuote(h.graph, withRouter(h.preset), task(h, { fromToken: NATIVE_ADDRESS })));
    assert.equal(quote.splits.length, 2);
    assert.equal(quote.tx!.value, (SPLIT_AMOUNT).toString());
    const [tokenIn] = decodeExecute(quote.tx!.data);
    assert.equal(tokenIn, NATIVE_ADDRESS);
    assert.equal(quote.gasUnits, estimateSplitGas({ splits: [['univ2'], ['univ2']], ticksCrossed: 0, wrapIn: true, unwrapOut: false }));
  });

  it('omits tx for a split where no router is deployed', () => {
    const h = twoEqualPools();
    const quote = quoteOf(computeQuote(h.graph, h.preset, task(h, {})));
    assert.equal(quote.splits.length, 2);
    assert.equal('tx' in quote, false);
  });

  it('routes a cross-platform path through our router, native coin out unwrapped by it', () => {
    const h = crossPlatformChain();
    const amountIn = 1_000n * E8;
    const quote = quoteOf(
      computeQuote(h.graph, withRouter(h.preset), task(h, { mode: 'standard', fromToken: h.address('HEX'), toToken: NATIVE_ADDRESS, amountIn })),
    );
    const expected = h.out(0, 'USDC', h.out(1, 'HEX', amountIn));
    assert.equal(quote.amountOut, expected);
    assert.equal(quote.tx!.to, ROUTER);
    assert.equal(quote.tx!.value, '0');
    assert.deepEqual(decodeExecute(quote.tx!.data), [
      h.address('HEX'),
      NATIVE_ADDRESS,
      amountIn,
      minAmountOut(expected, SLIPPAGE_PPM),
      USER,
      DEADLINE,
      [{ amountIn, hops: [v2Hop(h.snapshot.pools[1].address, h.address('USDC')), v2Hop(h.snapshot.pools[0].address, h.address('WPLS'))] }],
    ]);
    assert.equal(quote.gasUnits, estimateGas({ hopKinds: ['univ2', 'univ2'], ticksCrossed: 0, wrapIn: false, unwrapOut: true }));
  });

  it('omits tx for a cross-platform path where no router is deployed', () => {
    const h = crossPlatformChain();
    const quote = quoteOf(computeQuote(h.graph, h.preset, task(h, { mode: 'standard', fromToken: h.address('HEX'), toToken: h.address('WPLS'), amountIn: 1_000n * E8 })));
    assert.equal(quote.splits[0][1].length, 2);
    assert.equal(quote.tx, undefined);
  });

  it("keeps the platform's own router for a one-platform UniV2 path even where ours is deployed", () => {
    const h = twoEqualPools();
    const amountIn = 1_000n * E18;
    const quote = quoteOf(computeQuote(h.graph, withRouter(h.preset), task(h, { mode: 'standard', amountIn })));
    const pool = quote.splits[0][1][0].platform === 'dexa_v2' ? 0 : 1;
    assert.equal(quote.tx!.to, h.preset.platforms[quote.splits[0][1][0].platform as 'dexa_v2'].router);
    assert.deepEqual(decodeFunctionData({ abi: uniswapV2Router02Abi, data: quote.tx!.data as `0x${string}` }), {
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, minAmountOut(h.out(pool, 'WPLS', amountIn), SLIPPAGE_PPM), [h.address('WPLS'), h.address('USDC')], USER, DEADLINE],
    });
    assert.equal(
      quote.gasUnits,
      estimateGas({ hopKinds: ['univ2'], ticksCrossed: 0, wrapIn: false, unwrapOut: false, executor: 'platformRouter' }),
    );
  });
});

describe('generated router ABI', () => {
  it('src/tx/aggregatorRouterAbi.generated.ts is what npm run generate:router writes from the contract', () => {
    const committed = readFileSync(new URL('../../src/tx/aggregatorRouterAbi.generated.ts', import.meta.url), 'utf8');
    assert.equal(committed, aggregatorRouterAbiModule(aggregatorRouterArtifact().abi));
  });
});
