// Security of contracts/AggregatorRouter.sol on a devnet: malicious pools, a re-entrant token, forged callbacks, zero
// amounts, expired deadlines and misuse of other people's approvals all revert, the user keeps every token, and the
// router holds nothing after any test.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { type Address, encodeFunctionData, maxUint256, parseAbi, zeroAddress } from 'viem';
import { getAmountOut } from '../../src/pools/univ2/univ2Math.ts';
import { aggregatorRouterAbi } from '../../src/tx/aggregatorRouterAbi.generated.ts';
import type { RouterHop } from '../../src/tx/routerHops.ts';
import { NATIVE, approve, balanceOf, freshAccount, fund, sendTx, write } from './support/chain.ts';
import { type ExecutionDevnet, SMALL_SEED, startExecutionDevnet } from './support/devnet.ts';
import { type ExecuteArgs, ROUTER_POOL_KIND, executeData, executeTx, hop, revertReason, testContract } from './support/router.ts';

const PAIR_ABI = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function mint(address to) returns (uint256)',
]);
const FACTORY_ABI = parseAbi([
  'function createPair(address, address) returns (address)',
  'function getPair(address, address) view returns (address)',
]);
const MALICIOUS_ABI = testContract('MaliciousPool').abi;
const REENTRANT_ABI = testContract('ReentrantToken').abi;
const MODE = { KeepInput: 0, OverAsk: 1, NoCallback: 2, DoubleCallback: 3, TakeLess: 4, Reenter: 5 } as const;
const FAR_DEADLINE = 2n ** 40n;
const E18 = 10n ** 18n;

let devnet: ExecutionDevnet;
let router: Address;
let wpls: Address;
/** A dexa_v2 UniV2 pair of WPLS and `other`, with the platform's fee. */
let pair: { address: Address; other: Address; feeNumerator: number; feeDenominator: number };
/** Every token the router could ever hold in these tests. */
const watchedTokens: Address[] = [];

before(async () => {
  devnet = await startExecutionDevnet(SMALL_SEED);
  const { preset, snapshot } = devnet.deployment;
  router = preset.aggregatorRouter as Address;
  wpls = preset.wrappedNative.address as Address;
  const wrappedIndex = snapshot.tokens.findIndex((t) => t.address.toLowerCase() === wpls.toLowerCase());
  const pool = snapshot.pools.find((p) => p.platform === 'dexa_v2' && p.kind === 'univ2' && p.tokens.includes(wrappedIndex));
  assert.ok(pool, 'the devnet has a dexa_v2 WPLS pair');
  const other = snapshot.tokens[pool.tokens.find((t) => t !== wrappedIndex)!].address as Address;
  const fee = preset.platforms.dexa_v2.swapFee!;
  pair = { address: pool.address as Address, other, feeNumerator: fee.numerator, feeDenominator: fee.denominator };
  watchedTokens.push(...snapshot.tokens.map((t) => t.address as Address));
});
after(async () => {
  await devnet?.stop();
});
afterEach(async () => {
  for (const token of watchedTokens) assert.equal(await balanceOf(devnet.ctx, token, router), 0n, `router balance of ${token}`);
  assert.equal(await balanceOf(devnet.ctx, NATIVE, router), 0n, 'router native balance');
});

/** The honest hop selling WPLS (or `other`) into the dexa_v2 pair. */
function pairHop(tokenOut: Address): RouterHop {
  return hop(ROUTER_POOL_KIND.UniV2, pair.address, tokenOut, {
    feeNumerator: pair.feeNumerator,
    feeDenominator: pair.feeDenominator,
  });
}

/** A fresh user holding `amount` of WPLS, with the router approved. */
async function userWithWpls(amount: bigint): Promise<Address> {
  const user = await freshAccount(devnet.ctx);
  await fund(devnet.ctx, wpls, wpls, user, amount);
  await approve(devnet.ctx, user, wpls, router);
  return user;
}

async function deployMalicious(mode: number, reentry: `0x${string}` = '0x'): Promise<Address> {
  const address = await devnet.ctx.deploy(testContract('MaliciousPool'));
  await write(devnet.ctx, devnet.ctx.deployer, address, encodeFunctionData({ abi: MALICIOUS_ABI, functionName: 'configure', args: [mode, router, reentry] }));
  return address;
}

/**
 * Asserts the call reverts with `error` (and `args` when given) when simulated, then sends it and asserts it reverted
 * on-chain while `user` kept every token it held of `tokens` (its native balance lost only the gas).
 */
async function assertRevertsKeepingFunds(
  args: ExecuteArgs,
  user: Address,
  error: string,
  errorArgs?: readonly unknown[],
  value?: bigint,
): Promise<{ name: string; args: readonly unknown[] }> {
  const tx = executeTx(router, user, args, value);
  const reason = await revertReason(devnet.ctx, tx);
  assert.equal(reason?.name, error, `reverts with ${error}, got ${JSON.stringify(reason, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`);
  if (errorArgs) assert.deepEqual(reason.args, errorArgs);
  const tokens = [args.tokenIn, args.tokenOut].filter((t) => t !== NATIVE);
  const before = await Promise.all(tokens.map((t) => balanceOf(devnet.ctx, t, user)));
  const nativeBefore = await balanceOf(devnet.ctx, NATIVE, user);
  const receipt = await sendTx(devnet.ctx, tx);
  assert.equal(receipt.status, 'reverted');
  assert.deepEqual(await Promise.all(tokens.map((t) => balanceOf(devnet.ctx, t, user))), before);
  assert.equal(await balanceOf(devnet.ctx, NATIVE, user), nativeBefore - receipt.gasUsed * receipt.effectiveGasPrice);
  return reason;
}

function sellWpls(user: Address, amountIn: bigint, hops: RouterHop[], fields: Partial<ExecuteArgs> = {}): ExecuteArgs {
  return {
    tokenIn: wpls,
    tokenOut: hops.at(-1)?.tokenOut ?? pair.other,
    amountIn,
    minAmountOut: 1n,
    recipient: user,
    deadline: FAR_DEADLINE,
    splits: [{ amountIn, hops }],
    ...fields,
  };
}

describe('AggregatorRouter security', () => {
  it('executes an honest UniV2 hop for exactly the amount the pair reserves give, leaving the router empty', async () => {
    const amountIn = E18;
    const user = await userWithWpls(amountIn);
    const [reserve0, reserve1] = await devnet.ctx.publicClient.readContract({ address: pair.address, abi: PAIR_ABI, functionName: 'getReserves' });
    const [reserveIn, reserveOut] = wpls.toLowerCase() < pair.other.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0];
    const expected = getAmountOut(amountIn, reserveIn, reserveOut, BigInt(pair.feeNumerator), BigInt(pair.feeDenominator));
    const receipt = await sendTx(devnet.ctx, executeTx(router, user, sellWpls(user, amountIn, [pairHop(pair.other)], { minAmountOut: expected })));
    assert.equal(receipt.status, 'success');
    assert.equal(await balanceOf(devnet.ctx, pair.other, user), expected);
    assert.equal(await balanceOf(devnet.ctx, wpls, user), 0n);
  });

  describe('a hop pointing at a malicious contract', () => {
    it('reverts when a fake UniV2 pair keeps the input and sends nothing, even with no minimum output', async () => {
      const fake = await deployMalicious(MODE.KeepInput);
      const user = await userWithWpls(E18);
      const fakeHop = hop(ROUTER_POOL_KIND.UniV2, fake, pair.other, { feeNumerator: 9971, feeDenominator: 10_000 });
      await assertRevertsKeepingFunds(sellWpls(user, E18, [fakeHop], { minAmountOut: 0n }), user, 'InsufficientOutput', [0n, 0n]);
    });

    it('pays a UniV3 callback only the hop amount, though the router holds the next split too', async () => {
      const fake = await deployMalicious(MODE.OverAsk);
      const user = await userWithWpls(3n * E18);
      const args = sellWpls(user, 3n * E18, [], {
        tokenOut: pair.other,
        splits: [
          { amountIn: E18, hops: [hop(ROUTER_POOL_KIND.UniV3, fake, pair.other)] },
          { amountIn: 2n * E18, hops: [pairHop(pair.other)] },
        ],
      });
      await assertRevertsKeepingFunds(args, user, 'UnexpectedPayment', [2n * E18, E18]);
    });

    it('reverts when a fake UniV3 pool reports an output without asking to be paid', async () => {
      const fake = await deployMalicious(MODE.NoCallback);
      const user = await userWithWpls(E18);
      await assertRevertsKeepingFunds(sellWpls(user, E18, [hop(ROUTER_POOL_KIND.UniV3, fake, pair.other)]), user, 'CallbackNotPaid', []);
    });

    it('pays a UniV3 pool once: a second callback in the same swap is rejected', async () => {
      const fake = await deployMalicious(MODE.DoubleCallback);
      const user = await userWithWpls(E18);
      await assertRevertsKeepingFunds(sellWpls(user, E18, [hop(ROUTER_POOL_KIND.UniV3, fake, pair.other)]), user, 'UnexpectedCallback', []);
    });

    it('reverts when a fake stable pool leaves part of the approval unspent', async () => {
      const fake = await deployMalicious(MODE.TakeLess);
      await write(devnet.ctx, devnet.ctx.deployer, fake, encodeFunctionData({ abi: MALICIOUS_ABI, functionName: 'setCoins', args: [[wpls, pair.other]] }));
      const user = await userWithWpls(E18);
      const stableHop = hop(ROUTER_POOL_KIND.Stable, fake, pair.other, { indexIn: 0, indexOut: 1 });
      await assertRevertsKeepingFunds(sellWpls(user, E18, [stableHop]), user, 'InputNotTaken', []);
    });

    it('blocks a pool that re-enters the router during its swap', async () => {
      const user = await userWithWpls(2n * E18);
      // The re-entrant call would sell the router's WPLS (the user's second split) into the honest pair.
      const reentry = executeData(sellWpls(user, E18, [pairHop(pair.other)]));
      const fake = await deployMalicious(MODE.Reenter, reentry);
      const args = sellWpls(user, 2n * E18, [], {
        tokenOut: pair.other,
        splits: [
          { amountIn: E18, hops: [hop(ROUTER_POOL_KIND.UniV3, fake, pair.other)] },
          { amountIn: E18, hops: [pairHop(pair.other)] },
        ],
      });
      await assertRevertsKeepingFunds(args, user, 'Reentrancy', []);
    });

    it('reverts a Balancer V2 hop whose pool names a Vault pool without both tokens', async () => {
      const { snapshot } = devnet.deployment;
      const wrappedIndex = snapshot.tokens.findIndex((t) => t.address.toLowerCase() === wpls.toLowerCase());
      const otherIndex = snapshot.tokens.findIndex((t) => t.address.toLowerCase() === pair.other.toLowerCase());
      const unrelated = snapshot.pools.find((p) => p.kind.startsWith('balv2') && !(p.tokens.includes(wrappedIndex) && p.tokens.includes(otherIndex)));
      assert.ok(unrelated, 'the devnet has a Balancer V2 pool without both WPLS and the other token');
      const poolId = await devnet.ctx.publicClient.readContract({
        address: unrelated.address as Address,
        abi: parseAbi(['function getPoolId() view returns (bytes32)']),
        functionName: 'getPoolId',
      });
      const fake = await deployMalicious(MODE.KeepInput);
      await write(devnet.ctx, devnet.ctx.deployer, fake, encodeFunctionData({ abi: MALICIOUS_ABI, functionName: 'setPoolId', args: [poolId] }));
      const user = await userWithWpls(E18);
      // The Vault's own check: BAL#521 TOKEN_NOT_REGISTERED.
      await assertRevertsKeepingFunds(sellWpls(user, E18, [hop(ROUTER_POOL_KIND.BalancerV2, fake, pair.other)]), user, 'Error', ['BAL#521']);
    });

    it('reverts a hop whose pool is a token contract, not a pool', async () => {
      const user = await userWithWpls(E18);
      const notAPool = hop(ROUTER_POOL_KIND.UniV2, pair.other, pair.other, { feeNumerator: 9971, feeDenominator: 10_000 });
      await assertRevertsKeepingFunds(sellWpls(user, E18, [notAPool]), user, '(no reason)', []);
    });
  });

  describe('a re-entrant token', () => {
    let token: Address;
    let tokenPair: Address;

    before(async () => {
      const { ctx } = devnet;
      token = await ctx.deploy(testContract('ReentrantToken'));
      watchedTokens.push(token);
      const factory = devnet.deployment.preset.platforms.dexa_v2.factory as Address;
      await write(ctx, ctx.deployer, factory, encodeFunctionData({ abi: FACTORY_ABI, functionName: 'createPair', args: [token, wpls] }));
      tokenPair = await ctx.publicClient.readContract({ address: factory, abi: FACTORY_ABI, functionName: 'getPair', args: [token, wpls] });
      await write(ctx, ctx.deployer, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'mint', args: [tokenPair, 1000n * E18] }));
      await fund(ctx, wpls, wpls, ctx.deployer, 1000n * E18);
      await write(ctx, ctx.deployer, wpls, encodeFunctionData({ abi: parseAbi(['function transfer(address, uint256) returns (bool)']), functionName: 'transfer', args: [tokenPair, 1000n * E18] }));
      await write(ctx, ctx.deployer, tokenPair, encodeFunctionData({ abi: PAIR_ABI, functionName: 'mint', args: [ctx.deployer] }));
    });

    async function userWithToken(amount: bigint): Promise<Address> {
      const user = await freshAccount(devnet.ctx);
      await write(devnet.ctx, user, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'mint', args: [user, amount] }));
      await approve(devnet.ctx, user, token, router);
      return user;
    }

    const sellToken = (user: Address): ExecuteArgs => ({
      tokenIn: token,
      tokenOut: wpls,
      amountIn: E18,
      minAmountOut: 1n,
      recipient: user,
      deadline: FAR_DEADLINE,
      splits: [{ amountIn: E18, hops: [hop(ROUTER_POOL_KIND.UniV2, tokenPair, wpls, { feeNumerator: 9971, feeDenominator: 10_000 })] }],
    });

    it('swaps normally while the token is not armed (the route itself is sound)', async () => {
      const user = await userWithToken(E18);
      const receipt = await sendTx(devnet.ctx, executeTx(router, user, sellToken(user)));
      assert.equal(receipt.status, 'success');
      assert.equal(await balanceOf(devnet.ctx, token, user), 0n);
      assert.ok((await balanceOf(devnet.ctx, wpls, user)) > 0n);
    });

    it('blocks the token re-entering execute from its transfer', async (t) => {
      const user = await userWithToken(E18);
      await write(devnet.ctx, devnet.ctx.deployer, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'arm', args: [router, executeData(sellToken(user))] }));
      t.after(() => write(devnet.ctx, devnet.ctx.deployer, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'arm', args: [zeroAddress, '0x'] })));
      await assertRevertsKeepingFunds(sellToken(user), user, 'Reentrancy', []);
    });

    it('rejects the token posing as a UniV3 pool in the swap callback', async (t) => {
      const user = await userWithToken(E18);
      const forged = encodeFunctionData({ abi: aggregatorRouterAbi, functionName: 'uniswapV3SwapCallback', args: [E18, 0n, '0x'] });
      await write(devnet.ctx, devnet.ctx.deployer, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'arm', args: [router, forged] }));
      t.after(() => write(devnet.ctx, devnet.ctx.deployer, token, encodeFunctionData({ abi: REENTRANT_ABI, functionName: 'arm', args: [zeroAddress, '0x'] })));
      await assertRevertsKeepingFunds(sellToken(user), user, 'UnexpectedCallback', []);
    });
  });

  describe('forged callbacks', () => {
    for (const [name, data] of [
      ['uniswapV3SwapCallback', encodeFunctionData({ abi: aggregatorRouterAbi, functionName: 'uniswapV3SwapCallback', args: [E18, 0n, '0x'] })],
      ['pancakeV3SwapCallback', encodeFunctionData({ abi: aggregatorRouterAbi, functionName: 'pancakeV3SwapCallback', args: [0n, E18, '0x'] })],
      [
        'balancerV3Swap',
        encodeFunctionData({ abi: aggregatorRouterAbi, functionName: 'balancerV3Swap', args: [zeroAddress, zeroAddress, zeroAddress, E18, zeroAddress] }),
      ],
    ] as const) {
      it(`rejects ${name} called directly, outside any swap`, async () => {
        const attacker = await freshAccount(devnet.ctx);
        const tx = { from: attacker, to: router, data, value: '0' };
        assert.deepEqual(await revertReason(devnet.ctx, tx), { name: 'UnexpectedCallback', args: [] });
        assert.equal((await sendTx(devnet.ctx, tx)).status, 'reverted');
      });
    }
  });

  describe('amounts, deadlines and approvals', () => {
    it('rejects a zero amountIn', async () => {
      const user = await userWithWpls(E18);
      await assertRevertsKeepingFunds(sellWpls(user, 0n, [pairHop(pair.other)]), user, 'ZeroAmount', []);
    });

    it('rejects a split of zero amount', async () => {
      const user = await userWithWpls(E18);
      const args = sellWpls(user, E18, [], {
        tokenOut: pair.other,
        splits: [
          { amountIn: E18, hops: [pairHop(pair.other)] },
          { amountIn: 0n, hops: [pairHop(pair.other)] },
        ],
      });
      await assertRevertsKeepingFunds(args, user, 'ZeroAmount', []);
    });

    it('rejects splits that spend less than amountIn', async () => {
      const user = await userWithWpls(2n * E18);
      const args = sellWpls(user, 2n * E18, [], { tokenOut: pair.other, splits: [{ amountIn: E18, hops: [pairHop(pair.other)] }] });
      await assertRevertsKeepingFunds(args, user, 'SplitAmountsMismatch', [E18, 2n * E18]);
    });

    it('rejects an expired deadline', async () => {
      const user = await userWithWpls(E18);
      const block = await devnet.ctx.publicClient.getBlock({ blockTag: 'latest' });
      const deadline = block.timestamp - 1n;
      const reason = await assertRevertsKeepingFunds(sellWpls(user, E18, [pairHop(pair.other)], { deadline }), user, 'DeadlineExpired');
      assert.equal(reason.args[0], deadline);
    });

    it('rejects a route that does not end in tokenOut', async () => {
      const user = await userWithWpls(E18);
      const args = sellWpls(user, E18, [pairHop(pair.other)], { tokenOut: devnet.deployment.snapshot.tokens.find((t) => t.symbol === 'DAI')!.address as Address });
      await assertRevertsKeepingFunds(args, user, 'InvalidRoute', []);
    });

    it('rejects native coin sent with an ERC-20 input, and native value other than amountIn', async () => {
      const user = await userWithWpls(E18);
      await assertRevertsKeepingFunds(sellWpls(user, E18, [pairHop(pair.other)]), user, 'NativeValueMismatch', [0n, 1n], 1n);
      const native = sellWpls(user, E18, [pairHop(pair.other)], { tokenIn: NATIVE });
      await assertRevertsKeepingFunds(native, user, 'NativeValueMismatch', [E18, E18 - 1n], E18 - 1n);
    });

    it("spends only the caller's tokens: another account's approval of the router cannot be used", async () => {
      const victim = await userWithWpls(5n * E18);
      const attacker = await freshAccount(devnet.ctx);
      // The router pulls from msg.sender, the attacker, who holds no WPLS (the devnet's WETH9 says so with an empty reason).
      await assertRevertsKeepingFunds(sellWpls(attacker, 5n * E18, [pairHop(pair.other)]), attacker, 'Error', ['']);
      assert.equal(await balanceOf(devnet.ctx, wpls, victim), 5n * E18);
      assert.equal(
        await devnet.ctx.publicClient.readContract({ address: wpls, abi: parseAbi(['function allowance(address, address) view returns (uint256)']), functionName: 'allowance', args: [victim, router] }),
        maxUint256,
      );
    });

    it('refuses native coin sent to it directly', async () => {
      const sender = await freshAccount(devnet.ctx);
      const tx = { from: sender, to: router, data: '0x', value: E18.toString() };
      assert.deepEqual(await revertReason(devnet.ctx, tx), { name: 'UnexpectedCallback', args: [] });
      assert.equal((await sendTx(devnet.ctx, tx)).status, 'reverted');
    });
  });
});
