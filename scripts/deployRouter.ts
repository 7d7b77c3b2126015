// Deploys contracts/AggregatorRouter.sol to any chain and prints its address, for the network file or configuration.
// Usage: npm run deploy:router -- --rpc URL [--private-key KEY] [--network data/networks/chain369.json]
// Without --private-key the node must hold the sending account unlocked (anvil's first account, a local geth).
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  type Address,
  type Hex,
  TransactionReceiptNotFoundError,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { aggregatorRouterArtifact, routerConstructorArgs } from '../devnet/deploy/aggregatorRouter.ts';
import { loadPreset } from '../src/network/loadPreset.ts';

const { values } = parseArgs({
  options: {
    rpc: { type: 'string' },
    'private-key': { type: 'string' },
    network: { type: 'string' },
  },
});
if (!values.rpc) {
  console.error('usage: npm run deploy:router -- --rpc URL [--private-key KEY] [--network FILE]');
  process.exit(2);
}

const preset = loadPreset(values.network ?? new URL('../data/networks/chain369.json', import.meta.url));
const transport = http(values.rpc);
const chainId = await createPublicClient({ transport }).getChainId();
if (chainId !== preset.chainId) throw new Error(`The node's chain id is ${chainId}; the network file is for ${preset.chainId}`);
const chain = defineChain({
  id: chainId,
  name: `chain ${chainId}`,
  nativeCurrency: { name: preset.nativeSymbol, symbol: preset.nativeSymbol, decimals: 18 },
  rpcUrls: { default: { http: [values.rpc] } },
});
const publicClient = createPublicClient({ chain, transport });
const walletClient = createWalletClient({ chain, transport });
const account = values['private-key']
  ? privateKeyToAccount(values['private-key'] as Hex)
  : ((await walletClient.getAddresses())[0] ?? failNoAccount());

const { abi, bytecode } = aggregatorRouterArtifact();
const args = routerConstructorArgs(preset);
const hash = await walletClient.sendTransaction({ account, chain, data: encodeDeployData({ abi, bytecode, args }) });
const receipt = await minedReceipt(hash);
if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`Deployment reverted (transaction ${hash})`);
console.error(`AggregatorRouter(wrappedNative ${args[0]}, balancerV2Vault ${args[1]}, balancerV3Vault ${args[2]})`);
console.log(receipt.contractAddress);

/** Polls for the receipt (viem's block watcher can miss the block on an automining devnet). */
async function minedReceipt(hash: Hex) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      return await publicClient.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

function failNoAccount(): Address {
  throw new Error('The node has no unlocked account: pass --private-key');
}
