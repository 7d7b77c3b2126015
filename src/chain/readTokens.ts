// Reads ERC-20 metadata (decimals, symbol) for tokens the reader meets, in one multicall batch.
import type { Address } from 'viem';
import { parseAbi } from 'viem/utils';
import type { SnapshotToken } from '../snapshot/types.ts';
import type { MulticallBatcher } from './multicall.ts';

const ERC20_METADATA_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);
// Some old tokens (MKR-style) return symbol as bytes32.
const BYTES32_SYMBOL_ABI = parseAbi(['function symbol() view returns (bytes32)']);

/**
 * Metadata of each token at `blockNumber`; a token without a readable `decimals()` is left out (the engine cannot
 * price it), one without a readable symbol gets a shortened address.
 * @example const tokens = await readTokens(multicall, ['0xA107...'], 1234n)
 */
export async function readTokens(
  multicall: MulticallBatcher,
  addresses: readonly Address[],
  blockNumber: bigint,
): Promise<SnapshotToken[]> {
  const reads = addresses.flatMap((address) => [
    { address, abi: ERC20_METADATA_ABI, functionName: 'decimals' },
    { address, abi: ERC20_METADATA_ABI, functionName: 'symbol' },
    { address, abi: BYTES32_SYMBOL_ABI, functionName: 'symbol' },
  ]);
  const results = await multicall.read(reads, blockNumber);
  const tokens: SnapshotToken[] = [];
  addresses.forEach((address, i) => {
    const [decimals, symbol, symbol32] = results.slice(3 * i, 3 * i + 3);
    if (decimals.status !== 'success') return;
    tokens.push({ address, symbol: symbolText(symbol, symbol32) ?? address.slice(0, 8), decimals: Number(decimals.result) });
  });
  return tokens;
}

function symbolText(
  text: { status: string; result?: unknown },
  bytes32: { status: string; result?: unknown },
): string | undefined {
  if (text.status === 'success' && typeof text.result === 'string' && text.result) return text.result;
  if (bytes32.status !== 'success' || typeof bytes32.result !== 'string') return undefined;
  const hex = bytes32.result.slice(2).replace(/(00)+$/, '');
  const decoded = Buffer.from(hex, 'hex').toString('utf8');
  return decoded || undefined;
}
