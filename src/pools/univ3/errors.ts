// The one error the UniV3 maths throws: a revert the pool contract would hit, named by its require reason.

/**
 * A Uniswap V3 revert reproduced off-chain. `reason` is the contract's require string
 * ('T', 'R', 'LS', 'LA', 'AS', 'SPL', ...) or the library name for reason-less requires.
 * UniV3Pool turns it into a null quote; anything else escaping the maths is a bug.
 */
export class UniV3RevertError extends Error {
  override readonly name = 'UniV3RevertError';
  constructor(readonly reason: string) {
    super(`Uniswap V3 revert: ${reason}`);
  }
}
