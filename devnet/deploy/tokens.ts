// Deploys the devnet's tokens: WETH9 from @uniswap/v2-periphery as the wrapped native, TestERC20 for the others with
// the snapshot's symbols and decimals.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { type Abi, type Address, type Hex, maxUint256, parseAbi } from 'viem';
import type { SnapshotToken } from '../../src/snapshot/types.ts';
import { compileSolidity, type CompiledContract } from '../solc.ts';
import { type DeployContext, fundNative } from './context.ts';
import type { DevnetTokens } from './types.ts';

const require = createRequire(import.meta.url);
const ERC20_ABI = parseAbi([
  'function mint(address to, uint256 value)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function deposit() payable',
]);

const WETH_SYMBOL_ABI = parseAbi(['function symbol() view returns (string)']);

/** WETH9 exactly as Uniswap V2's periphery package ships it. */
export function weth9Artifact(): CompiledContract {
  const json = require('@uniswap/v2-periphery/build/WETH9.json') as { abi: Abi; bytecode: string; evm: { deployedBytecode: { object: string } } };
  return { abi: json.abi, bytecode: `0x${json.bytecode}` as Hex, deployedBytecode: `0x${json.evm.deployedBytecode.object}` as Hex };
}

export function testErc20Artifact(): CompiledContract {
  const path = new URL('../../contracts/TestERC20.sol', import.meta.url);
  return compileSolidity({ 'contracts/TestERC20.sol': readFileSync(path, 'utf8') }).TestERC20;
}

/**
 * Deploys one contract per snapshot token (`wrappedNativeIndex` becomes WETH9) and returns them as DevnetTokens.
 * @example const tokens = await deployTokens(ctx, seedTokens, 0)
 */
export async function deployTokens(
  ctx: DeployContext,
  tokens: readonly SnapshotToken[],
  wrappedNativeIndex: number,
): Promise<DevnetTokens> {
  const erc20 = testErc20Artifact();
  const list: SnapshotToken[] = [];
  for (const [i, token] of tokens.entries()) {
    if (i === wrappedNativeIndex) {
      // WETH9's name and symbol are constants of its bytecode ("WETH"); the list says what the chain says.
      const address = await ctx.deploy(weth9Artifact());
      const symbol = await ctx.publicClient.readContract({ address, abi: WETH_SYMBOL_ABI, functionName: 'symbol' });
      list.push({ ...token, address, symbol });
    } else {
      const address = await ctx.deploy(erc20, [`${token.symbol} (devnet)`, token.symbol, token.decimals]);
      list.push({ ...token, address });
    }
  }
  const wrappedNative = list[wrappedNativeIndex].address as Address;
  await fundNative(ctx, ctx.deployer);

  return {
    list,
    wrappedNative,
    async fund(token, to, amount) {
      if (amount === 0n) return;
      if (token.toLowerCase() === wrappedNative.toLowerCase()) {
        await fundNative(ctx, to);
        await ctx.write({ address: token, abi: ERC20_ABI, functionName: 'deposit', value: amount, from: to });
      } else {
        await ctx.write({ address: token, abi: ERC20_ABI, functionName: 'mint', args: [to, amount] });
      }
    },
    async approve(token, spender, owner = ctx.deployer) {
      await ctx.write({ address: token, abi: ERC20_ABI, functionName: 'approve', args: [spender, maxUint256], from: owner });
    },
  };
}
