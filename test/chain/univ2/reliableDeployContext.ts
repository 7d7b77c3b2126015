// A DeployContext whose deploy/write poll eth_getTransactionReceipt themselves. Workaround for devnet/deploy/context.ts:
// anvil answers eth_sendTransaction before it has mined the transaction (about one time in ten on this machine), and
// viem's waitForTransactionReceipt then waits for a *later* block, which an automining node with nothing else to
// mine never produces, so the wait hangs for its 180 s timeout. Writes also get a gas margin (see GAS_MARGIN).
// Drop this once context.ts does both.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Hex, type TransactionReceipt, TransactionReceiptNotFoundError, encodeDeployData, encodeFunctionData, numberToHex } from 'viem';
import { type DeployContext, DevnetTransactionError, createDeployContext } from '../../../devnet/deploy/context.ts';

const RECEIPT_POLL_MS = 2;
const RECEIPT_TIMEOUT_MS = 30_000;
const DEPLOY_GAS = 900_000_000n;
/**
 * Writes get their estimate plus a margin. An exact estimate can run out of gas when the block that mines the
 * transaction has a later timestamp than the one estimated against: a UniV2 pair's first swap after its mint then
 * also writes its two price accumulators (zero to non-zero, 20k gas each), which it skips when no time has passed.
 */
const GAS_MARGIN = 100_000n;

/**
 * createDeployContext with deploy and write that never wait for a block that will not come.
 * @example const ctx = createReliableDeployContext(anvil.rpcUrl)
 */
export function createReliableDeployContext(rpcUrl: string): DeployContext {
  const base = createDeployContext(rpcUrl);

  const mined = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    for (;;) {
      try {
        const receipt = await base.publicClient.getTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new DevnetTransactionError(what, receipt);
        return receipt;
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
        await sleep(RECEIPT_POLL_MS);
      }
    }
  };

  return {
    ...base,
    async deploy(contract, args = []) {
      const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args });
      const hash = await base.rpc<Hex>('eth_sendTransaction', [{ from: base.deployer, data, gas: numberToHex(DEPLOY_GAS) }]);
      const receipt = await mined(hash, 'contract creation');
      if (!receipt.contractAddress) throw new DevnetTransactionError('contract creation without an address', receipt);
      return receipt.contractAddress;
    },
    async write({ address, abi, functionName, args = [], value, from = base.deployer }) {
      const data = encodeFunctionData({ abi, functionName, args });
      const estimate = await base.publicClient.estimateGas({ account: from, to: address, data, value });
      const gas = numberToHex((estimate * 3n) / 2n + GAS_MARGIN);
      const tx = { from, to: address, data, gas, ...(value === undefined ? {} : { value: numberToHex(value) }) };
      const hash = await base.rpc<Hex>('eth_sendTransaction', [tx]);
      return mined(hash, `${functionName} on ${address}`);
    },
  };
}
