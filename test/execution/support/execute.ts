// Sending a quote's transaction as its user would: fund the user with the input, approve the transaction's target,
// send, and measure what the recipient received (net of the gas it paid when the output is the native coin).
import type { Address, TransactionReceipt } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { NATIVE, type SendableTx, approve, balanceOf, fund, sendTx } from './chain.ts';

export interface Execution {
  receipt: TransactionReceipt;
  /** Growth of the recipient's balance of the output token; for the native coin, with the gas it paid added back. */
  received: bigint;
}

/** Funds `user` with `amountIn` of `tokenIn` (native: already held) and approves `spender` for it. */
export async function prepareInput(
  ctx: DeployContext,
  wrappedNative: Address,
  user: Address,
  tokenIn: Address,
  amountIn: bigint,
  spender: Address,
): Promise<void> {
  if (tokenIn === NATIVE) return;
  await fund(ctx, wrappedNative, tokenIn, user, amountIn);
  await approve(ctx, user, tokenIn, spender);
}

/**
 * Sends `tx` from its `from` and measures the recipient's (`from`'s) balance of `tokenOut` around it.
 * @example const { receipt, received } = await sendAndMeasure(ctx, quote.tx, toToken)
 */
export async function sendAndMeasure(ctx: DeployContext, tx: SendableTx, tokenOut: Address): Promise<Execution> {
  const user = tx.from as Address;
  const before = await balanceOf(ctx, tokenOut, user);
  const receipt = await sendTx(ctx, tx);
  const after = await balanceOf(ctx, tokenOut, user);
  const gasPaid = tokenOut === NATIVE ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
  return { receipt, received: after - before + gasPaid };
}
