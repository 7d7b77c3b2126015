// Balancer V3 StableMath (Curve StableSwap with amp scaled by AMP_PRECISION), the ExactIn swap path.
// Original: https://github.com/balancer/balancer-v3-monorepo/blob/main/pkg/solidity-utils/contracts/math/StableMath.sol
// The invariant is always rounded down (as Curve does); computeBalance rounds the new balance up, and the
// ExactIn result takes one more wei off, so rounding favours the pool. Checked ops mirror Solidity's reverts.
import { BalV3RevertError } from './errors.ts';
import { divUpRaw } from './fixedPoint.ts';
import { add, div, mul, sub } from './uint256.ts';

export const AMP_PRECISION = 1000n;

/**
 * The StableSwap invariant D by Newton-Raphson, rounded down; 0 for an empty pool.
 * `amplificationParameter` is A * n^(n-1) * AMP_PRECISION.
 */
export function computeInvariant(amplificationParameter: bigint, balances: readonly bigint[]): bigint {
  const numTokens = BigInt(balances.length);
  let sum = 0n;
  for (const balance of balances) sum = add(sum, balance);
  if (sum === 0n) return 0n;

  let invariant = sum;
  const ampTimesTotal = mul(amplificationParameter, numTokens);

  for (let i = 0; i < 255; i++) {
    let D_P = invariant;
    for (const balance of balances) D_P = div(mul(D_P, invariant), mul(balance, numTokens));

    const prevInvariant = invariant;
    const numerator = mul(add(div(mul(ampTimesTotal, sum), AMP_PRECISION), mul(D_P, numTokens)), invariant);
    const denominator = add(
      div(mul(sub(ampTimesTotal, AMP_PRECISION), invariant), AMP_PRECISION),
      mul(numTokens + 1n, D_P),
    );
    invariant = div(numerator, denominator);

    if (invariant > prevInvariant) {
      if (invariant - prevInvariant <= 1n) return invariant;
    } else if (prevInvariant - invariant <= 1n) {
      return invariant;
    }
  }
  throw new BalV3RevertError('StableInvariantDidNotConverge');
}

/** Amount of token out for an exact amount in, given the invariant of the current balances. */
export function computeOutGivenExactIn(
  amplificationParameter: bigint,
  balances: readonly bigint[],
  tokenIndexIn: number,
  tokenIndexOut: number,
  tokenAmountIn: bigint,
  invariant: bigint,
): bigint {
  // The Solidity adds the amount in place and restores it; a copy leaves the caller's array untouched.
  const balancesAfterIn = balances.slice();
  balancesAfterIn[tokenIndexIn] = add(balancesAfterIn[tokenIndexIn], tokenAmountIn);
  const finalBalanceOut = computeBalance(amplificationParameter, balancesAfterIn, invariant, tokenIndexOut);
  return sub(sub(balances[tokenIndexOut], finalBalanceOut), 1n);
}

/** The balance of token `tokenIndex` that keeps `invariant` given the others, by Newton-Raphson, rounded up. */
export function computeBalance(
  amplificationParameter: bigint,
  balances: readonly bigint[],
  invariant: bigint,
  tokenIndex: number,
): bigint {
  const numTokens = BigInt(balances.length);
  const ampTimesTotal = mul(amplificationParameter, numTokens);
  let sum = balances[0];
  let P_D = mul(balances[0], numTokens);
  for (let j = 1; j < balances.length; j++) {
    P_D = div(mul(mul(P_D, balances[j]), numTokens), invariant);
    sum = add(sum, balances[j]);
  }
  sum = sub(sum, balances[tokenIndex]);

  const inv2 = mul(invariant, invariant);
  const c = mul(divUpRaw(mul(inv2, AMP_PRECISION), mul(ampTimesTotal, P_D)), balances[tokenIndex]);
  const b = add(sum, div(mul(invariant, AMP_PRECISION), ampTimesTotal));

  let tokenBalance = divUpRaw(add(inv2, c), add(invariant, b));
  for (let i = 0; i < 255; i++) {
    const prevTokenBalance = tokenBalance;
    tokenBalance = divUpRaw(add(mul(tokenBalance, tokenBalance), c), sub(add(mul(tokenBalance, 2n), b), invariant));

    if (tokenBalance > prevTokenBalance) {
      if (tokenBalance - prevTokenBalance <= 1n) return tokenBalance;
    } else if (prevTokenBalance - tokenBalance <= 1n) {
      return tokenBalance;
    }
  }
  throw new BalV3RevertError('StableComputeBalanceDidNotConverge');
}

/** StablePool 1.0.0 refuses any state or swap whose largest live balance is this many times its smallest. */
export const MAX_IMBALANCE_RATIO = 10_000n;

/** The smallest and largest of the live balances. */
export function getMinAndMaxBalances(balancesScaled18: readonly bigint[]): { minBalance: bigint; maxBalance: bigint } {
  let minBalance = balancesScaled18[0];
  let maxBalance = minBalance;
  for (const balance of balancesScaled18) {
    if (balance < minBalance) minBalance = balance;
    if (balance > maxBalance) maxBalance = balance;
  }
  return { minBalance, maxBalance };
}

/** Reverts MaxImbalanceRatioExceeded when max / min (integer division) reaches the ratio; a zero min panics. */
export function ensureBalancesWithinMaxImbalanceRange(minBalance: bigint, maxBalance: bigint): void {
  if (div(maxBalance, minBalance) >= MAX_IMBALANCE_RATIO) throw new BalV3RevertError('MaxImbalanceRatioExceeded');
}
