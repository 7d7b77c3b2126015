// Hand-built calls of our aggregator router for the security and slippage tests, and reading why a call reverts.
import { readFileSync } from 'node:fs';
import { type Address, type Hex, decodeErrorResult, encodeFunctionData } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { type CompiledContract, compileSolidity } from '../../../devnet/solc.ts';
import { aggregatorRouterAbi } from '../../../src/tx/aggregatorRouterAbi.generated.ts';
import { ROUTER_POOL_KIND, type RouterHop } from '../../../src/tx/routerHops.ts';
import type { SendableTx } from './chain.ts';

export { ROUTER_POOL_KIND };

export interface ExecuteArgs {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  minAmountOut: bigint;
  recipient: Address;
  deadline: bigint;
  splits: { amountIn: bigint; hops: RouterHop[] }[];
}

/** A hop with the fields its kind does not use left at zero. */
export function hop(kind: number, pool: Address, tokenOut: Address, fields: Partial<RouterHop> = {}): RouterHop {
  return { kind, pool, tokenOut, feeNumerator: 0, feeDenominator: 0, indexIn: 0, indexOut: 0, ...fields };
}

/** Calldata of `execute`. */
export function executeData(args: ExecuteArgs): Hex {
  return encodeFunctionData({
    abi: aggregatorRouterAbi,
    functionName: 'execute',
    args: [args.tokenIn, args.tokenOut, args.amountIn, args.minAmountOut, args.recipient, args.deadline, args.splits],
  });
}

/** The transaction `from` would send to call `execute` (value: amountIn when the input is the native coin). */
export function executeTx(router: Address, from: Address, args: ExecuteArgs, value?: bigint): SendableTx {
  const native = args.tokenIn === '0x0000000000000000000000000000000000000000';
  return { from, to: router, data: executeData(args), value: (value ?? (native ? args.amountIn : 0n)).toString() };
}

/**
 * Why `tx` reverts at the latest block, as the router's (or another contract's) custom error name and arguments, or
 * the revert string; null when it would not revert.
 * @example await revertReason(ctx, tx) // { name: 'DeadlineExpired', args: [1n, 2n] }
 */
export async function revertReason(
  ctx: DeployContext,
  tx: SendableTx,
): Promise<{ name: string; args: readonly unknown[] } | null> {
  try {
    await ctx.rpc('eth_call', [{ from: tx.from, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value).toString(16)}` }, 'latest']);
    return null;
  } catch (error) {
    const data = (error as { data?: Hex }).data;
    if (!data || data === '0x') return { name: '(no reason)', args: [] };
    const decoded = decodeErrorResult({ abi: [...aggregatorRouterAbi, ...ERROR_STRING_ABI], data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  }
}

const ERROR_STRING_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const;

/** A test-only contract of test/execution/contracts, compiled by the npm solc 0.8. */
export function testContract(name: 'MaliciousPool' | 'ReentrantToken' | 'V3TickWarmer'): CompiledContract {
  const path = `test/execution/contracts/${name}.sol`;
  const text = readFileSync(new URL(`../contracts/${name}.sol`, import.meta.url), 'utf8');
  return compileSolidity({ [path]: text }, { contracts: [name] })[name];
}
