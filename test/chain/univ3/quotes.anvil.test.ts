// Engine quotes from the READ state of every devnet UniV3 pool against Uniswap's QuoterV2 (eth_call) to the wei, in
// both directions from dust to price-moving sizes, and real SwapRouter swaps paying what the engine predicts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, erc20Abi, maxUint256 } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { uniV3Artifacts } from '../../../devnet/deploy/univ3/artifacts.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import { poolKind } from '../../../src/pools/registry.ts';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { UniV3RevertError } from '../../../src/pools/univ3/errors.ts';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../../../src/pools/univ3/tickMath.ts';
import { type UniV3SwapResult, swapExactIn } from '../../../src/pools/univ3/univ3Math.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import {
  UNIV3_PLATFORMS,
  type UniV3Devnet,
  type UniV3PlatformId,
  discoverPlatform,
  headBlock,
  readPlatform,
  readPoolState,
  show,
  startUniV3Devnet,
} from './univ3Devnet.ts';

const AMOUNTS_PER_DIRECTION = 18;
const CONCURRENT_QUOTES = 6;
const Q96 = 2 ** 96;

interface QuoteCase {
  platformId: UniV3PlatformId;
  pool: DiscoveredPool;
  state: UniV3State;
  zeroForOne: boolean;
  amountIn: bigint;
}

type Quote = { amountOut: bigint; sqrtPriceX96After: bigint } | 'revert';

/** Random exact inputs: two dust amounts, then log-uniform shares of the input's virtual reserve up to 3x. */
function amountsFor(state: UniV3State, zeroForOne: boolean, rng: () => number): bigint[] {
  const sqrtPrice = Number(state.sqrtPriceX96) / Q96;
  const reserveIn = zeroForOne ? Number(state.liquidity) / sqrtPrice : Number(state.liquidity) * sqrtPrice;
  const amounts = [1n, BigInt(2 + Math.floor(rng() * 999))];
  while (amounts.length < AMOUNTS_PER_DIRECTION) {
    const share = 10 ** (-9 + rng() * 9.5); // 1e-9 .. ~3
    const amount = BigInt(Math.floor(reserveIn * share));
    if (amount > 0n) amounts.push(amount);
  }
  return amounts;
}

function engineMath(c: QuoteCase): UniV3SwapResult | 'revert' {
  try {
    return swapExactIn(c.state, c.zeroForOne, c.amountIn);
  } catch (error) {
    if (error instanceof UniV3RevertError) return 'revert';
    throw error;
  }
}

describe('UniV3 engine quotes against QuoterV2 and SwapRouter on the devnet', () => {
  let devnet: UniV3Devnet | undefined;
  before(async () => {
    devnet = await startUniV3Devnet();
  });
  after(async () => {
    await devnet?.anvil.stop();
  });

  async function quote(c: QuoteCase): Promise<Quote> {
    const { quoterV2 } = uniV3Artifacts();
    const [tokenIn, tokenOut] = c.zeroForOne ? c.pool.tokens : [...c.pool.tokens].reverse();
    try {
      const { result } = await devnet!.ctx.publicClient.simulateContract({
        address: devnet!.deployments[c.platformId].contracts.quoterV2,
        abi: quoterV2.abi,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn, tokenOut, amountIn: c.amountIn, fee: c.state.fee, sqrtPriceLimitX96: 0n }],
      });
      const [amountOut, sqrtPriceX96After] = result as readonly [bigint, bigint, number, bigint];
      return { amountOut, sqrtPriceX96After };
    } catch {
      return 'revert';
    }
  }

  it('engine quote equals the on-chain quote function to the wei', async (t) => {
    const rng = createRandom(3693);
    const head = await headBlock(devnet!);
    const cases: QuoteCase[] = [];
    for (const platformId of UNIV3_PLATFORMS) {
      const { discovered, pools } = await readPlatform(devnet!, platformId, head);
      discovered.forEach((pool, i) => {
        const state = pools[i].state as unknown as UniV3State;
        for (const zeroForOne of [true, false]) {
          for (const amountIn of amountsFor(state, zeroForOne, rng)) cases.push({ platformId, pool, state, zeroForOne, amountIn });
        }
      });
    }

    const quotes: Quote[] = new Array(cases.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT_QUOTES }, async () => {
        while (next < cases.length) {
          const i = next++;
          quotes[i] = await quote(cases[i]);
        }
      }),
    );

    const mismatches: string[] = [];
    const seen = { quoted: 0, dust: 0, exhausted: 0, crossed5: 0, moved10: 0 };
    cases.forEach((c, i) => {
      const math = engineMath(c);
      const onChain = quotes[i];
      const where = `${c.platformId} ${c.pool.address} zeroForOne=${c.zeroForOne} amountIn=${c.amountIn}`;
      if (math === 'revert' || onChain === 'revert') {
        if (math !== onChain) mismatches.push(`${where}: engine ${show(math)} vs quoter ${show(onChain)}`);
        return;
      }
      if (math.amountOut !== onChain.amountOut || math.sqrtPriceX96 !== onChain.sqrtPriceX96After) {
        mismatches.push(`${where}: engine ${show(math)} vs quoter ${show(onChain)}`);
      }
      // The pool class quotes only full fills that pay something; QuoterV2 also reports partial fills.
      const full = math.amountInUsed === c.amountIn && math.amountOut > 0n;
      const quoted = poolKind('univ3').create(c.state).swapExactIn(c.zeroForOne ? 0 : 1, c.zeroForOne ? 1 : 0, c.amountIn);
      if ((quoted?.amountOut ?? null) !== (full ? onChain.amountOut : null)) {
        mismatches.push(`${where}: swapExactIn ${show(quoted)} vs quoter ${show(onChain)}`);
      }
      if (full) seen.quoted++;
      if (math.amountOut === 0n) seen.dust++;
      const limit = c.zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n;
      if (math.amountInUsed < c.amountIn) {
        seen.exhausted++;
        assert.equal(onChain.sqrtPriceX96After, limit, `${where}: a partial fill ends at the price limit`);
      }
      if (full && math.ticksCrossed >= 5) seen.crossed5++;
      const priceRatio = (Number(math.sqrtPriceX96) / Number(c.state.sqrtPriceX96)) ** 2;
      if (full && Math.abs(priceRatio - 1) > 0.1) seen.moved10++;
    });

    t.diagnostic(`${cases.length} cases: ${show(seen)}`);
    assert.deepStrictEqual(mismatches.slice(0, 5), []);
    assert.equal(cases.length, 28 * 2 * AMOUNTS_PER_DIRECTION);
    // The random sizes must reach every regime: dust paying nothing, deep tick-crossing fills, drained pools.
    assert.ok(seen.quoted >= 500, show(seen));
    assert.ok(seen.dust >= 28, show(seen));
    assert.ok(seen.crossed5 >= 40, show(seen));
    assert.ok(seen.moved10 >= 80, show(seen));
    assert.ok(seen.exhausted >= 1, show(seen));
  });

  it('SwapRouter pays exactly the engine amount on real swaps, both directions, small to price-moving', async (t) => {
    const { swapRouter } = uniV3Artifacts();
    const rng = createRandom(71);
    // [platform, pool index, zeroForOne, share of the input's virtual reserve]
    const swaps: [UniV3PlatformId, number, boolean, number][] = [
      ['dexb_v3', 0, true, 1e-6],
      ['dexb_v3', 2, false, 0.3],
      ['dexc_v3', 4, true, 0.5],
      ['dexc_v3', 11, false, 1e-3],
      ['dexc_v3', 13, true, 0.8],
      ['dexc_v3', 20, false, 0.05],
    ];
    let moved = 0;
    for (const [platformId, index, zeroForOne, share] of swaps) {
      const head = await headBlock(devnet!);
      const pool = (await discoverPlatform(devnet!, platformId, head))[index];
      const state = await readPoolState(devnet!, platformId, pool, head);
      const sqrtPrice = Number(state.sqrtPriceX96) / Q96;
      const reserveIn = zeroForOne ? Number(state.liquidity) / sqrtPrice : Number(state.liquidity) * sqrtPrice;
      const engine = poolKind('univ3').create(state);
      // Halve a size the pool cannot fill (its liquidity ends before the price limit) until it can.
      let amountIn = BigInt(Math.floor(reserveIn * share * (0.9 + 0.2 * rng())));
      let expected = engine.swapExactIn(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, amountIn);
      while (expected === null && amountIn > 1n) {
        amountIn /= 2n;
        expected = engine.swapExactIn(zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, amountIn);
      }
      assert.ok(expected !== null, `${pool.address} quotes some amount`);
      const [tokenIn, tokenOut] = (zeroForOne ? pool.tokens : [...pool.tokens].reverse()) as [Address, Address];

      await devnet!.tokens.fund(tokenIn, OTHER_ACCOUNT, amountIn);
      await devnet!.tokens.approve(tokenIn, devnet!.deployments[platformId].contracts.swapRouter, OTHER_ACCOUNT);
      const balance = () =>
        devnet!.ctx.publicClient.readContract({
          address: tokenOut,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [OTHER_ACCOUNT],
        });
      const before = await balance();
      await devnet!.ctx.write({
        address: devnet!.deployments[platformId].contracts.swapRouter,
        abi: swapRouter.abi,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn,
            tokenOut,
            fee: state.fee,
            recipient: OTHER_ACCOUNT,
            deadline: maxUint256,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
        from: OTHER_ACCOUNT,
      });
      assert.equal((await balance()) - before, expected.amountOut, `${platformId} ${pool.address} ${amountIn}`);
      const after = await readPoolState(devnet!, platformId, pool, await headBlock(devnet!));
      if (Math.abs((Number(after.sqrtPriceX96) / Number(state.sqrtPriceX96)) ** 2 - 1) > 0.1) moved++;
    }
    t.diagnostic(`${swaps.length} swaps, ${moved} moved the price by more than 10%`);
    assert.ok(moved >= 2, `only ${moved} swaps moved the price by more than 10%`);
  });
});
