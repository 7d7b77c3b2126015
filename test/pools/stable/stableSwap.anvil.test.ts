// Differential test of the TypeScript StableSwap maths against our Solidity port (contracts/StableSwap.sol)
// running on a local anvil node: get_dy, exchange payouts and post-swap balances must agree to the wei.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Abi,
  type Address,
  type PublicClient,
  type WalletClient,
} from 'viem';
import {
  StablePool,
  StableSwapRevertError,
  _xp_mem,
  exchange,
  get_dy,
  type StableState,
} from '../../../src/pools/stable/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { synthesizeStableState } from '../../../src/snapshot/synthetic/stable.ts';
import { startAnvil, type AnvilInstance } from '../../../devnet/anvil.ts';
import { compileSolidity, type CompiledContract } from '../../../devnet/solc.ts';
import { randomPoolConfig, randomSwapCase, stateOf, type PoolConfig, type SwapCase } from './randomCases.ts';

const ROOT = new URL('../../../', import.meta.url);
const SOURCE_FILES = ['contracts/StableSwap.sol', 'contracts/TestERC20.sol', 'test/pools/stable/StableSwapProbe.sol'];
const POOLS = 18;
const CASES_PER_POOL = 70;
const CASES_PER_CALL = 35; // keeps one eth_call well inside anvil's 30M gas default

interface Outcome {
  dyOk: boolean;
  dy: bigint;
  exchangeOk: boolean;
  received: bigint;
  balancesAfter: readonly bigint[];
}

/** The maths' result, or 'revert' where it throws the contract's revert. */
function attempt<T>(fn: () => T): T | 'revert' {
  try {
    return fn();
  } catch (error) {
    if (error instanceof StableSwapRevertError) return 'revert';
    throw error;
  }
}

const show = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}` : v));

describe('StableSwap maths against the Solidity port on anvil', () => {
  let anvil: AnvilInstance | undefined;
  let contracts: Record<string, CompiledContract>;
  let publicClient: PublicClient;
  let deployer: WalletClient;
  let trader: WalletClient;
  let probe: Address;

  async function deploy(wallet: WalletClient, name: string, args: unknown[]): Promise<Address> {
    const { abi, bytecode } = contracts[name];
    const hash = await wallet.deployContract({ abi, bytecode, args, account: wallet.account!, chain: wallet.chain });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success', `deploying ${name}`);
    return receipt.contractAddress!;
  }

  async function send(wallet: WalletClient, address: Address, abi: Abi, functionName: string, args: unknown[]) {
    const hash = await wallet.writeContract({ address, abi, functionName, args, account: wallet.account!, chain: wallet.chain });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success', `${functionName}(${show(args)})`);
  }

  async function read<T>(address: Address, name: string, functionName: string, args: unknown[] = []): Promise<T> {
    return (await publicClient.readContract({ address, abi: contracts[name].abi, functionName, args })) as T;
  }

  async function deployPool(config: PoolConfig, owner: Address): Promise<{ pool: Address; tokens: Address[] }> {
    const tokens: Address[] = [];
    for (const [k, d] of config.decimals.entries()) {
      tokens.push(await deploy(deployer, 'TestERC20', [`Coin ${k}`, `C${k}`, d]));
    }
    const decimals = config.decimals.map(BigInt);
    const pool = await deploy(deployer, 'StableSwap', [tokens, decimals, config.amp, config.fee, config.adminFee, owner]);
    return { pool, tokens };
  }

  before(async () => {
    const sources = Object.fromEntries(SOURCE_FILES.map((f) => [f, readFileSync(new URL(f, ROOT), 'utf8')]));
    contracts = compileSolidity(sources);
    anvil = await startAnvil();
    const chain = defineChain({
      id: 369,
      name: 'anvil (chain 369)',
      nativeCurrency: { name: 'Pulse', symbol: 'PLS', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl);
    publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
    // anvil's default accounts are unlocked, so JSON-RPC accounts need no keys.
    const [first, second] = await createWalletClient({ chain, transport }).getAddresses();
    deployer = createWalletClient({ chain, transport, account: first });
    trader = createWalletClient({ chain, transport, account: second });
    probe = await deploy(deployer, 'StableSwapProbe', []);
  });

  after(async () => {
    await anvil?.stop();
  });

  it(`matches get_dy, exchange payouts and balances to the wei on ${POOLS * CASES_PER_POOL} random cases`, async () => {
    const rng = createRandom(41);
    const mismatches: string[] = [];
    const seen = { coins: [0, 0, 0, 0, 0], decimals: new Map<number, number>(), extreme: 0, quoted: 0, reverted: 0, roundingGap: 0 };

    for (let p = 0; p < POOLS; p++) {
      const config = randomPoolConfig(rng, 2 + (p % 3));
      const { pool } = await deployPool(config, probe);
      const cases: SwapCase[] = Array.from({ length: CASES_PER_POOL }, () => randomSwapCase(rng, config.decimals));

      for (let start = 0; start < cases.length; start += CASES_PER_CALL) {
        const batch = cases.slice(start, start + CASES_PER_CALL);
        const { result } = await publicClient.simulateContract({
          address: probe,
          abi: contracts.StableSwapProbe.abi,
          functionName: 'run',
          args: [pool, batch.map((c) => ({ balances: c.balances, i: BigInt(c.i), j: BigInt(c.j), dx: c.dx }))],
          account: deployer.account!,
        });
        const outcomes = result as readonly Outcome[];

        batch.forEach((c, k) => {
          const o = outcomes[k];
          const state = stateOf(config, c.balances);
          const where = `${show(config)} ${show(c)}`;
          const dy = attempt(() => get_dy(state, c.i, c.j, c.dx));
          if (dy !== (o.dyOk ? o.dy : 'revert')) mismatches.push(`get_dy ${show(dy)} vs ${show(o)} at ${where}`);

          const ex = attempt(() => exchange(state, c.i, c.j, c.dx));
          if (ex === 'revert' || !o.exchangeOk) {
            if (ex !== 'revert' || o.exchangeOk) mismatches.push(`exchange ${show(ex)} vs ${show(o)} at ${where}`);
          } else if (ex.dy !== o.received || show(ex.balances) !== show(o.balancesAfter)) {
            mismatches.push(`exchange ${show(ex)} vs ${show(o)} at ${where}`);
          }

          const quote = new StablePool(state).swapExactIn(c.i, c.j, c.dx);
          // A zero input is never a swap, even where the integer maths would pay a few wei for it (it does
          // in some extremely imbalanced pools).
          const paid = c.dx > 0n && o.exchangeOk && o.received > 0n ? o.received : null;
          if ((quote?.amountOut ?? null) !== paid) mismatches.push(`swapExactIn ${show(quote)} vs ${show(o)} at ${where}`);

          seen.coins[c.balances.length]++;
          for (const d of config.decimals) seen.decimals.set(d, (seen.decimals.get(d) ?? 0) + 1);
          const xp = attempt(() => _xp_mem(state.balances, state.rates));
          if (xp !== 'revert' && xp.some((x) => x * 1_000_000n < xp.reduce((a, b) => (a > b ? a : b)))) seen.extreme++;
          if (paid !== null) seen.quoted++;
          if (!o.exchangeOk) seen.reverted++;
          if (o.dyOk && paid !== null && o.dy !== paid) seen.roundingGap++;
        });
      }
    }

    assert.deepEqual(mismatches.slice(0, 5), []);
    // The random cases must reach every region the maths can get wrong.
    assert.ok(seen.coins[2] >= 300 && seen.coins[3] >= 300 && seen.coins[4] >= 300, show(seen.coins));
    for (const d of [6, 8, 18]) assert.ok((seen.decimals.get(d) ?? 0) >= 200, `decimals ${d}: ${seen.decimals.get(d)}`);
    assert.ok(seen.extreme >= 150, `only ${seen.extreme} cases with a 1e6 imbalance`);
    assert.ok(seen.quoted >= 700, `only ${seen.quoted} executable swaps`);
    assert.ok(seen.reverted >= 50, `only ${seen.reverted} reverting swaps`);
    assert.ok(seen.roundingGap >= 20, `only ${seen.roundingGap} cases where get_dy and exchange differ`);
  });

  it('pays what swapExactIn predicts on 30 real exchange transactions on a DexA-like 3pool', async () => {
    const rng = createRandom(42);
    const decimals = [6, 6, 18]; // USDT, USDC, DAI as on DexA
    const seeded: StableState = synthesizeStableState({ rng, decimals, tvlUsd: 936_400, imbalance: 0.2 });
    const config: PoolConfig = { decimals, amp: seeded.amp, fee: seeded.fee, adminFee: seeded.adminFee };
    const { pool: address, tokens } = await deployPool(config, deployer.account!.address);
    const poolAbi = contracts.StableSwap.abi;
    const tokenAbi = contracts.TestERC20.abi;

    await send(deployer, address, poolAbi, 'seed_balances', [seeded.balances]);
    for (const [k, token] of tokens.entries()) {
      await send(deployer, token, tokenAbi, 'mint', [address, seeded.balances[k]]);
      await send(deployer, token, tokenAbi, 'mint', [trader.account!.address, 10n ** 40n]);
      await send(trader, token, tokenAbi, 'approve', [address, 2n ** 256n - 1n]);
    }

    // Build the state the way a chain reader would, from the pool's own getters.
    const readState = async (): Promise<StableState> => ({
      balances: await Promise.all(decimals.map((_, k) => read<bigint>(address, 'StableSwap', 'balances', [BigInt(k)]))),
      rates: await Promise.all(decimals.map((_, k) => read<bigint>(address, 'StableSwap', 'RATES', [BigInt(k)]))),
      amp: await read<bigint>(address, 'StableSwap', 'A'),
      fee: await read<bigint>(address, 'StableSwap', 'fee'),
      adminFee: await read<bigint>(address, 'StableSwap', 'admin_fee'),
    });
    let pool = new StablePool(await readState());
    assert.deepEqual(pool.state, seeded);

    let executed = 0;
    for (let k = 0; k < 30; k++) {
      const i = Math.floor(rng() * 3);
      const j = (i + 1 + Math.floor(rng() * 2)) % 3;
      // From one raw unit to 60% of the pool's balance of coin i.
      const dx = k % 10 === 0 ? 1n : (pool.state.balances[i] * BigInt(Math.floor(10 ** (rng() * 8)) * 6)) / 10n ** 9n + 1n;
      const predicted = pool.swapExactIn(i, j, dx);
      const exchangeCall = (minDy: bigint) =>
        publicClient.simulateContract({
          address,
          abi: poolAbi,
          functionName: 'exchange',
          args: [BigInt(i), BigInt(j), dx, minDy],
          account: trader.account!,
        });
      if (!predicted) {
        // Not executable: the pool would pay nothing (min_dy = 1 then reverts) or revert outright.
        await assert.rejects(exchangeCall(1n), `${i}->${j} ${dx} should not pay out`);
        continue;
      }
      // One more than predicted must revert: the prediction is exactly what the pool pays, not a lower bound.
      await assert.rejects(exchangeCall(predicted.amountOut + 1n));

      const before = await read<bigint>(tokens[j], 'TestERC20', 'balanceOf', [trader.account!.address]);
      await send(trader, address, poolAbi, 'exchange', [BigInt(i), BigInt(j), dx, predicted.amountOut]);
      const afterBalance = await read<bigint>(tokens[j], 'TestERC20', 'balanceOf', [trader.account!.address]);
      assert.equal(afterBalance - before, predicted.amountOut, `swap ${k}: ${i}->${j} ${dx}`);

      const next = pool.afterSwapExactIn(i, j, dx)!;
      assert.deepEqual((await readState()).balances, next.state.balances, `balances after swap ${k}`);
      pool = next;
      executed++;
    }
    assert.ok(executed >= 25, `only ${executed} of 30 swaps executed`);
  });
});
