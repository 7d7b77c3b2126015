// The engine's StableSwap quotes, built from the reader's state, against the deployed pool on anvil: get_dy to the
// wei, exchange payouts (measured and undone in one eth_call) to the wei, and real exchange transactions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { type Abi, type Address, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { stableSwapArtifact } from '../../../devnet/deploy/stable/deployStablePlatform.ts';
import { compileSolidity } from '../../../devnet/solc.ts';
import { stableReader } from '../../../src/chain/stable/stableReader.ts';
import { StablePool, StableSwapRevertError, type StableState, get_dy } from '../../../src/pools/stable/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { startStableDevnet } from './stableDevnet.ts';

const AMOUNTS_PER_DIRECTION = 60;
const CASES_PER_CALL = 60; // each exchange runs two 255-round Newton loops at most; keeps one eth_call modest
const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)']);

interface Case {
  i: number;
  j: number;
  dx: bigint;
  size: 'tiny' | 'mid' | 'price-moving';
}

/** From 1 raw unit to 3x the input coin's balance. */
function randomCase(rng: () => number, state: StableState, i: number, j: number, k: number): Case {
  if (k < 6) return { i, j, dx: BigInt(1 + Math.floor(rng() * 1000)), size: 'tiny' };
  const exponent = -8 + rng() * 8.5; // 1e-8 .. 3x the balance
  const dx = (state.balances[i] * BigInt(Math.round(10 ** (exponent + 12)))) / 10n ** 12n + 1n;
  return { i, j, dx, size: exponent >= -1.3 ? 'price-moving' : 'mid' };
}

/** The engine's get_dy, or null where the contract's get_dy reverts. */
function engineGetDy(state: StableState, c: Case): bigint | null {
  try {
    return get_dy(state, c.i, c.j, c.dx);
  } catch (error) {
    if (error instanceof StableSwapRevertError) return null;
    throw error;
  }
}

test('engine quote equals the on-chain quote function to the wei (get_dy, exchange payouts and real exchanges)', async (t) => {
  const devnet = await startStableDevnet(t);
  const { ctx, read, deployment, tokens } = devnet;
  const pool = deployment.pools[0];
  const address = pool.address as Address;
  const coins = pool.tokens.map((i) => tokens.list[i].address as Address);
  const poolAbi = stableSwapArtifact().abi;

  // The quoter pays each dx from OTHER_ACCOUNT, so that account holds and approves plenty of every coin.
  const quoterSource = readFileSync(new URL('./ExchangeQuoter.sol', import.meta.url), 'utf8');
  const quoterArtifact = compileSolidity({ 'test/chain/stable/ExchangeQuoter.sol': quoterSource }).ExchangeQuoter;
  const quoter = await ctx.deploy(quoterArtifact);
  for (const [k, coin] of coins.entries()) {
    await tokens.fund(coin, OTHER_ACCOUNT, (pool.state.balances as bigint[])[k] * 10n);
    await tokens.approve(coin, quoter, OTHER_ACCOUNT);
    await tokens.approve(coin, address, OTHER_ACCOUNT);
  }

  const block = await ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  const discovered = await stableReader.discoverPools(read, 'dexa_stable', deployment.preset, { fromBlock: 0n, toBlock: block });
  const [state] = (await stableReader.readPoolStates(read, deployment.preset, discovered, block)) as unknown as StableState[];
  const engine = new StablePool(state);
  const rng = createRandom(3_369);
  const cases: Case[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (i === j) continue;
      for (let k = 0; k < AMOUNTS_PER_DIRECTION; k++) cases.push(randomCase(rng, state, i, j, k));
    }
  }

  // get_dy for every case in one batch of multicalls.
  const getDy = await read.multicall.read(
    cases.map((c) => ({ address, abi: poolAbi, functionName: 'get_dy', args: [BigInt(c.i), BigInt(c.j), c.dx] })),
    block,
  );
  // What exchange pays for each case, every one against the same state.
  const payouts: { ok: boolean; received: bigint }[] = [];
  for (let start = 0; start < cases.length; start += CASES_PER_CALL) {
    const { result } = await ctx.publicClient.simulateContract({
      address: quoter,
      abi: quoterArtifact.abi as Abi,
      functionName: 'quoteExchanges',
      args: [address, cases.slice(start, start + CASES_PER_CALL).map((c) => ({ i: BigInt(c.i), j: BigInt(c.j), dx: c.dx }))],
      account: OTHER_ACCOUNT,
      blockNumber: block,
    });
    payouts.push(...(result as { ok: boolean; received: bigint }[]));
  }

  const mismatches: string[] = [];
  const seen = { tiny: 0, mid: 0, 'price-moving': 0, paying: 0, notExecutable: 0, getDyAboveExchange: 0 };
  cases.forEach((c, k) => {
    const where = `${c.i}->${c.j} dx ${c.dx}`;
    const onChainDy = getDy[k].status === 'success' ? (getDy[k].result as bigint) : null;
    if (engineGetDy(state, c) !== onChainDy) mismatches.push(`get_dy ${where}: engine ${engineGetDy(state, c)}, chain ${onChainDy}`);
    // swapExactIn is what exchange pays; null exactly where exchange reverts or pays nothing.
    const paid = payouts[k].ok && payouts[k].received > 0n ? payouts[k].received : null;
    const quoted = engine.swapExactIn(c.i, c.j, c.dx)?.amountOut ?? null;
    if (quoted !== paid) mismatches.push(`swapExactIn ${where}: engine ${quoted}, exchange ${paid}`);
    seen[c.size]++;
    if (paid === null) seen.notExecutable++;
    else seen.paying++;
    // get_dy rounds the fee after converting to the coin's decimals, exchange before: one raw unit apart at most.
    if (paid !== null && onChainDy !== null && onChainDy !== paid) {
      if (onChainDy - paid !== 1n || state.rates[c.j] === 10n ** 18n) mismatches.push(`get_dy vs exchange ${where}: ${onChainDy} vs ${paid}`);
      seen.getDyAboveExchange++;
    }
  });
  assert.deepEqual(mismatches.slice(0, 5), []);
  assert.equal(cases.length, 6 * AMOUNTS_PER_DIRECTION);
  assert.ok(seen.tiny === 36 && seen.mid >= 200 && seen['price-moving'] >= 60, JSON.stringify(seen));
  assert.ok(seen.paying >= 300 && seen.notExecutable >= 5 && seen.getDyAboveExchange >= 10, JSON.stringify(seen));

  // Real exchanges, one per direction, each paying exactly what the engine computes from a fresh read; the pool's
  // balances afterwards are the engine's state after the swap.
  let current = engine;
  const directions = [[0, 1], [1, 2], [2, 0], [1, 0], [2, 1], [0, 2]] as const;
  for (const [n, [i, j]] of directions.entries()) {
    const dx = (current.state.balances[i] * BigInt(1 + n * 7)) / 100n;
    const expected = current.swapExactIn(i, j, dx)!.amountOut;
    const exchange = (minDy: bigint) => ({ address, abi: poolAbi, functionName: 'exchange', args: [BigInt(i), BigInt(j), dx, minDy], from: OTHER_ACCOUNT });
    await assert.rejects(ctx.write(exchange(expected + 1n)), `exchange ${i}->${j} must not pay more than the engine`);
    const balance = () => ctx.publicClient.readContract({ address: coins[j], abi: erc20Abi, functionName: 'balanceOf', args: [OTHER_ACCOUNT] });
    const before = await balance();
    const receipt = await ctx.write(exchange(expected));
    assert.equal((await balance()) - before, expected, `exchange ${i}->${j} ${dx}`);
    const [after] = await stableReader.readPoolStates(read, deployment.preset, discovered, receipt.blockNumber);
    const next = current.afterSwapExactIn(i, j, dx)!;
    assert.deepStrictEqual(after, next.state);
    current = next;
  }
  t.diagnostic(`compared ${cases.length} get_dy and exchange quotes (${JSON.stringify(seen)}); 6 exchanges executed`);
});
