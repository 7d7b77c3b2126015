// A DeployContext whose write and deploy set a fixed gas limit and poll for their own receipts, for two devnet
// failures seen while seeding V3 pools with the shared context:
// - Gas: a V3 mint or swap writes oracle and tick fields that depend on the block timestamp. Estimated in a pending
//   block of the same second they stay zero (cheap); mined a second later they become non-zero (20k gas each), so the
//   estimate falls short and the transaction runs out of gas.
// - Receipts: anvil answers eth_sendTransaction before the block is mined, and viem's waitForTransactionReceipt then
//   sometimes joins a block poller that has already seen that block, and waits for a next block that an idle
//   automining node never makes (observed as a 180 s timeout on createPool).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Hex,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  encodeDeployData,
  encodeFunctionData,
  numberToHex,
} from 'viem';
import { type DeployContext, DevnetTransactionError } from '../context.ts';

/** Far above any devnet transaction (a position manager deployment is about 5.5M), under anvil's 1e9 block limit. */
const GAS = 500_000_000n;
const RECEIPT_TIMEOUT_MS = 30_000;

/**
 * `ctx` with write and deploy replaced; rpc, clients and accounts are shared.
 * @example const tx = reliableDeployContext(ctx); await tx.write({ address: pool, abi, functionName: 'initialize', args })
 */
export function reliableDeployContext(ctx: DeployContext): DeployContext {
  const send = async (tx: Record<string, string>, what: string): Promise<TransactionReceipt> => {
    const hash = await ctx.rpc<Hex>('eth_sendTransaction', [{ ...tx, gas: numberToHex(GAS) }]);
    const receipt = await minedReceipt(ctx, hash);
    if (receipt.status !== 'success') throw new DevnetTransactionError(what, receipt);
    return receipt;
  };
  return {
    ...ctx,
    async deploy(contract, args = []) {
      const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args });
      const receipt = await send({ from: ctx.deployer, data }, 'contract creation');
      if (!receipt.contractAddress) throw new DevnetTransactionError('contract creation without an address', receipt);
      return receipt.contractAddress;
    },
    async write({ address, abi, functionName, args = [], value, from = ctx.deployer }) {
      const data = encodeFunctionData({ abi, functionName, args });
      const tx: Record<string, string> = { from, to: address, data };
      if (value !== undefined) tx.value = numberToHex(value);
      return send(tx, `${functionName} on ${address}`);
    },
  };
}

async function minedReceipt(ctx: DeployContext, hash: Hex): Promise<TransactionReceipt> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    try {
      return await ctx.publicClient.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
      await sleep(5);
    }
  }
}
