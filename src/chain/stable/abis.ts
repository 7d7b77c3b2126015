// ABI of the Curve-style StableSwap pool getters the reader uses (Pancake's Solidity port and ours share them), and
// ERC-20 decimals for the coins' RATES.
import { parseAbi } from 'viem';

export const stableSwapAbi = parseAbi([
  'function coins(uint256 i) view returns (address)',
  'function balances(uint256 i) view returns (uint256)',
  'function A() view returns (uint256)',
  'function fee() view returns (uint256)',
  'function admin_fee() view returns (uint256)',
]);

export const erc20DecimalsAbi = parseAbi(['function decimals() view returns (uint8)']);
