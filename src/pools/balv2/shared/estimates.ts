// Float helpers shared by the balv2 estimateOut implementations (search heuristics only, never exact paths).

/**
 * Raw amount left after the swap fee, rounding the fee up to a whole raw unit as the contract does (mulUp on the
 * raw amount): on small raw amounts that unit is most of the difference from the exact output.
 */
export function amountAfterFee(amountIn: number, fee: number): number {
  return amountIn - Math.ceil(amountIn * fee);
}
