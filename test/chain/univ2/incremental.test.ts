// Live-mode reads of UniV2 pairs on anvil: a block's logs name the pairs a swap or a liquidity change touched, a
// re-read gives the new reserves, and a pair created later is found from its block alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Abi, type Address, type Log, maxUint256, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import type { PlatformPreset } from '../../../src/network/types.ts';
import { univ2Reader } from '../../../src/chain/univ2/univ2Reader.ts';
import { UniV2Pool, type UniV2State } from '../../../src/pools/univ2/index.ts';
import { UNIV2_PLATFORMS, startUniV2Devnet, tokenIndex } from './univ2Devnet.ts';

const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
]);
const factoryAbi = parseAbi(['function createPair(address tokenA, address tokenB) returns (address pair)']);

test('touchedPools names the pairs a block changed, re-reads match the engine, and a later pair is discovered from its block', async (t) => {
  const devnet = await startUniV2Devnet(t);
  const { ctx, read, tokens } = devnet;
  const presets = UNIV2_PLATFORMS.map((id) => devnet.deployments[id].preset);
  const dexaV2 = devnet.deployments.dexa_v2;
  const router = dexaV2.preset.router as Address;
  const blockLogs = (blockNumber: bigint) => ctx.publicClient.getLogs({ fromBlock: blockNumber, toBlock: blockNumber });
  /** Touched pairs over every UniV2 platform's preset, as the live follower collects them. */
  const touched = (logs: readonly Log[]) => [...new Set(logs.flatMap((log) => presets.flatMap((p) => univ2Reader.touchedPools(log, p))))];
  const discoverAll = async (preset: PlatformPreset, toBlock: bigint) =>
    univ2Reader.discoverPools(read, 'dexa_v2', preset, { fromBlock: 0n, toBlock });
  const pools = await discoverAll(dexaV2.preset, await ctx.publicClient.getBlockNumber({ cacheTime: 0 }));

  // A swap: only its pair is touched, and the re-read state is the engine's state after that swap.
  const pool = pools[5];
  const [before] = await univ2Reader.readPoolStates(read, dexaV2.preset, [pool], await ctx.publicClient.getBlockNumber({ cacheTime: 0 }));
  const engine = new UniV2Pool(before as unknown as UniV2State);
  const amountIn = (engine.state.reserve1 * 3n) / 100n;
  await tokens.fund(pool.tokens[1], OTHER_ACCOUNT, amountIn);
  await tokens.approve(pool.tokens[1], router, OTHER_ACCOUNT);
  const swap = await ctx.write({
    address: router,
    abi: routerAbi as Abi,
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, 0n, [pool.tokens[1], pool.tokens[0]], OTHER_ACCOUNT, maxUint256],
    from: OTHER_ACCOUNT,
  });
  assert.deepEqual(touched(await blockLogs(swap.blockNumber)), [pool.address]);
  assert.deepEqual(touched(swap.logs as Log[]), [pool.address]);
  const [afterSwap] = await univ2Reader.readPoolStates(read, dexaV2.preset, [pool], swap.blockNumber);
  assert.deepStrictEqual(afterSwap, engine.afterSwapExactIn(1, 0, amountIn)!.state);
  assert.notDeepEqual(afterSwap, before);

  // A two-hop swap touches both pairs.
  const [p, q] = twoPairsSharingAToken(pools);
  const shared = p.tokens.find((tkn) => q.tokens.includes(tkn))!;
  const route = [p.tokens.find((tkn) => tkn !== shared)!, shared, q.tokens.find((tkn) => tkn !== shared)!];
  await tokens.fund(route[0], OTHER_ACCOUNT, 10n ** 6n);
  await tokens.approve(route[0], router, OTHER_ACCOUNT);
  const twoHop = await ctx.write({
    address: router,
    abi: routerAbi as Abi,
    functionName: 'swapExactTokensForTokens',
    args: [10n ** 6n, 0n, route, OTHER_ACCOUNT, maxUint256],
    from: OTHER_ACCOUNT,
  });
  assert.deepEqual(new Set(touched(await blockLogs(twoHop.blockNumber))), new Set([p.address, q.address]));

  // A liquidity change: addLiquidity takes all of amountA and the matching amountB = amountA * reserveB / reserveA.
  const [tokenA, tokenB] = pool.tokens;
  const state = afterSwap as unknown as UniV2State;
  const amountA = state.reserve0 / 7n;
  const amountB = (amountA * state.reserve1) / state.reserve0;
  for (const token of [tokenA, tokenB]) {
    await tokens.fund(token, OTHER_ACCOUNT, 2n * (token === tokenA ? amountA : amountB));
    await tokens.approve(token, router, OTHER_ACCOUNT);
  }
  const add = await ctx.write({
    address: router,
    abi: routerAbi as Abi,
    functionName: 'addLiquidity',
    args: [tokenA, tokenB, amountA, 2n * amountB, 0n, 0n, OTHER_ACCOUNT, maxUint256],
    from: OTHER_ACCOUNT,
  });
  assert.deepEqual(touched(await blockLogs(add.blockNumber)), [pool.address]);
  const [afterAdd] = await univ2Reader.readPoolStates(read, dexaV2.preset, [pool], add.blockNumber);
  assert.deepStrictEqual(afterAdd, { ...state, reserve0: state.reserve0 + amountA, reserve1: state.reserve1 + amountB });
  // Reads at an earlier block still see the state there.
  assert.deepStrictEqual((await univ2Reader.readPoolStates(read, dexaV2.preset, [pool], swap.blockNumber))[0], afterSwap);

  // A pair created later: found from its block alone, announced by its PairCreated log, empty (null) until funded.
  const existing = new Set(pools.map((x) => pairKey(x.tokens[0], x.tokens[1])));
  const [x, y] = newTokenPair(tokens.list.map((tkn) => tkn.address as Address), existing);
  const created = await ctx.write({ address: dexaV2.preset.factory as Address, abi: factoryAbi as Abi, functionName: 'createPair', args: [x, y] });
  const found = await univ2Reader.discoverPools(read, 'dexa_v2', dexaV2.preset, { fromBlock: created.blockNumber, toBlock: created.blockNumber });
  const sorted = BigInt(x) < BigInt(y) ? [x, y] : [y, x];
  assert.equal(found.length, 1);
  assert.deepEqual(found[0].tokens.map((a) => tokenIndex(tokens, a)), sorted.map((a) => tokenIndex(tokens, a)));
  assert.deepEqual(
    await univ2Reader.discoverPools(read, 'dexa_v2', dexaV2.preset, { fromBlock: swap.blockNumber, toBlock: created.blockNumber - 1n }),
    [],
  );
  const creationLogs = (await blockLogs(created.blockNumber)) as Log[];
  assert.deepEqual(creationLogs.map((log) => univ2Reader.announcesPools(log, dexaV2.preset)), [true]);
  // Another platform's factory does not announce it; a Sync never announces.
  assert.deepEqual(creationLogs.map((log) => univ2Reader.announcesPools(log, devnet.deployments.dexc_v2.preset)), [false]);
  assert.equal((await blockLogs(add.blockNumber)).some((log) => univ2Reader.announcesPools(log as Log, dexaV2.preset)), false);
  assert.deepEqual(await univ2Reader.readPoolStates(read, dexaV2.preset, found, created.blockNumber), [null]);
  // Full discovery lists it last, after the 60 seeded pairs.
  const all = await discoverAll(dexaV2.preset, created.blockNumber);
  assert.equal(all.length, 61);
  assert.deepEqual(all.at(-1), found[0]);
  // PairCreated logs over the whole history list the same pairs, in the same order, as the factory's array.
  assert.deepEqual(await univ2Reader.discoverPools(read, 'dexa_v2', dexaV2.preset, { fromBlock: 1n, toBlock: created.blockNumber }), all);
});

function twoPairsSharingAToken<T extends { tokens: Address[] }>(pools: readonly T[]): [T, T] {
  for (let i = 0; i < pools.length; i++) {
    for (let j = i + 1; j < pools.length; j++) {
      const common = pools[i].tokens.filter((tkn) => pools[j].tokens.includes(tkn)).length;
      if (common === 1) return [pools[i], pools[j]];
    }
  }
  throw new Error('no two pairs share exactly one token');
}

function newTokenPair(addresses: readonly Address[], existing: ReadonlySet<string>): [Address, Address] {
  for (let i = 0; i < addresses.length; i++) {
    for (let j = i + 1; j < addresses.length; j++) {
      if (!existing.has(pairKey(addresses[i], addresses[j]))) return [addresses[i], addresses[j]];
    }
  }
  throw new Error('every token pair already has a pair');
}

function pairKey(a: string, b: string): string {
  return [a.toLowerCase(), b.toLowerCase()].sort().join();
}
