// The Balancer V2 revert reasons our maths can hit, so a port "reverts" the way the contract does.
// Codes mirror BalancerErrors.sol (BAL#<number>): https://github.com/balancer/balancer-v2-monorepo/blob/master/pkg/interfaces/contracts/solidity-utils/helpers/BalancerErrors.sol

export const BAL_ERRORS = {
  ADD_OVERFLOW: 0,
  SUB_OVERFLOW: 1,
  MUL_OVERFLOW: 3,
  ZERO_DIVISION: 4,
  DIV_INTERNAL: 5,
  X_OUT_OF_BOUNDS: 6,
  Y_OUT_OF_BOUNDS: 7,
  PRODUCT_OUT_OF_BOUNDS: 8,
  INVALID_EXPONENT: 9,
  OUT_OF_BOUNDS: 100,
  MAX_IN_RATIO: 304,
  ZERO_INVARIANT: 311,
  STABLE_INVARIANT_DIDNT_CONVERGE: 321,
  STABLE_GET_BALANCE_DIDNT_CONVERGE: 322,
} as const;

export type BalErrorName = keyof typeof BAL_ERRORS;

/** A Balancer `_require` failure: the contract would revert with `BAL#<code>`. */
export class BalancerError extends Error {
  override readonly name = 'BalancerError';
  readonly code: number;

  constructor(readonly reason: BalErrorName) {
    super(`BAL#${BAL_ERRORS[reason]} ${reason}`);
    this.code = BAL_ERRORS[reason];
  }
}

/** Mirrors Balancer's `_require(condition, errorCode)`. */
export function _require(condition: boolean, reason: BalErrorName): void {
  if (!condition) throw new BalancerError(reason);
}
