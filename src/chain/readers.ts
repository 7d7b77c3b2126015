// Picks the chain reader for a platform kind.
import type { PlatformKind } from '../network/types.ts';
import { balv2Reader } from './balv2/balv2Reader.ts';
import { balv3Reader } from './balv3/balv3Reader.ts';
import { stableReader } from './stable/stableReader.ts';
import type { PlatformReader } from './types.ts';
import { univ2Reader } from './univ2/univ2Reader.ts';
import { univ3Reader } from './univ3/univ3Reader.ts';

const READERS: Record<PlatformKind, PlatformReader> = {
  univ2: univ2Reader,
  univ3: univ3Reader,
  stable: stableReader,
  balv2: balv2Reader,
  balv3: balv3Reader,
};

/**
 * The reader of `kind`; throws on a kind no reader handles (a preset error).
 * @example readerFor('univ2').discoverPools(ctx, 'dexa_v2', preset.platforms.dexa_v2, { fromBlock: 0n, toBlock })
 */
export function readerFor(kind: PlatformKind): PlatformReader {
  const reader = READERS[kind];
  if (!reader) throw new Error(`No chain reader for pool kind ${kind}`);
  return reader;
}
