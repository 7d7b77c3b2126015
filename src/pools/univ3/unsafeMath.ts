// UnsafeMath.divRoundingUp from Uniswap V3 core: ceil(x / y) with the EVM's "divide by zero gives 0".
// https://github.com/Uniswap/v3-core/blob/main/contracts/libraries/UnsafeMath.sol

/**
 * ceil(x / y) for uint256 inputs; 0n when y is 0 (EVM `div`/`mod` semantics, no revert).
 * @example divRoundingUp(7n, 2n) // 4n
 */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n;
  const quotient = x / y;
  return x % y === 0n ? quotient : quotient + 1n;
}
