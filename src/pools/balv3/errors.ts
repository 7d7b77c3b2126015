// The one error the V3 maths throws where the Vault or a pool would revert; pool classes turn it into null.

/** Why the Solidity would revert; names follow the V3 custom errors (or the panic they stand for). */
export type BalV3RevertReason =
  | 'AmountGivenZero'
  | 'CannotSwapSameToken'
  | 'TokenNotRegistered'
  | 'TradeAmountTooSmall'
  | 'MaxInRatio'
  | 'TokenBalanceBelowMin'
  | 'MaxImbalanceRatioExceeded'
  | 'BalanceOverflow'
  | 'ProtocolFeesExceedTotalCollected'
  | 'StableInvariantDidNotConverge'
  | 'StableComputeBalanceDidNotConverge'
  | 'BaseOutOfBounds'
  | 'ExponentOutOfBounds'
  | 'ProductOutOfBounds'
  | 'InvalidExponent'
  | 'ZeroDivision'
  | 'Overflow'
  | 'Underflow';

/** Thrown by the exact maths exactly where the contract reverts (custom error or checked-arithmetic panic). */
export class BalV3RevertError extends Error {
  override readonly name = 'BalV3RevertError';
  constructor(readonly reason: BalV3RevertReason) {
    super(reason);
  }
}
