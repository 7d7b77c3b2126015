// Calldata for wrapping the native coin into the wrapped token (deposit) or unwrapping it (withdraw).
import { encodeFunctionData } from 'viem/utils';
import { weth9Abi } from './abis.generated.ts';
import type { QuoteTx } from './types.ts';

/**
 * A deposit (wrap: value = amount) or withdraw (unwrap) call on the wrapped native token.
 * @example buildWrapTx({ wrappedNative, amount: 10n ** 18n, wrap: true, sender })
 */
export function buildWrapTx(p: { wrappedNative: string; amount: bigint; wrap: boolean; sender: string }): QuoteTx {
  const data = p.wrap
    ? encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' })
    : encodeFunctionData({ abi: weth9Abi, functionName: 'withdraw', args: [p.amount] });
  return { from: p.sender, to: p.wrappedNative, data, value: p.wrap ? p.amount.toString() : '0' };
}
