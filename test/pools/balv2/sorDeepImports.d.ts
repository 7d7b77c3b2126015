// Types for the @balancer-labs/sor internals the balv2 tests import by path (the package ships none for them).

declare module '@balancer-labs/sor/dist/esm/utils/basicOperations.js' {
  export class MathSol {
    static ONE: bigint;
    static mul(a: bigint, b: bigint): bigint;
    static mulDownFixed(a: bigint, b: bigint): bigint;
    static mulUpFixed(a: bigint, b: bigint): bigint;
    static divDownFixed(a: bigint, b: bigint): bigint;
    static divUpFixed(a: bigint, b: bigint): bigint;
    static powUpFixed(x: bigint, y: bigint): bigint;
    static powDown(x: bigint, y: bigint): bigint;
    static complementFixed(x: bigint): bigint;
  }
}

declare module '@balancer-labs/sor/dist/esm/pools/stablePool/stableMathBigInt.js' {
  export function _calcOutGivenIn(
    amp: bigint,
    balances: bigint[],
    tokenIndexIn: number,
    tokenIndexOut: number,
    amountIn: bigint,
    fee: bigint,
  ): bigint;
  export function _calcBptOutGivenExactTokensIn(
    amp: bigint,
    balances: bigint[],
    amountsIn: bigint[],
    bptTotalSupply: bigint,
    swapFeePercentage: bigint,
  ): bigint;
}
