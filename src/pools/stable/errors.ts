// The one error the StableSwap maths throws where the Solidity pool reverts; StablePool turns it into null.

/** Why the contract would revert: a require() of the pool or a Solidity 0.8 checked-arithmetic panic. */
export type StableSwapRevertReason = 'IllegalParameter' | 'Overflow' | 'Underflow' | 'ZeroDivision';

/** Thrown by the exact maths exactly where the contract reverts. */
export class StableSwapRevertError extends Error {
  override readonly name = 'StableSwapRevertError';
  constructor(readonly reason: StableSwapRevertReason) {
    super(reason);
  }
}
