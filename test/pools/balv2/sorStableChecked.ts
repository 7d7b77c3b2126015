// The sor's BigInt StableMath with Solidity's uint256 overflow check put back into MathSol.mul: the sor's own check
// (`product / a == b`) can never fire on bigint, while the contract reverts with MUL_OVERFLOW.

import { MathSol } from '@balancer-labs/sor/dist/esm/utils/basicOperations.js';
import * as StableMathBigInt from '@balancer-labs/sor/dist/esm/pools/stablePool/stableMathBigInt.js';

const MAX_UINT256 = (1n << 256n) - 1n;

MathSol.mul = (a: bigint, b: bigint): bigint => {
  const product = a * b;
  if (product > MAX_UINT256) throw new Error('Errors.MUL_OVERFLOW');
  return product;
};

export { MathSol, StableMathBigInt };

/** The reference's failure reason without the sor's "Errors." prefix, or its value. */
export function outcome(f: () => bigint): bigint | string {
  try {
    return f();
  } catch (error) {
    const reason = (error as { reason?: string }).reason;
    if (reason) return reason;
    const message = (error as Error).message.replace(/^Errors\./, '');
    // balancer-maths names the same revert in V3 style.
    return message === 'StableInvariantDidntConverge()' ? 'STABLE_INVARIANT_DIDNT_CONVERGE' : message;
  }
}
