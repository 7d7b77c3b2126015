// The engine's UniV2 quotes, built from the reader's state, against each platform's own Router02 on anvil:
// getAmountsOut to the wei for random amounts on every pair, and real swapExactTokensForTokens payouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Abi, type Address, maxUint256, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import type { ContractRead } from '../../../src/chain/multicall.ts';
import { univ2Reader } from '../../../src/chain/univ2/univ2Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import { UniV2Pool, type UniV2State } from '../../../src/pools/univ2/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { UNIV2_PLATFORMS, startUniV2Devnet } from './univ2Devnet.ts';

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)']);
const AMOUNTS_PER_DIRECTION = 16;
const TWO_HOP_PATHS_PER_PLATFORM = 10;
const AMOUNTS_PER_TWO_HOP_PATH = 6;

/** One hop: a pool and the direction through it (pool-local token indices). */
interface Hop {
  engine: UniV2Pool;
  pool: DiscoveredPool;
  tokenIn: number;
}

interface QuoteCase {
  hops: Hop[];
  amountIn: bigint;
  size: 'tiny' | 'mid' | 'price-moving';
}

const path = (hops: readonly Hop[]): Address[] => [
  hops[0].pool.tokens[hops[0].tokenIn],
  ...hops.map((h) => h.pool.tokens[1 - h.tokenIn]),
];

/** The engine's output through every hop in turn; 0n where a hop cannot execute (the router pays 0 or reverts). */
function engineQuote(hops: readonly Hop[], amountIn: bigint): bigint {
  let amount = amountIn;
  for (const hop of hops) {
    const swap = hop.engine.swapExactIn(hop.tokenIn, 1 - hop.tokenIn, amount);
    if (!swap) return 0n;
    amount = swap.amountOut;
  }
  return amount;
}

/** From 1 wei to 100x the input reserve: dust (rounds to 0), ordinary trades, and trades that move the price. */
function randomAmount(rng: () => number, reserveIn: bigint, k: number): Pick<QuoteCase, 'amountIn' | 'size'> {
  if (k < 3) return { amountIn: BigInt(1 + Math.floor(rng() * 1000)), size: 'tiny' };
  const exponent = -9 + rng() * 11; // 1e-9 .. 1e2 of the reserve
  const share = BigInt(Math.round(10 ** (exponent + 12)));
  const amountIn = (reserveIn * share) / 10n ** 12n + 1n;
  return { amountIn, size: exponent >= -1.3 ? 'price-moving' : 'mid' };
}

test('engine quote equals the on-chain quote function to the wei (router getAmountsOut and real swaps, four UniV2 platforms)', async (t) => {
  const devnet = await startUniV2Devnet(t);
  const block = await devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  const rng = createRandom(2_369);
  const sizes = { tiny: 0, mid: 0, 'price-moving': 0 };
  const mismatches: string[] = [];
  let compared = 0;
  let twoHopCompared = 0;
  let zeroOutputs = 0;
  let swaps = 0;
  // Earlier swaps may have moved a pool, so executed swaps are quoted from the latest state, read by the reader.
  const refreshed = async (c: QuoteCase): Promise<QuoteCase> => {
    const head = await devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
    const preset = devnet.deployments[c.hops[0].pool.platform as (typeof UNIV2_PLATFORMS)[number]].preset;
    const states = await univ2Reader.readPoolStates(devnet.read, preset, c.hops.map((h) => h.pool), head);
    return { ...c, hops: c.hops.map((h, i) => ({ ...h, engine: new UniV2Pool(states[i] as unknown as UniV2State) })) };
  };

  for (const platformId of UNIV2_PLATFORMS) {
    const { preset } = devnet.deployments[platformId];
    const router = preset.router as Address;
    const pools = await univ2Reader.discoverPools(devnet.read, platformId, preset, { fromBlock: 0n, toBlock: block });
    const states = await univ2Reader.readPoolStates(devnet.read, preset, pools, block);
    const engines = states.map((state) => new UniV2Pool(state as unknown as UniV2State));

    const cases: QuoteCase[] = [];
    pools.forEach((pool, p) => {
      for (const tokenIn of [0, 1]) {
        const hop = { engine: engines[p], pool, tokenIn };
        for (let k = 0; k < AMOUNTS_PER_DIRECTION; k++) cases.push({ hops: [hop], ...randomAmount(rng, reserveIn(hop), k) });
      }
    });
    // Two-hop paths A -> B -> C through pairs of this platform that share B.
    const twoHop: Hop[][] = [];
    for (let p = 0; p < pools.length && twoHop.length < TWO_HOP_PATHS_PER_PLATFORM; p++) {
      for (let q = p + 1; q < pools.length && twoHop.length < TWO_HOP_PATHS_PER_PLATFORM; q++) {
        const shared = pools[p].tokens.find((tkn) => pools[q].tokens.includes(tkn));
        if (!shared || pools[p].tokens.every((tkn) => pools[q].tokens.includes(tkn))) continue;
        const first = { engine: engines[p], pool: pools[p], tokenIn: 1 - pools[p].tokens.indexOf(shared) };
        const second = { engine: engines[q], pool: pools[q], tokenIn: pools[q].tokens.indexOf(shared) };
        twoHop.push(rng() < 0.5 ? [first, second] : [reverse(second), reverse(first)]);
      }
    }
    assert.equal(twoHop.length, TWO_HOP_PATHS_PER_PLATFORM, platformId);
    for (const hops of twoHop) {
      for (let k = 0; k < AMOUNTS_PER_TWO_HOP_PATH; k++) cases.push({ hops, ...randomAmount(rng, reserveIn(hops[0]), k) });
    }

    const reads: ContractRead[] = cases.map((c) => ({
      address: router,
      abi: routerAbi as Abi,
      functionName: 'getAmountsOut',
      args: [c.amountIn, path(c.hops)],
    }));
    const results = await devnet.read.multicall.read(reads, block);
    cases.forEach((c, i) => {
      const result = results[i];
      // A single hop never reverts for a positive input; two hops revert when the first pays 0 (zero input to the second).
      if (result.status !== 'success' && c.hops.length === 1) mismatches.push(`${platformId} getAmountsOut reverted for ${c.amountIn}`);
      const onChain = result.status === 'success' ? (result.result as readonly bigint[]).at(-1)! : 0n;
      const engine = engineQuote(c.hops, c.amountIn);
      if (engine !== onChain) mismatches.push(`${platformId} ${path(c.hops).join('>')} ${c.amountIn}: engine ${engine}, router ${onChain}`);
      if (onChain === 0n) zeroOutputs++;
      if (c.hops.length === 1) sizes[c.size]++;
      else twoHopCompared++;
      compared++;
    });

    // Real swaps through the router: a tiny, a mid-size and a price-moving single hop and a two-hop path, each
    // paying exactly what the engine computes from a fresh read (amountOutMin one wei above it reverts).
    const paying = cases.filter((c) => engineQuote(c.hops, c.amountIn) > 0n);
    const chosen = [
      paying.find((c) => c.size === 'tiny' && c.hops.length === 1),
      paying.find((c) => c.size === 'mid' && c.hops.length === 1),
      paying.find((c) => c.size === 'price-moving' && c.hops.length === 1),
      [...paying].reverse().find((c) => c.hops.length === 2),
    ];
    for (const picked of chosen) {
      assert.ok(picked, `${platformId}: no paying case of some kind to execute`);
      const c = await refreshed(picked);
      const route = path(c.hops);
      const expected = engineQuote(c.hops, c.amountIn);
      await devnet.tokens.fund(route[0], OTHER_ACCOUNT, c.amountIn);
      await devnet.tokens.approve(route[0], router, OTHER_ACCOUNT);
      const swap = (minOut: bigint) => ({
        address: router,
        abi: routerAbi as Abi,
        functionName: 'swapExactTokensForTokens',
        args: [c.amountIn, minOut, route, OTHER_ACCOUNT, maxUint256],
        from: OTHER_ACCOUNT,
      });
      await assert.rejects(devnet.ctx.write(swap(expected + 1n)), `${platformId}: one wei more than the engine must revert`);
      const balance = () => devnet.ctx.publicClient.readContract({ address: route.at(-1)!, abi: erc20Abi, functionName: 'balanceOf', args: [OTHER_ACCOUNT] });
      const before = await balance();
      await devnet.ctx.write(swap(expected));
      assert.equal((await balance()) - before, expected, `${platformId} swap ${route.join('>')} ${c.amountIn}`);
      swaps++;
    }
  }

  assert.deepEqual(mismatches.slice(0, 5), []);
  assert.equal(compared, 4 * (60 * 2 * AMOUNTS_PER_DIRECTION + TWO_HOP_PATHS_PER_PLATFORM * AMOUNTS_PER_TWO_HOP_PATH));
  assert.equal(twoHopCompared, 4 * TWO_HOP_PATHS_PER_PLATFORM * AMOUNTS_PER_TWO_HOP_PATH);
  // The random amounts reach each regime, including dust that the router rounds to nothing.
  assert.ok(sizes.tiny >= 1400 && sizes.mid >= 3000 && sizes['price-moving'] >= 1000, JSON.stringify(sizes));
  assert.ok(zeroOutputs >= 100, `only ${zeroOutputs} quotes that pay 0`);
  assert.equal(swaps, 16);
  t.diagnostic(`compared ${compared} quotes (${JSON.stringify(sizes)}, ${twoHopCompared} two-hop, ${zeroOutputs} paying 0); ${swaps} swaps`);
});

function reserveIn(hop: Hop): bigint {
  return hop.tokenIn === 0 ? hop.engine.state.reserve0 : hop.engine.state.reserve1;
}

function reverse(hop: Hop): Hop {
  return { ...hop, tokenIn: 1 - hop.tokenIn };
}
