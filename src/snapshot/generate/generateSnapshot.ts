// Generates a synthetic chain-369-like snapshot from a seed: same seed and options, same bytes.
import type { NetworkPreset } from '../../network/types.ts';
import { createRandom } from '../random.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from '../types.ts';
import { tokenUniverse } from './tokenUniverse.ts';
import { generateOtherKindPools } from './otherKindPools.ts';
import { generateUniV2Pools } from './univ2Pools.ts';

export interface GenerateOptions {
  seed: number;
  /** Number of UniV2 pairs (default 20,000); the other kinds add a fixed set of pools on major pairs. */
  univ2Pools?: number;
  /** Include the UniV3, stable and Balancer pools (default true); false gives a UniV2-only graph. */
  otherKinds?: boolean;
}

/** A block number of the right magnitude for chain 369. */
const SYNTHETIC_BLOCK = 23_000_000n;

/**
 * Builds a snapshot with the preset's real tokens, a synthetic long tail and heavy-tailed liquidity.
 * @example generateSnapshot(loadPreset(), { seed: 369 }).pools.length // 20000
 */
export function generateSnapshot(preset: NetworkPreset, options: GenerateOptions): Snapshot {
  const rng = createRandom(options.seed);
  const univ2Count = options.univ2Pools ?? 20_000;
  // About one tail token for every three pairs keeps the degree distribution heavy-tailed.
  const tokens = tokenUniverse(preset, Math.round(univ2Count / 3), rng);
  const pools = generateUniV2Pools(preset, tokens, univ2Count, rng);
  if (options.otherKinds ?? true) pools.push(...generateOtherKindPools(preset, tokens, rng));
  return {
    format: SNAPSHOT_FORMAT,
    chainId: preset.chainId,
    blockNumber: SYNTHETIC_BLOCK,
    synthetic: true,
    tokens: tokens.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
    pools,
  };
}
