// Devnet helpers for the execution tests: fresh impersonated accounts, funding, balances, and sending a transaction
// the way a wallet would, then reading its receipt by polling (anvil can answer eth_sendTransaction before it mines).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Address,
  type Hex,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  encodeFunctionData,
  maxUint256,
  numberToHex,
  parseAbi,
} from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';

export const NATIVE: Address = '0x0000000000000000000000000000000000000000';
export const ERC20_ABI = parseAbi([
  'function mint(address to, uint256 value)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function deposit() payable',
]);
/** Far above any quote's execution, far below anvil's block gas limit, so gasUsed is never capped by the limit. */
const TX_GAS = 30_000_000n;
const RECEIPT_TIMEOUT_MS = 30_000;

export interface SendableTx {
  from: string;
  to: string;
  data: string;
  value: string;
}

/**
 * Sends a transaction from an unlocked or impersonated account with a fixed gas limit (no estimate: an estimate in
 * the pending block can differ from the mined one) and resolves to its receipt, reverted or not.
 * @example const receipt = await sendTx(ctx, quote.tx)
 */
export async function sendTx(ctx: DeployContext, tx: SendableTx, gas: bigint = TX_GAS): Promise<TransactionReceipt> {
  const value = BigInt(tx.value);
  const hash = await ctx.rpc<Hex>('eth_sendTransaction', [
    { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(value), gas: numberToHex(gas) },
  ]);
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    try {
      return await ctx.publicClient.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
      await sleep(2);
    }
  }
}

/**
 * Sends many transactions into one or a few blocks (automining paused), for bulk set-up; resolves to their receipts in
 * order. Each gets `gas` as its limit, so a block of the 1e9 limit holds hundreds of them.
 * @example const receipts = await sendBatch(ctx, swaps)
 */
export async function sendBatch(ctx: DeployContext, txs: SendableTx[], gas = 2_000_000n): Promise<TransactionReceipt[]> {
  if (txs.length === 0) return [];
  await ctx.rpc('evm_setAutomine', [false]);
  const hashes: Hex[] = [];
  try {
    for (const tx of txs) {
      hashes.push(
        await ctx.rpc<Hex>('eth_sendTransaction', [
          { from: tx.from, to: tx.to, data: tx.data, value: numberToHex(BigInt(tx.value)), gas: numberToHex(gas) },
        ]),
      );
    }
    const pending = async () => ((await ctx.rpc<{ pending: Record<string, unknown> }>('txpool_content', [])).pending);
    while (Object.keys(await pending()).length > 0) await ctx.rpc('evm_mine', []);
  } finally {
    await ctx.rpc('evm_setAutomine', [true]);
  }
  return Promise.all(hashes.map((hash) => ctx.publicClient.getTransactionReceipt({ hash })));
}

/** Sends a contract call and throws unless it succeeded. */
export async function write(
  ctx: DeployContext,
  from: Address,
  to: Address,
  data: Hex,
  value = 0n,
): Promise<TransactionReceipt> {
  const receipt = await sendTx(ctx, { from, to, data, value: value.toString() });
  if (receipt.status !== 'success') throw new Error(`call to ${to} from ${from} reverted`);
  return receipt;
}

/**
 * A new random address that the node lets us send from (impersonated), with `native` wei of the native coin.
 * @example const user = await freshAccount(ctx, 10n ** 24n)
 */
export async function freshAccount(ctx: DeployContext, native = 10n ** 30n): Promise<Address> {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const account = `0x${Buffer.from(bytes).toString('hex')}` as Address;
  await ctx.rpc('anvil_impersonateAccount', [account]);
  await ctx.rpc('anvil_setBalance', [account, numberToHex(native)]);
  return account;
}

/** Gives `account` `amount` of `token`: WETH9 by depositing native coin, any other devnet token by minting. */
export async function fund(ctx: DeployContext, wrappedNative: Address, token: Address, account: Address, amount: bigint) {
  if (token.toLowerCase() === wrappedNative.toLowerCase()) {
    await write(ctx, account, token, encodeFunctionData({ abi: ERC20_ABI, functionName: 'deposit' }), amount);
  } else {
    await write(ctx, account, token, encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [account, amount] }));
  }
}

/** Lets `spender` take any amount of `token` from `owner`. */
export async function approve(ctx: DeployContext, owner: Address, token: Address, spender: Address) {
  await write(ctx, owner, token, encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [spender, maxUint256] }));
}

/** Balance of an ERC-20, or the native balance for the zero address, at the latest block. */
export async function balanceOf(ctx: DeployContext, token: Address, account: Address): Promise<bigint> {
  if (token === NATIVE) return ctx.publicClient.getBalance({ address: account, blockTag: 'latest' });
  return ctx.publicClient.readContract({ address: token, abi: ERC20_ABI, functionName: 'balanceOf', args: [account], blockTag: 'latest' });
}

/** The latest block number, never cached. */
export async function head(ctx: DeployContext): Promise<bigint> {
  return ctx.publicClient.getBlockNumber({ cacheTime: 0 });
}
