// The devnet for the execution tests: anvil plus the full deployment of devnet/deployDevnet.ts (our router included),
// deployed through a DeployContext that polls for its receipts and pads its gas estimates.
// Why not startDevnet(): its cached state is restored with anvil_loadState, and anvil rejects request bodies over about
// 2 MB ("Invalid request"), which every devnet state exceeds; and devnet/deploy/context.ts waits for receipts with
// viem's waitForTransactionReceipt, which can wait for a block an idle automining anvil never makes (180 s timeout).
import { setTimeout as sleep } from 'node:timers/promises';
import { type Hex, type TransactionReceipt, TransactionReceiptNotFoundError, encodeDeployData, encodeFunctionData, numberToHex } from 'viem';
import { type AnvilInstance, startAnvil } from '../../../devnet/anvil.ts';
import { type DeployContext, DevnetTransactionError, createDeployContext } from '../../../devnet/deploy/context.ts';
import { type DevnetDeployment, deployDevnet } from '../../../devnet/deployDevnet.ts';
import type { SeedOptions } from '../../../devnet/seedSelection.ts';

const RECEIPT_TIMEOUT_MS = 60_000;
/** anvil's block gas limit in devnet/anvil.ts is 1e9. */
const MAX_GAS = 900_000_000n;

export interface ExecutionDevnet {
  anvil: AnvilInstance;
  ctx: DeployContext;
  deployment: DevnetDeployment;
  stop(): Promise<void>;
}

/** A small seed (a few pools of every platform, every pool kind) that deploys in seconds. */
export const SMALL_SEED: SeedOptions = { v2PoolsPerPlatform: 3, otherPoolsPerPlatform: 2, tailTokens: 1 };

/**
 * Starts anvil and deploys the devnet with `seed` (default: the full devnet).
 * @example const devnet = await startExecutionDevnet(SMALL_SEED); after(() => devnet.stop());
 */
export async function startExecutionDevnet(seed: SeedOptions = {}): Promise<ExecutionDevnet> {
  const anvil = await startAnvil();
  try {
    const ctx = pollingContext(createDeployContext(anvil.rpcUrl));
    const deployment = await deployDevnet(ctx, seed);
    return { anvil, ctx, deployment, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** `ctx` with deploy and write that estimate gas with a margin and poll for their own receipts. */
export function pollingContext(ctx: DeployContext): DeployContext {
  const send = async (tx: Record<string, string>, what: string): Promise<TransactionReceipt> => {
    let gas: bigint;
    try {
      gas = BigInt(await ctx.rpc<Hex>('eth_estimateGas', [tx]));
    } catch (error) {
      throw new DevnetTransactionError(`${what} (gas estimate: ${(error as Error).message.split('\n')[0]})`);
    }
    // Estimated in a pending block, some calls (UniV3 oracle writes) cost more once mined a second later.
    const padded = gas + gas / 2n + 200_000n;
    const hash = await ctx.rpc<Hex>('eth_sendTransaction', [{ ...tx, gas: numberToHex(padded > MAX_GAS ? MAX_GAS : padded) }]);
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    for (;;) {
      try {
        const receipt = await ctx.publicClient.getTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new DevnetTransactionError(what, receipt);
        return receipt;
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
        await sleep(2);
      }
    }
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
