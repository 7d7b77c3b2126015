// Differential tests against @balancer-labs/balancer-maths' Vault.swap (ExactIn) on random weighted and stable pools.
// balancer-maths 0.0.41 models the V3 pools before 1.0.0; the reference is its Vault, WeightedMath and StableMath with
// the 1.0.0 onSwap additions (one wei on the weighted balance in, minimum balances, the stable imbalance limit)
// written out from the Solidity in helpers.ts. Each run also counts where 1.0.0 and the earlier pools part ways.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  BalV3RevertError,
  BalV3StablePool,
  BalV3WeightedPool,
  type BalV3StableState,
  type BalV3WeightedState,
} from '../../../src/pools/balv3/index.ts';
import { createRandom } from '../../../src/snapshot/random.ts';
import {
  liveBalances,
  randInt,
  randomAmountIn,
  randomStableState,
  randomWeightedState,
  referenceSwap,
  stableInvariantOverflowsUint256,
  type Rng,
} from './helpers.ts';

type State = BalV3WeightedState | BalV3StableState;
type Pool = BalV3WeightedPool | BalV3StablePool;

/** How many cases ended each way: 'ok', 'zeroOut', a revert reason, or 'uint256Overflow' (see below). */
type Tally = Map<string, number>;

function ourOutcome(pool: Pool, tokenIn: number, tokenOut: number, amountIn: bigint): string {
  try {
    return pool.simulateSwapExactIn(tokenIn, tokenOut, amountIn).amountOutRaw > 0n ? 'ok' : 'zeroOut';
  } catch (error) {
    if (error instanceof BalV3RevertError) return error.reason;
    throw error;
  }
}

function checkCase(state: State, pool: Pool, tokenIn: number, tokenOut: number, amountIn: bigint, tally: Tally): void {
  const ours = pool.swapExactIn(tokenIn, tokenOut, amountIn);
  const outcome = ourOutcome(pool, tokenIn, tokenOut, amountIn);
  const where = () =>
    JSON.stringify({ state, tokenIn, tokenOut, amountIn }, (_k, v) => (typeof v === 'bigint' ? `${v}` : v));

  const overflows = 'amp' in state && stableInvariantOverflowsUint256(state.amp, liveBalances(state));
  if (overflows && outcome !== 'TradeAmountTooSmall') {
    // Once the amount passes the Vault's checks, onSwap computes the invariant, and the contract reverts as soon as
    // a product leaves uint256; balancer-maths computes with unbounded bigints (and may then iterate for minutes).
    assert.equal(outcome, 'Overflow', where());
    count(tally, 'uint256Overflow');
    return;
  }
  const ref = referenceSwap(state, tokenIn, tokenOut, amountIn);
  if ('amountOut' in ref && ref.amountOut > 0n) {
    assert.ok(ours, `balancer-maths gives ${ref.amountOut}, ours null (${outcome}): ${where()}`);
    assert.equal(ours.amountOut, ref.amountOut, where());
  } else {
    // balancer-maths throws where the Vault or the pool reverts, and returns 0 for a zero amount in or out.
    const refSays = 'error' in ref ? `throws ${ref.error}` : 'gives 0';
    assert.equal(ours, null, `balancer-maths ${refSays}, ours ${ours?.amountOut}: ${where()}`);
  }
  count(tally, outcome);

  const before = referenceSwap(state, tokenIn, tokenOut, amountIn, true);
  const beforeOut = 'amountOut' in before && before.amountOut > 0n ? before.amountOut : null;
  if (ours && beforeOut !== null && ours.amountOut !== beforeOut) {
    // The extra wei of balance in can only lower the weighted price.
    assert.ok(ours.amountOut < beforeOut, where());
    count(tally, 'lowerThanBefore100');
  } else if (!ours && beforeOut !== null) {
    count(tally, 'nullWhereBefore100Quotes');
  }
}

function count(tally: Tally, outcome: string): void {
  tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
}

function runRandom(
  seed: number,
  states: number,
  swapsPerState: number,
  makeState: (rng: Rng) => State,
  makePool: (s: State) => Pool,
  maxFraction: number,
): Tally {
  const rng = createRandom(seed);
  const tally: Tally = new Map();
  for (let s = 0; s < states; s++) {
    const state = makeState(rng);
    const pool = makePool(state);
    const n = state.balancesRaw.length;
    for (let k = 0; k < swapsPerState; k++) {
      const tokenIn = randInt(rng, 0, n - 1);
      const tokenOut = (tokenIn + randInt(rng, 1, n - 1)) % n;
      const amountIn = randomAmountIn(rng, state.balancesRaw[tokenIn], maxFraction);
      checkCase(state, pool, tokenIn, tokenOut, amountIn, tally);
    }
  }
  return tally;
}

function atLeast(tally: Tally, outcome: string, count: number): void {
  const seen = tally.get(outcome) ?? 0;
  assert.ok(seen >= count, `random cases reached '${outcome}' only ${seen} times: ${[...tally]}`);
}

test('weighted: matches balancer-maths Vault.swap on WeightedPool 1.0.0 exactly on 12000 random swaps', () => {
  const tally = runRandom(1, 3000, 4, randomWeightedState, (s) => new BalV3WeightedPool(s as BalV3WeightedState), 0.45);
  atLeast(tally, 'ok', 5000);
  atLeast(tally, 'MaxInRatio', 300);
  atLeast(tally, 'TradeAmountTooSmall', 200);
  atLeast(tally, 'zeroOut', 20);
  atLeast(tally, 'TokenBalanceBelowMin', 200);
  // Where 1.0.0 and the earlier pool differ: a few wei lower from the rounded-up balance in, null at a minimum.
  atLeast(tally, 'lowerThanBefore100', 10);
  atLeast(tally, 'nullWhereBefore100Quotes', 100);
});

test('stable: matches balancer-maths Vault.swap on StablePool 1.0.0 exactly on 10000 random swaps', () => {
  const tally = runRandom(2, 2500, 4, randomStableState, (s) => new BalV3StablePool(s as BalV3StableState), 20);
  atLeast(tally, 'ok', 5000);
  atLeast(tally, 'TradeAmountTooSmall', 200);
  atLeast(tally, 'zeroOut', 200);
  // Pools spread 3 and 8 decades apart, or swaps that push one there; the earlier pool quotes all of them.
  atLeast(tally, 'MaxImbalanceRatioExceeded', 1000);
  atLeast(tally, 'nullWhereBefore100Quotes', 1000);
  // Extreme 4-5 token imbalance: Newton fails to converge, or a product leaves uint256 (the contract reverts).
  atLeast(tally, 'Underflow', 1);
  atLeast(tally, 'StableInvariantDidNotConverge', 10);
  atLeast(tally, 'uint256Overflow', 5);
});
