// Edge cases of the V3 swap: the smallest inputs, the max-in ratio, low-decimal tokens, rates, extreme imbalance,
// balance overflow, malformed input, and the state codecs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  balV3StableStateCodec,
  balV3WeightedStateCodec,
  BalV3RevertError,
  BalV3StablePool,
  BalV3WeightedPool,
  MAX_BALANCE,
  type BalV3StableState,
  type BalV3WeightedState,
} from '../../../src/pools/balv3/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import { add, div, mul, sub } from '../../../src/pools/balv3/uint256.ts';
import {
  ONE,
  liveBalances,
  randomStableState,
  randomWeightedState,
  referenceSwap,
  stableInvariantOverflowsUint256,
} from './helpers.ts';

type State = BalV3WeightedState | BalV3StableState;

function poolOf(state: State): BalV3WeightedPool | BalV3StablePool {
  return 'weights' in state ? new BalV3WeightedPool(state) : new BalV3StablePool(state);
}

function revertReason(state: State, tokenIn: number, tokenOut: number, amountIn: bigint): string {
  try {
    poolOf(state).simulateSwapExactIn(tokenIn, tokenOut, amountIn);
    return 'none';
  } catch (error) {
    assert.ok(error instanceof BalV3RevertError);
    return error.reason;
  }
}

/** Our result equals balancer-maths' (null where it throws or gives 0); returns our amount out. */
function assertMatchesReference(state: State, tokenIn: number, tokenOut: number, amountIn: bigint): bigint | null {
  const ref = referenceSwap(state, tokenIn, tokenOut, amountIn);
  const ours = poolOf(state).swapExactIn(tokenIn, tokenOut, amountIn);
  const expected = 'amountOut' in ref && ref.amountOut > 0n ? ref.amountOut : null;
  const refSays = 'error' in ref ? ref.error : ref.amountOut;
  assert.equal(ours?.amountOut ?? null, expected, `amountIn ${amountIn}: reference ${refSays}`);
  return ours?.amountOut ?? null;
}

const e = (decimals: number) => 10n ** BigInt(decimals);

const weighted8020: BalV3WeightedState = {
  balancesRaw: [800n * e(18), 200n * 3000n * e(6)], // 800 WETH-like / 600k USDC at 3000
  decimals: [18, 6],
  tokenRates: [ONE, ONE],
  weights: [8n * e(17), 2n * e(17)],
  minTokenBalances: [e(6), e(12)], // the factory's: 1e6, and one raw unit of the 6-decimal token
  swapFee: 3n * e(15),
  aggregateSwapFee: 5n * e(17),
};

const stableUsd: BalV3StableState = {
  balancesRaw: [5_000_000n * e(6), 4_000_000n * e(18), 6_000_000n * e(8)],
  decimals: [6, 18, 8],
  tokenRates: [ONE, ONE, ONE],
  amp: 1_000_000n,
  swapFee: 4n * e(14),
  aggregateSwapFee: 5n * e(17),
};

test('zero, one-wei and sub-minimum inputs return null as the Vault rejects them', () => {
  // [state, index of an 18-decimal token, index of a 6-decimal token]
  for (const [state, t18, t6] of [[weighted8020, 0, 1], [stableUsd, 1, 0]] as const) {
    const pool = poolOf(state);
    assert.equal(pool.swapExactIn(t18, t6, 0n), null);
    assert.equal(pool.afterSwapExactIn(t18, t6, 0n), null);
    assert.equal(pool.swapExactIn(t18, t6, -5n), null);
    assert.equal(revertReason(state, t18, t6, 0n), 'AmountGivenZero');
    // One wei of an 18-decimal token is 1 scaled18, below the Vault's 1e6 minimum trade amount.
    assert.equal(assertMatchesReference(state, t18, t6, 1n), null);
    assert.equal(revertReason(state, t18, t6, 1n), 'TradeAmountTooSmall');
    assert.equal(assertMatchesReference(state, t18, t6, 999_999n), null);
    // One raw unit of a 6-decimal token is 1e12 scaled18 and trades; its output in 18 decimals is non-zero.
    assert.ok(assertMatchesReference(state, t6, t18, 1n));
  }
  // 1e8 wei in (3e-7 USDC worth) passes the minimum but is less than one USDC unit out: the Vault would send 0,
  // the pool says null.
  assert.equal(assertMatchesReference(weighted8020, 0, 1, 10n ** 8n), null);
  assert.equal(revertReason(weighted8020, 0, 1, 10n ** 8n), 'none');
  assert.equal(assertMatchesReference(weighted8020, 0, 1, 10n ** 9n), 2n);
});

test('max in ratio: executes at exactly 30% of the live balance in and is null one wei above, as balancer-maths', () => {
  const state: BalV3WeightedState = { ...weighted8020, swapFee: 0n };
  const limit = (state.balancesRaw[0] * 3n) / 10n;
  assert.ok(assertMatchesReference(state, 0, 1, limit));
  assert.equal(assertMatchesReference(state, 0, 1, limit + 1n), null);
  assert.equal(revertReason(state, 0, 1, limit + 1n), 'MaxInRatio');
  // With a fee the ratio applies to the amount after the fee, so a larger raw amount still fits.
  assert.ok(assertMatchesReference(weighted8020, 0, 1, limit + limit / 1000n));
  assert.equal(assertMatchesReference(weighted8020, 0, 1, limit + limit / 100n), null);
});

test('6- and 8-decimal tokens match balancer-maths across eleven decades of amounts', () => {
  const wbtcUsdc: BalV3WeightedState = {
    balancesRaw: [50n * e(8), 3_000_000n * e(6)],
    decimals: [8, 6],
    tokenRates: [ONE, ONE],
    weights: [ONE / 2n, ONE / 2n],
    minTokenBalances: [e(10), e(12)],
    swapFee: 25n * e(14),
    aggregateSwapFee: 0n,
  };
  for (let k = 0n; k <= 11n; k++) {
    assertMatchesReference(wbtcUsdc, 0, 1, 10n ** k);
    assertMatchesReference(wbtcUsdc, 1, 0, 3n * 10n ** k);
    for (const [i, o] of [[0, 1], [1, 2], [2, 0], [2, 1]]) assertMatchesReference(stableUsd, i, o, 7n * 10n ** k);
  }
  // 1 WBTC at 60000 in a 50/50 pool with 50 WBTC: 60000 * 50/51 less 0.25% fee, in USDC units.
  const out = assertMatchesReference(wbtcUsdc, 0, 1, e(8));
  assert.ok(out && out > 58_670n * e(6) && out < 58_680n * e(6), `${out}`);
});

test('token rates other than 1e18 (whole and fractional) match balancer-maths in both directions', () => {
  const wstEthWeth: BalV3StableState = {
    balancesRaw: [1_000n * e(18), 1_300n * e(18)],
    decimals: [18, 18],
    tokenRates: [1_187_654_321_987_654_321n, ONE],
    amp: 500_000n,
    swapFee: e(14),
    aggregateSwapFee: 5n * e(17),
  };
  const wholeRate: BalV3WeightedState = { ...weighted8020, tokenRates: [ONE, 2n * ONE] };
  for (let k = 6n; k <= 21n; k++) {
    const amount = 123n * 10n ** k + 7n;
    const forward = assertMatchesReference(wstEthWeth, 0, 1, amount);
    assertMatchesReference(wstEthWeth, 1, 0, amount);
    assertMatchesReference(wholeRate, 0, 1, amount);
    assertMatchesReference(wholeRate, 1, 0, amount / 10n ** 12n + 1n);
    // A wstETH-like token is worth its rate in the other token, less fee and curvature.
    if (forward && k >= 15n && k <= 17n) {
      const ratio = Number(forward) / Number(amount);
      assert.ok(ratio > 1.18 && ratio < 1.19, `${ratio}`);
    }
  }
});

test('a stable pool 1e9 : 1 apart refuses every swap, even toward balance, where the earlier pool quoted', () => {
  for (const amp of [1_000n, 200_000n, 50_000_000n]) {
    const state: BalV3StableState = { ...stableUsd, balancesRaw: [1_000_000_000n * e(6), 1n * e(18), 1n * e(8)], amp };
    let quotedBefore100 = 0;
    for (let k = 0n; k <= 16n; k += 2n) {
      for (const [i, o] of [[0, 1], [1, 0], [2, 1], [0, 2]]) {
        const amountIn = 3n * 10n ** k;
        assert.equal(assertMatchesReference(state, i, o, amountIn), null);
        assert.ok(['MaxImbalanceRatioExceeded', 'TradeAmountTooSmall'].includes(revertReason(state, i, o, amountIn)));
        if ('amountOut' in referenceSwap(state, i, o, amountIn, true)) quotedBefore100++;
      }
    }
    assert.ok(quotedBefore100 >= 20, `${quotedBefore100}`);
  }
});

test('stable imbalance limit: the largest swap leaving max / min below 10000 executes, one wei more is null', () => {
  // 9999.5 : 1, so a swap into the larger balance soon reaches the limit; the other way moves away from it.
  const state: BalV3StableState = {
    balancesRaw: [9_999n * e(18) + 5n * e(17), e(18)],
    decimals: [18, 18],
    tokenRates: [ONE, ONE],
    amp: 200_000n,
    swapFee: 0n,
    aggregateSwapFee: 0n,
  };
  const largest = 131_537_990_902_949_999n;
  assert.equal(assertMatchesReference(state, 0, 1, largest), 36_846_200_909_705n);
  assert.equal(assertMatchesReference(state, 0, 1, largest + 1n), null);
  assert.equal(revertReason(state, 0, 1, largest + 1n), 'MaxImbalanceRatioExceeded');
  assert.ok('amountOut' in referenceSwap(state, 0, 1, largest + 1n, true), 'the earlier pool quotes it');
  assert.ok(assertMatchesReference(state, 1, 0, e(16)));
});

test('weighted balance in rounded up one wei: on small balances some quotes are one wei below the earlier pool', () => {
  const state: BalV3WeightedState = {
    ...weighted8020,
    balancesRaw: [10n ** 8n, 3n * 10n ** 8n],
    decimals: [18, 18],
    weights: [ONE / 2n, ONE / 2n],
    minTokenBalances: [e(6), e(6)],
    swapFee: 0n,
  };
  const lower: bigint[] = [];
  for (let amountIn = 2_000_000n; amountIn < 2_000_050n; amountIn++) {
    const ours = assertMatchesReference(state, 0, 1, amountIn);
    const before = referenceSwap(state, 0, 1, amountIn, true);
    assert.ok(ours && 'amountOut' in before);
    if (ours !== before.amountOut) lower.push(before.amountOut - ours);
  }
  assert.deepEqual(lower, [1n, 1n, 1n]); // at 2000008, 2000025 and 2000042
});

test('weighted minimum balances: a swap may leave the balance out exactly at its minimum, one wei more in is null', () => {
  // A 99/1 pool draining its 1% token: 30% more of the 99% token buys nearly all of it.
  const state: BalV3WeightedState = {
    ...weighted8020,
    balancesRaw: [e(18), e(14)],
    decimals: [18, 18],
    weights: [99n * e(16), e(16)],
    minTokenBalances: [e(6), e(6)],
    swapFee: 0n,
  };
  const largest = 204_503_552_426_707_414n;
  assert.equal(assertMatchesReference(state, 0, 1, largest), e(14) - e(6));
  assert.equal(assertMatchesReference(state, 0, 1, largest + 1n), null);
  assert.equal(revertReason(state, 0, 1, largest + 1n), 'TokenBalanceBelowMin');
  assert.ok('amountOut' in referenceSwap(state, 0, 1, largest + 1n, true), 'the earlier pool quotes it');
});

test('weighted minimum balances: a balance in one wei below its minimum still trades (it is rounded up), two is null', () => {
  const state: BalV3WeightedState = {
    ...weighted8020,
    balancesRaw: [10n ** 12n, 10n ** 12n],
    decimals: [18, 18],
    weights: [ONE / 2n, ONE / 2n],
    swapFee: 0n,
  };
  for (const [minIn, expected] of [[10n ** 12n + 1n, 'none'], [10n ** 12n + 2n, 'TokenBalanceBelowMin']] as const) {
    const below: BalV3WeightedState = { ...state, minTokenBalances: [minIn, e(6)] };
    assert.equal(revertReason(below, 0, 1, 10n ** 10n), expected);
    assertMatchesReference(below, 0, 1, 10n ** 10n);
    // Out of that token the balance after the swap is further below: null either way.
    assert.equal(revertReason(below, 1, 0, 10n ** 10n), 'TokenBalanceBelowMin');
    assertMatchesReference(below, 1, 0, 10n ** 10n);
  }
});

test('a weighted pool holding 1e-6 of one token and 1e6 of the other matches the reference both ways', () => {
  const weighted: BalV3WeightedState = { ...weighted8020, balancesRaw: [e(12), 10n ** 24n] };
  for (let k = 0n; k <= 24n; k += 2n) {
    assertMatchesReference(weighted, 0, 1, 10n ** k);
    assertMatchesReference(weighted, 1, 0, 10n ** k);
  }
});

test('a swap that would push a stored balance above 128 bits is null (BalanceOverflow), below it executes', () => {
  // balancer-maths does not model the Vault's packed 128-bit balances; the contract reverts here.
  const state: BalV3WeightedState = {
    ...weighted8020,
    balancesRaw: [MAX_BALANCE - 10n ** 36n, 10n ** 38n],
    decimals: [18, 18],
    weights: [ONE / 2n, ONE / 2n],
  };
  assert.equal(poolOf(state).swapExactIn(0, 1, 2n * 10n ** 36n), null);
  assert.equal(revertReason(state, 0, 1, 2n * 10n ** 36n), 'BalanceOverflow');
  assert.ok('amountOut' in referenceSwap(state, 0, 1, 2n * 10n ** 36n));
  assert.ok(assertMatchesReference(state, 0, 1, 5n * 10n ** 35n));
  // A 6-decimal token's raw balance fits in 128 bits long before its scaled18 live balance does.
  const usdc: BalV3WeightedState = {
    ...state,
    balancesRaw: [MAX_BALANCE / 10n ** 12n - 10n ** 24n, 10n ** 38n],
    decimals: [6, 18],
  };
  assert.equal(revertReason(usdc, 0, 1, 2n * 10n ** 24n), 'BalanceOverflow');
  assert.ok(assertMatchesReference(usdc, 0, 1, 5n * 10n ** 23n));
});

test('never throws: same token, bad indices, huge amounts and states the Vault could not hold give null and 0', () => {
  const invalid: State[] = [
    { ...weighted8020, decimals: [19, 6] },
    { ...weighted8020, weights: [ONE] },
    { ...weighted8020, weights: [ONE, 0n] },
    { ...weighted8020, minTokenBalances: [e(6)] },
    // A weighted state from a snapshot written before minTokenBalances existed.
    { ...weighted8020, minTokenBalances: undefined as unknown as bigint[] },
    { ...weighted8020, balancesRaw: [0n, 0n] },
    { ...weighted8020, tokenRates: [0n, ONE] },
    { ...stableUsd, amp: 0n },
    { ...stableUsd, balancesRaw: [0n, 0n, 0n] },
    { ...stableUsd, balancesRaw: [MAX_BALANCE + 1n, 1n, 1n] },
  ];
  for (const state of [weighted8020, stableUsd, ...invalid]) {
    const pool = poolOf(state);
    for (const [i, o] of [[0, 0], [0, 5], [-1, 1], [0.5, 1], [1, Number.NaN]]) {
      assert.equal(pool.swapExactIn(i, o, e(18)), null);
      assert.equal(pool.afterSwapExactIn(i, o, e(18)), null);
      assert.equal(pool.estimateOut(i, o, 1e18), 0);
    }
    assert.equal(pool.swapExactIn(0, 1, 1n << 300n), null);
    assert.equal(pool.estimateOut(0, 1, 2 ** 300), 0);
    assert.equal(pool.estimateOut(0, 1, Number.NaN), 0);
  }
  for (const state of invalid) {
    assert.equal(poolOf(state).swapExactIn(0, 1, e(12)), null);
    assert.equal(poolOf(state).estimateOut(0, 1, 1e12), 0);
  }
});

test('state codecs round-trip 400 random states and reject a word count that does not fit', () => {
  const rng = createRandom(5);
  for (let k = 0; k < 200; k++) {
    const weighted = randomWeightedState(rng);
    const words = balV3WeightedStateCodec.encode(weighted);
    assert.ok(words.every((w) => w >= 0n && w < 1n << 256n));
    assert.deepEqual(balV3WeightedStateCodec.decode(words), weighted);
    const stable = randomStableState(rng);
    assert.deepEqual(balV3StableStateCodec.decode(balV3StableStateCodec.encode(stable)), stable);
  }
  const words = balV3WeightedStateCodec.encode(weighted8020);
  assert.throws(() => balV3WeightedStateCodec.decode(words.slice(0, -1)));
  assert.throws(() => balV3StableStateCodec.decode(words));
  // A decoded pool quotes exactly like the original.
  const decoded = new BalV3StablePool(balV3StableStateCodec.decode(balV3StableStateCodec.encode(stableUsd)));
  assert.deepEqual(decoded.swapExactIn(0, 2, 12_345n * e(6)), poolOf(stableUsd).swapExactIn(0, 2, 12_345n * e(6)));
  assert.deepEqual(liveBalances(stableUsd), [5_000_000n * e(18), 4_000_000n * e(18), 6_000_000n * e(18)]);
});

test('checked arithmetic reverts exactly at the uint256 boundary, as Solidity 0.8 does', () => {
  const max = (1n << 256n) - 1n;
  assert.equal(mul(max, 1n), max);
  assert.equal(mul((1n << 128n) - 1n, (1n << 128n) + 1n), max);
  assert.throws(() => mul(1n << 128n, 1n << 128n), (err: BalV3RevertError) => err.reason === 'Overflow');
  assert.equal(add(max - 1n, 1n), max);
  assert.throws(() => add(max, 1n), (err: BalV3RevertError) => err.reason === 'Overflow');
  assert.equal(sub(5n, 5n), 0n);
  assert.throws(() => sub(4n, 5n), (err: BalV3RevertError) => err.reason === 'Underflow');
  assert.throws(() => div(1n, 0n), (err: BalV3RevertError) => err.reason === 'ZeroDivision');
  // A 5-token stable pool whose Newton iteration multiplies past 2^256: the contract reverts. (balancer-maths,
  // unbounded, never converges here and runs for minutes on ever-longer bigints, so it is not called.)
  const state: BalV3StableState = {
    ...stableUsd,
    balancesRaw: [2n * e(32), 1n * e(30), 8n * e(31), 2n * e(26), 4n * e(25)],
    decimals: [18, 18, 18, 18, 18],
    tokenRates: [ONE, ONE, ONE, ONE, ONE],
    amp: 1000n,
  };
  assert.ok(stableInvariantOverflowsUint256(state.amp, liveBalances(state)));
  assert.equal(revertReason(state, 0, 1, e(20)), 'Overflow');
});
