// Slippage protection on the devnet: after a quote, another account trades through the quoted pool. Moved beyond the
// request's slippage, the quote's transaction reverts and the user keeps its input; moved within it, the transaction
// executes and delivers at least minOut, exactly what the moved pool gives.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, maxUint256 } from 'viem';
import type { GraphView } from '../../src/graph/graphView.ts';
import type { PoolBase } from '../../src/pools/poolBase.ts';
import type { Hop } from '../../src/routing/types.ts';
import { buildRouterTx } from '../../src/tx/buildRouterTx.ts';
import { minAmountOut, slippageToPpm } from '../../src/tx/slippage.ts';
import { approve, balanceOf, freshAccount, fund, head, sendTx } from './support/chain.ts';
import { type ExecutionDevnet, SMALL_SEED, startExecutionDevnet } from './support/devnet.ts';
import { prepareInput, sendAndMeasure } from './support/execute.ts';
import { chainGraph } from './support/graphs.ts';
import { type LiveService, type QuoteAnswer, startLiveService } from './support/liveService.ts';
import { revertReason } from './support/router.ts';

const SLIPPAGE_PERCENT = 1;

let devnet: ExecutionDevnet;
let api: LiveService;
let router: Address;
let wrapped: Address;

before(async () => {
  devnet = await startExecutionDevnet(SMALL_SEED);
  router = devnet.deployment.preset.aggregatorRouter as Address;
  wrapped = devnet.deployment.preset.wrappedNative.address as Address;
  api = await startLiveService(devnet.ctx, devnet.deployment.preset);
});
after(async () => {
  await api?.close();
  await devnet?.stop();
});

/** Every hop through a pool of `platform` (each pool, each direction between its first two tokens). */
function platformHops(graph: GraphView, platform: string): Hop[] {
  const hops: Hop[] = [];
  for (let pool = 0; pool < graph.poolCount; pool++) {
    if (graph.poolPlatform(pool) !== platform) continue;
    const tokens = graph.poolTokens(pool);
    hops.push({ pool, tokenIn: tokens[0], tokenOut: tokens[1], localIn: 0, localOut: 1 });
    hops.push({ pool, tokenIn: tokens[1], tokenOut: tokens[0], localIn: 1, localOut: 0 });
  }
  return hops;
}

/** About 1e-4 of the pool's depth in the hop's input token (one whole token when the token has no price). */
function smallAmount(graph: GraphView, hop: Hop): bigint {
  const price = graph.tokenNativePrice[hop.tokenIn];
  if (!(price > 0)) return 10n ** BigInt(graph.tokenDecimals(hop.tokenIn));
  return BigInt(Math.floor(graph.poolLiquidity[hop.pool] / price / 10_000));
}

/** What `amountIn` through the hop's pool gives after someone else first sells `moved` into it. */
function outputAfter(pool: PoolBase, hop: Hop, moved: bigint, amountIn: bigint): bigint | null {
  const after = pool.afterSwapExactIn(hop.localIn, hop.localOut, moved);
  return after?.swapExactIn(hop.localIn, hop.localOut, amountIn)?.amountOut ?? null;
}

/**
 * The smallest amount (to a factor of 1.01) that another account must sell into the pool first so the user's output
 * falls to `target` or below.
 */
function moveFor(pool: PoolBase, hop: Hop, amountIn: bigint, target: bigint): bigint {
  let low = 1n;
  let high = amountIn;
  while ((outputAfter(pool, hop, high, amountIn) ?? 0n) > target) high *= 2n;
  while (high - low > high / 100n + 1n) {
    const mid = (low + high) / 2n;
    if ((outputAfter(pool, hop, mid, amountIn) ?? 0n) > target) low = mid;
    else high = mid;
  }
  return high;
}

interface Case {
  platform: string;
  /** Who executes the quote: the platform's own router or ours. */
  executor: 'platform router' | 'aggregator router';
}

const CASES: Case[] = [
  { platform: 'dexa_v2', executor: 'platform router' },
  { platform: 'dexb_v3', executor: 'aggregator router' },
  { platform: 'dexa_stable', executor: 'aggregator router' },
  { platform: 'dexd_v2', executor: 'aggregator router' },
  { platform: 'dexe_v3', executor: 'aggregator router' },
];

/**
 * Quotes a small sale (see smallAmount) with SLIPPAGE_PERCENT for a funded fresh user, through the first pool of
 * `platform` whose quote is that pool alone, and approves the quote's target.
 */
async function quoteOnPool(platform: string): Promise<{ graph: GraphView; hop: Hop; user: Address; amountIn: bigint; quote: QuoteAnswer }> {
  const graph = await chainGraph(devnet.ctx, devnet.deployment.preset);
  for (const hop of platformHops(graph, platform)) {
    const amountIn = smallAmount(graph, hop);
    if (!graph.swapExactIn(hop.pool, hop.localIn, hop.localOut, amountIn)) continue;
    const user = await freshAccount(devnet.ctx);
    const tokenIn = graph.tokenAddress(hop.tokenIn) as Address;
    await fund(devnet.ctx, wrapped, tokenIn, user, amountIn);
    await api.waitForHead();
    const quote = await api.quote('quotes', {
      chainId: 369,
      platform,
      fromToken: tokenIn,
      toToken: graph.tokenAddress(hop.tokenOut),
      amountIn: amountIn.toString(),
      slippage: SLIPPAGE_PERCENT,
      userAddress: user,
    });
    if ('noRoute' in quote) continue;
    const route = quote.data.splits.map(([, legs]) => legs.map((leg) => leg.pairAddress));
    if (JSON.stringify(route) !== JSON.stringify([[graph.poolAddress(hop.pool)]])) continue;
    assert.equal(quote.blockNumber, await head(devnet.ctx));
    await approve(devnet.ctx, user, tokenIn, quote.data.tx!.to as Address);
    return { graph, hop, user, amountIn, quote };
  }
  throw new Error(`no ${platform} pool is quoted alone for a small sale`);
}

/** Another account sells `amount` of the hop's input into its pool through our router. */
async function moveThePool(graph: GraphView, hop: Hop, amount: bigint): Promise<void> {
  const trader = await freshAccount(devnet.ctx);
  const tokenIn = graph.tokenAddress(hop.tokenIn) as Address;
  const tx = buildRouterTx({
    router,
    graph,
    tokenIn,
    tokenOut: graph.tokenAddress(hop.tokenOut),
    amountIn: amount,
    splits: [{ amountIn: amount, hops: [hop] }],
    amountOutMin: 0n,
    recipient: trader,
    deadline: maxUint256,
  });
  await prepareInput(devnet.ctx, wrapped, trader, tokenIn, amount, router);
  assert.equal((await sendTx(devnet.ctx, tx)).status, 'success', 'the trade that moves the pool');
}

describe('slippage protection', () => {
  for (const { platform, executor } of CASES) {
    it(`${platform} (${executor}): a move beyond slippage between quote and send reverts, the user keeps its input`, async () => {
      const { graph, hop, user, amountIn, quote } = await quoteOnPool(platform);
      const quoted = BigInt(quote.data.amountOut);
      const minOut = minAmountOut(quoted, slippageToPpm(SLIPPAGE_PERCENT));
      // Twice the tolerance: the output lands at about 98% of the quote.
      const moved = moveFor(graph.pool(hop.pool), hop, amountIn, quoted - 2n * (quoted - minOut));
      const expected = outputAfter(graph.pool(hop.pool), hop, moved, amountIn)!;
      assert.ok(expected < minOut);
      await moveThePool(graph, hop, moved);

      const tx = quote.data.tx!;
      const reason = await revertReason(devnet.ctx, tx);
      if (executor === 'aggregator router') {
        assert.deepEqual(reason, { name: 'InsufficientOutput', args: [expected, minOut] });
      } else {
        assert.deepEqual(reason, { name: 'Error', args: ['UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'] });
      }
      const tokenIn = graph.tokenAddress(hop.tokenIn) as Address;
      const receipt = await sendTx(devnet.ctx, tx);
      assert.equal(receipt.status, 'reverted');
      assert.equal(await balanceOf(devnet.ctx, tokenIn, user), amountIn);
      assert.equal(await balanceOf(devnet.ctx, graph.tokenAddress(hop.tokenOut) as Address, user), 0n);
    });

    it(`${platform} (${executor}): a move within slippage executes and delivers at least minOut, exactly what the moved pool gives`, async () => {
      const { graph, hop, amountIn, quote } = await quoteOnPool(platform);
      const quoted = BigInt(quote.data.amountOut);
      const minOut = minAmountOut(quoted, slippageToPpm(SLIPPAGE_PERCENT));
      // Half the tolerance: the output lands at about 99.5% of the quote.
      const moved = moveFor(graph.pool(hop.pool), hop, amountIn, quoted - (quoted - minOut) / 2n);
      const expected = outputAfter(graph.pool(hop.pool), hop, moved, amountIn)!;
      assert.ok(expected >= minOut && expected < quoted);
      await moveThePool(graph, hop, moved);

      const { receipt, received } = await sendAndMeasure(devnet.ctx, quote.data.tx!, graph.tokenAddress(hop.tokenOut) as Address);
      assert.equal(receipt.status, 'success');
      assert.equal(received, expected);
      assert.ok(received >= minOut);
    });
  }
});
