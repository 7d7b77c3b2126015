// Balancer V2 StableMath as deployed with ComposableStablePool v2 (20221122): invariant and exact-in swap.
// https://github.com/balancer/balancer-v2-monorepo/blob/3251913e63949f35be168b42987d0aae297a01b1/pkg/pool-stable/contracts/StableMath.sol
// `mul`/`divDown`/`divUp`/`add`/`sub` are the contract's checked operations; plain operators are its unchecked ones,
// which cannot overflow within the Vault's 112-bit balances.

import { _require } from '../shared/balancerErrors.ts';
import { add, sub } from '../shared/fixedPoint.ts';
import { divDown, divUp, mul } from '../shared/math.ts';

export const _AMP_PRECISION = 1000n;
export const _MIN_AMP = 1n;
export const _MAX_AMP = 5000n;
export const _MAX_STABLE_TOKENS = 5;

/**
 * The invariant D of  A n^n S + D = A D n^n + D^(n+1) / (n^n P), by Newton iteration from D = S, every step
 * rounding down (Curve's Vyper truncates). `amplificationParameter` is A n^(n-1) * AMP_PRECISION.
 */
export function _calculateInvariant(amplificationParameter: bigint, balances: readonly bigint[]): bigint {
  let sum = 0n;
  const numTokens = BigInt(balances.length);
  for (const balance of balances) sum = add(sum, balance);
  if (sum === 0n) return 0n;

  let prevInvariant: bigint;
  let invariant = sum;
  const ampTimesTotal = amplificationParameter * numTokens;

  for (let i = 0; i < 255; i++) {
    let D_P = invariant;
    for (const balance of balances) {
      D_P = divDown(mul(D_P, invariant), mul(balance, numTokens));
    }
    prevInvariant = invariant;
    invariant = divDown(
      mul(add(divDown(mul(ampTimesTotal, sum), _AMP_PRECISION), mul(D_P, numTokens)), invariant),
      add(divDown(mul(ampTimesTotal - _AMP_PRECISION, invariant), _AMP_PRECISION), mul(numTokens + 1n, D_P)),
    );
    if (invariant > prevInvariant) {
      if (invariant - prevInvariant <= 1n) return invariant;
    } else if (prevInvariant - invariant <= 1n) {
      return invariant;
    }
  }
  _require(false, 'STABLE_INVARIANT_DIDNT_CONVERGE');
  return 0n;
}

/**
 * Amount out for `tokenAmountIn` (already net of fee and upscaled), rounding down: the new out balance is solved
 * rounding up and one more wei is kept by the pool. Reverts SUB_OVERFLOW unless at least 1 wei comes out.
 */
export function _calcOutGivenIn(
  amplificationParameter: bigint,
  balances: readonly bigint[],
  tokenIndexIn: number,
  tokenIndexOut: number,
  tokenAmountIn: bigint,
  invariant: bigint,
): bigint {
  const balancesAfterIn = [...balances];
  balancesAfterIn[tokenIndexIn] = add(balances[tokenIndexIn], tokenAmountIn);
  const finalBalanceOut = _getTokenBalanceGivenInvariantAndAllOtherBalances(
    amplificationParameter,
    balancesAfterIn,
    invariant,
    tokenIndexOut,
  );
  return sub(sub(balances[tokenIndexOut], finalBalanceOut), 1n);
}

/**
 * The balance of `tokenIndex` that keeps `invariant` given all other balances: Newton iteration on
 * y^2 + (S + D / (A n^n) - D) y = D^(n+1) / (A n^2n P), rounding the result up overall.
 */
export function _getTokenBalanceGivenInvariantAndAllOtherBalances(
  amplificationParameter: bigint,
  balances: readonly bigint[],
  invariant: bigint,
  tokenIndex: number,
): bigint {
  const numTokens = BigInt(balances.length);
  const ampTimesTotal = amplificationParameter * numTokens;
  let sum = balances[0];
  let P_D = balances[0] * numTokens;
  for (let j = 1; j < balances.length; j++) {
    P_D = divDown(mul(mul(P_D, balances[j]), numTokens), invariant);
    sum = add(sum, balances[j]);
  }
  // sum includes balances[tokenIndex], so this cannot underflow.
  sum = sum - balances[tokenIndex];

  const inv2 = mul(invariant, invariant);
  // P_D still includes balances[tokenIndex]; multiplying by it here removes it from c.
  const c = mul(mul(divUp(inv2, mul(ampTimesTotal, P_D)), _AMP_PRECISION), balances[tokenIndex]);
  const b = add(sum, mul(divDown(invariant, ampTimesTotal), _AMP_PRECISION));

  let prevTokenBalance: bigint;
  // The first step is taken outside the loop, from y = D.
  let tokenBalance = divUp(add(inv2, c), add(invariant, b));

  for (let i = 0; i < 255; i++) {
    prevTokenBalance = tokenBalance;
    tokenBalance = divUp(add(mul(tokenBalance, tokenBalance), c), sub(add(mul(tokenBalance, 2n), b), invariant));
    if (tokenBalance > prevTokenBalance) {
      if (tokenBalance - prevTokenBalance <= 1n) return tokenBalance;
    } else if (prevTokenBalance - tokenBalance <= 1n) {
      return tokenBalance;
    }
  }
  _require(false, 'STABLE_GET_BALANCE_DIDNT_CONVERGE');
  return 0n;
}
