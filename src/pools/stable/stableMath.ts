// Curve StableSwap swap maths (get_D, get_y, get_dy, exchange) in exact bigint, for 2..4 coins.
// Port of PancakeStableSwapThreePool.sol, which DexA deploys as DexAStableSwapThreePool (solc 0.8.10):
// https://github.com/pancakeswap/pancake-smart-contracts/blob/master/projects/stable-swap/contracts/PancakeStableSwapThreePool.sol
// itself a line-by-line port of Curve's 3pool (Vyper 0.2.4):
// https://github.com/curvefi/curve-contract/blob/master/contracts/pools/3pool/StableSwap3Pool.vy
// Every division rounds down (Solidity `/`); every +, -, * reverts on overflow as Solidity 0.8 checked maths does,
// so the functions throw StableSwapRevertError exactly where the contract reverts.
import { FEE_DENOMINATOR, PRECISION, type StableState } from './data.ts';
import { StableSwapRevertError } from './errors.ts';

export const MAX_UINT256 = (1n << 256n) - 1n;
/** Newton iteration cap of get_D and get_y in the contract (`for (j = 0; j < 255; j++)`). */
const MAX_ITERATIONS = 255;

function add(a: bigint, b: bigint): bigint {
  const r = a + b;
  if (r > MAX_UINT256) throw new StableSwapRevertError('Overflow');
  return r;
}

function sub(a: bigint, b: bigint): bigint {
  if (b > a) throw new StableSwapRevertError('Underflow');
  return a - b;
}

function mul(a: bigint, b: bigint): bigint {
  const r = a * b;
  if (r > MAX_UINT256) throw new StableSwapRevertError('Overflow');
  return r;
}

function div(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new StableSwapRevertError('ZeroDivision');
  return a / b;
}

/** Converged "with the precision of 1", as the contract's loops test it. */
function within1(a: bigint, b: bigint): boolean {
  return a > b ? a - b <= 1n : b - a <= 1n;
}

/**
 * Balances in 18-decimal units: rates[i] * balances[i] / PRECISION, rounded down.
 * @example _xp_mem([1_000_000n], [10n ** 30n]) // [10n ** 18n]
 */
export function _xp_mem(balances: readonly bigint[], rates: readonly bigint[]): bigint[] {
  return balances.map((balance, i) => div(mul(rates[i], balance), PRECISION));
}

/**
 * The invariant D for 18-decimal balances `xp` and plain A `amp`, by Newton's method from D = sum(xp); stops
 * when two iterates differ by at most 1 or after 255 rounds (returning the last iterate, as the contract does).
 * A zero balance divides by zero (the contract reverts: "only withdrawal will work").
 * @example get_D([10n ** 18n, 10n ** 18n], 100n) // 2n * 10n ** 18n
 */
export function get_D(xp: readonly bigint[], amp: bigint): bigint {
  const N = BigInt(xp.length);
  let S = 0n;
  for (const x of xp) S = add(S, x);
  if (S === 0n) return 0n;

  let D = S;
  const Ann = mul(amp, N);
  for (let _i = 0; _i < MAX_ITERATIONS; _i++) {
    let D_P = D;
    for (const x of xp) D_P = div(mul(D_P, D), mul(x, N));
    const Dprev = D;
    D = div(mul(add(mul(Ann, S), mul(D_P, N)), D), add(mul(sub(Ann, 1n), D), mul(N + 1n, D_P)));
    if (within1(D, Dprev)) break;
  }
  return D;
}

/**
 * New 18-decimal balance of coin j that keeps D when coin i's balance becomes `x` (Newton from y = D,
 * 255 rounds at most). `D` defaults to get_D(xp, amp), which the contract recomputes on every call;
 * pass it precomputed when quoting one state repeatedly (same value, so the same result).
 * @example get_y(0, 1, 15n * 10n ** 17n, [10n ** 18n, 10n ** 18n], 100n) // 503247297501187157n
 */
export function get_y(
  i: number,
  j: number,
  x: bigint,
  xp: readonly bigint[],
  amp: bigint,
  D: bigint = get_D(xp, amp),
): bigint {
  const n = xp.length;
  if (i === j || !isIndex(i, n) || !isIndex(j, n)) throw new StableSwapRevertError('IllegalParameter');
  const N = BigInt(n);
  let c = D;
  let S_ = 0n;
  const Ann = mul(amp, N);

  for (let k = 0; k < n; k++) {
    let _x: bigint;
    if (k === i) _x = x;
    else if (k !== j) _x = xp[k];
    else continue;
    S_ = add(S_, _x);
    c = div(mul(c, D), mul(_x, N));
  }
  c = div(mul(c, D), mul(Ann, N));
  const b = add(S_, div(D, Ann)); // - D, subtracted inside the loop
  let y = D;
  for (let m = 0; m < MAX_ITERATIONS; m++) {
    const y_prev = y;
    y = div(add(mul(y, y), c), sub(add(mul(2n, y), b), D));
    if (within1(y, y_prev)) break;
  }
  return y;
}

/**
 * The pool's `get_dy(i, j, dx)` view: output in raw units of coin j, fee taken after converting to raw units.
 * Note it can differ by a unit from what `exchange` pays, which takes the fee before converting (see exchange).
 * `xp` and `D` default to the state's; pass them precomputed when quoting one state repeatedly.
 * @example get_dy(state, 0, 1, 1_000_000n)
 */
export function get_dy(
  state: StableState,
  i: number,
  j: number,
  dx: bigint,
  xp: readonly bigint[] = _xp_mem(state.balances, state.rates),
  D?: bigint,
): bigint {
  checkSwapArguments(xp.length, i, j, dx);
  const { rates } = state;
  const x = add(xp[i], div(mul(dx, rates[i]), PRECISION));
  const y = get_y(i, j, x, xp, state.amp, D);
  const dy = div(mul(sub(sub(xp[j], y), 1n), PRECISION), rates[j]);
  const _fee = div(mul(state.fee, dy), FEE_DENOMINATOR);
  return sub(dy, _fee);
}

export interface ExchangeResult {
  /** Raw units of coin j sent to the trader. */
  dy: bigint;
  /** Raw units of coin j that leave `balances` as admin fee (they stay in the contract's token balance). */
  dy_admin_fee: bigint;
  /** balances(k) after the exchange. */
  balances: bigint[];
}

/**
 * What `exchange(i, j, dx, 0)` pays and how it updates `balances`: the fee is taken in 18-decimal units before
 * converting to raw units (rounding down twice), and the admin's share of it is removed from balances[j].
 * @example exchange(state, 0, 2, 1_000_000n).dy
 */
export function exchange(
  state: StableState,
  i: number,
  j: number,
  dx: bigint,
  xp: readonly bigint[] = _xp_mem(state.balances, state.rates),
  D?: bigint,
): ExchangeResult {
  checkSwapArguments(xp.length, i, j, dx);
  const { balances: old_balances, rates } = state;
  const x = add(xp[i], div(mul(dx, rates[i]), PRECISION));
  const y = get_y(i, j, x, xp, state.amp, D);

  let dy = sub(sub(xp[j], y), 1n); // -1 just in case there were some rounding errors
  const dy_fee = div(mul(dy, state.fee), FEE_DENOMINATOR);
  dy = div(mul(sub(dy, dy_fee), PRECISION), rates[j]);

  let dy_admin_fee = div(mul(dy_fee, state.adminFee), FEE_DENOMINATOR);
  dy_admin_fee = div(mul(dy_admin_fee, PRECISION), rates[j]);

  const balances = old_balances.slice();
  balances[i] = add(old_balances[i], dx);
  // When rounding errors happen, the contract undercharges the admin fee in favour of LPs.
  balances[j] = sub(sub(old_balances[j], dy), dy_admin_fee);
  return { dy, dy_admin_fee, balances };
}

function isIndex(k: number, n: number): boolean {
  return Number.isInteger(k) && k >= 0 && k < n;
}

// The contract reads xp[i] and rates[j] before get_y's require, so a bad index reverts there (array bounds
// panic); dx outside uint256 cannot even be ABI-encoded. Either way: the call does not execute.
function checkSwapArguments(n: number, i: number, j: number, dx: bigint): void {
  if (i === j || !isIndex(i, n) || !isIndex(j, n) || dx < 0n || dx > MAX_UINT256) {
    throw new StableSwapRevertError('IllegalParameter');
  }
}
