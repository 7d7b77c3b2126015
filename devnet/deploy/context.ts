// What every platform deployer gets: viem clients on the devnet, the deployer account (anvil's first, unlocked), and
// helpers that deploy, call and fund while failing loudly on a revert.
import {
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
} from 'viem';

/** Anvil's first default account, unlocked on the node, so transactions need no local signing. */
export const DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** A second unlocked anvil account, for "someone else" swapping in tests. */
export const OTHER_ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const RECEIPT_TIMEOUT_MS = 60_000;
const WRITE_GAS = 500_000_000n;

export function devnetChain(rpcUrl: string): Chain {
  return defineChain({
    id: 369,
    name: 'devnet369',
    nativeCurrency: { name: 'Pulse', symbol: 'PLS', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  });
}

export interface DeployContext {
  rpcUrl: string;
  chain: Chain;
  publicClient: PublicClient;
  deployer: Address;
  /** Deploys creation bytecode with constructor args from the deployer; resolves to the new address. */
  deploy(contract: { abi: Abi; bytecode: Hex }, args?: readonly unknown[]): Promise<Address>;
  /** Sends a contract call from `from` (default the deployer) and resolves to the mined receipt; throws on revert. */
  write(call: WriteCall): Promise<TransactionReceipt>;
  /** A JSON-RPC call to the node (anvil_setCode, anvil_setBalance, evm_mine ...). */
  rpc<T = unknown>(method: string, params: unknown[]): Promise<T>;
}

export interface WriteCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
  from?: Address;
  /** Gas limit; default a flat 500M, because estimates taken in a pending block can run short (V3 mints, swaps). */
  gas?: bigint;
}

/** Thrown when a devnet transaction reverts, naming the call. */
export class DevnetTransactionError extends Error {
  constructor(what: string, readonly receipt?: TransactionReceipt) {
    super(`devnet transaction reverted: ${what}`);
    this.name = 'DevnetTransactionError';
  }
}

/**
 * Connects to a devnet node. Anvil mines each transaction as it arrives, so every receipt is read right away
 * instead of being polled for.
 * @example const ctx = createDeployContext(anvil.rpcUrl); await ctx.deploy(weth9)
 */
export function createDeployContext(rpcUrl: string): DeployContext {
  const chain = devnetChain(rpcUrl);
  const transport = http(rpcUrl, { batch: false, retryCount: 0 });
  // cacheTime 0: a block number read right after a mined transaction must include it.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20, cacheTime: 0 }) as PublicClient;
  const walletClient = createWalletClient({ chain, transport });

  const mined = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    // Anvil mines on arrival, so the receipt is there at once; the loop only covers a node with a block time.
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    for (;;) {
      const receipt = await publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if ((error as { name?: string }).name === 'TransactionReceiptNotFoundError') return undefined;
        throw error;
      });
      if (receipt) {
        if (receipt.status !== 'success') throw new DevnetTransactionError(what, receipt);
        return receipt;
      }
      if (Date.now() > deadline) throw new DevnetTransactionError(`${what}: not mined within ${RECEIPT_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  return {
    rpcUrl,
    chain,
    publicClient,
    deployer: DEPLOYER,
    async deploy(contract, args = []) {
      const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args });
      const hash = await walletClient.sendTransaction({ account: DEPLOYER, data, chain, gas: 900_000_000n });
      const receipt = await mined(hash, 'contract creation');
      if (!receipt.contractAddress) throw new DevnetTransactionError('contract creation without an address', receipt);
      return getAddress(receipt.contractAddress);
    },
    async write({ address, abi, functionName, args = [], value, from = DEPLOYER, gas = WRITE_GAS }) {
      const data = encodeFunctionData({ abi, functionName, args });
      const hash = await walletClient.sendTransaction({ account: from, to: address, data, value, chain, gas });
      return mined(hash, `${functionName} on ${address}`);
    },
    async rpc<T>(method: string, params: unknown[]): Promise<T> {
      return (await publicClient.request({ method: method as never, params: params as never })) as T;
    },
  };
}

/** Gives `account` a native balance large enough for any seeding (wrapping billions of WPLS). */
export async function fundNative(ctx: DeployContext, account: Address, amount: bigint = 1n << 200n): Promise<void> {
  await ctx.rpc('anvil_setBalance', [account, numberToHex(amount)]);
}
