// Test support: the Vault's own quote (queryBatchSwap by eth_call) and a real swap, as the engine is checked against.
import { type Address, BaseError, ContractFunctionRevertedError, type Hex, type TransactionReceipt, maxUint256, parseAbi } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { balancerV2Artifact } from '../../../devnet/deploy/balv2/artifacts.ts';

const VAULT_ABI = balancerV2Artifact('vault').abi;
const ERC20_ABI = parseAbi(['function balanceOf(address) view returns (uint256)']);
const GIVEN_IN = 0;

export interface SwapLeg {
  vault: Address;
  poolId: Hex;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
}

/**
 * The amount out the Vault reports for a single GIVEN_IN swap at `blockNumber`, or null when the query reverts.
 * @example const out = await queryVaultSwap(ctx, { vault, poolId, tokenIn, tokenOut, amountIn: 10n ** 18n }, head)
 */
export async function queryVaultSwap(ctx: DeployContext, leg: SwapLeg, blockNumber: bigint): Promise<bigint | null> {
  try {
    const deltas = (await ctx.publicClient.readContract({
      address: leg.vault,
      abi: VAULT_ABI,
      functionName: 'queryBatchSwap',
      args: [
        GIVEN_IN,
        [{ poolId: leg.poolId, assetInIndex: 0n, assetOutIndex: 1n, amount: leg.amountIn, userData: '0x' }],
        [leg.tokenIn, leg.tokenOut],
        { sender: ctx.deployer, fromInternalBalance: false, recipient: ctx.deployer, toInternalBalance: false },
      ],
      blockNumber,
    })) as readonly bigint[];
    // The Vault's deltas are what it takes (positive) and pays (negative).
    if (deltas[0] !== leg.amountIn) throw new Error(`queryBatchSwap took ${deltas[0]} instead of ${leg.amountIn}`);
    return -deltas[1];
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)) return null;
    throw error;
  }
}

/**
 * Funds `trader`, sends `vault.swap` (GIVEN_IN, no minimum out) and returns the receipt and the balance the trader
 * actually gained in tokenOut.
 * @example const { received } = await executeVaultSwap(ctx, fund, approve, OTHER_ACCOUNT, leg)
 */
export async function executeVaultSwap(
  ctx: DeployContext,
  fund: (token: Address, to: Address, amount: bigint) => Promise<void>,
  approve: (token: Address, spender: Address, owner: Address) => Promise<void>,
  trader: Address,
  leg: SwapLeg,
): Promise<{ receipt: TransactionReceipt; received: bigint }> {
  await fund(leg.tokenIn, trader, leg.amountIn);
  await approve(leg.tokenIn, leg.vault, trader);
  const balance = () =>
    ctx.publicClient.readContract({ address: leg.tokenOut, abi: ERC20_ABI, functionName: 'balanceOf', args: [trader] });
  const before = await balance();
  const receipt = await ctx.write({
    address: leg.vault,
    abi: VAULT_ABI,
    functionName: 'swap',
    from: trader,
    args: [
      { poolId: leg.poolId, kind: GIVEN_IN, assetIn: leg.tokenIn, assetOut: leg.tokenOut, amount: leg.amountIn, userData: '0x' },
      { sender: trader, fromInternalBalance: false, recipient: trader, toInternalBalance: false },
      0n,
      maxUint256,
    ],
  });
  return { receipt, received: (await balance()) - before };
}
