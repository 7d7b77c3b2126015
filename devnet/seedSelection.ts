// Picks the devnet's liquidity from a snapshot: every pool of the platforms with few pools, and the UniV2 pools among
// the tokens those pools use plus a few long-tail tokens, so routes on the devnet look like routes on mainnet.
import type { DexPlatformId } from '../src/network/types.ts';
import type { Snapshot, SnapshotPool, SnapshotToken } from '../src/snapshot/types.ts';

export interface SeedSelection {
  /** Tokens used by the chosen pools; `wrappedNativeIndex` is the wrapped native. */
  tokens: SnapshotToken[];
  wrappedNativeIndex: number;
  /** Chosen pools per platform, their `tokens` re-indexed into `tokens`. */
  pools: Map<DexPlatformId, SnapshotPool[]>;
}

export interface SeedOptions {
  /** Most UniV2 pools per platform (default 60). */
  v2PoolsPerPlatform?: number;
  /** Most pools of any other platform (default all). */
  otherPoolsPerPlatform?: number;
  /** Long-tail tokens (outside the preset's majors) that get V2 pools (default 12). */
  tailTokens?: number;
  /** Number of leading snapshot tokens that are the preset's real tokens (default: those with a known symbol). */
  majorCount?: number;
}

/**
 * Deterministic selection: the same snapshot and options always give the same seed.
 * @example const seed = selectSeed(readSnapshot(DEFAULT_SNAPSHOT_PATH), preset.wrappedNative.address)
 */
export function selectSeed(snapshot: Snapshot, wrappedNative: string, options: SeedOptions = {}): SeedSelection {
  const v2Limit = options.v2PoolsPerPlatform ?? 60;
  const otherLimit = options.otherPoolsPerPlatform ?? Number.POSITIVE_INFINITY;
  const majorCount = options.majorCount ?? snapshot.tokens.findIndex((t) => /^T[0-9A-Z]+$/.test(t.symbol));
  const chosen = new Map<DexPlatformId, SnapshotPool[]>();
  const add = (pool: SnapshotPool) => {
    const list = chosen.get(pool.platform) ?? [];
    list.push(pool);
    chosen.set(pool.platform, list);
  };

  const wanted = new Set<number>();
  for (const pool of snapshot.pools) {
    if (pool.kind === 'univ2') continue;
    if ((chosen.get(pool.platform)?.length ?? 0) >= otherLimit) continue;
    add(pool);
    for (const t of pool.tokens) wanted.add(t);
  }
  const wrappedIndex = snapshot.tokens.findIndex((t) => t.address.toLowerCase() === wrappedNative.toLowerCase());
  if (wrappedIndex < 0) throw new Error('selectSeed: the wrapped native token is not in the snapshot');
  wanted.add(wrappedIndex);
  for (let i = 0; i < majorCount; i++) wanted.add(i);

  // Long-tail tokens with the most V2 pools among the wanted tokens, so they have routes.
  const tailPairs = new Map<number, number>();
  for (const pool of snapshot.pools) {
    if (pool.kind !== 'univ2') continue;
    const [a, b] = pool.tokens;
    if (wanted.has(a) && !wanted.has(b)) tailPairs.set(b, (tailPairs.get(b) ?? 0) + 1);
    if (wanted.has(b) && !wanted.has(a)) tailPairs.set(a, (tailPairs.get(a) ?? 0) + 1);
  }
  const tail = [...tailPairs.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, options.tailTokens ?? 12)
    .map(([t]) => t);
  for (const t of tail) wanted.add(t);

  // V2 pools among wanted tokens, majors-only pools first (lower token indices are the preset's majors).
  const v2 = snapshot.pools
    .filter((p) => p.kind === 'univ2' && p.tokens.every((t) => wanted.has(t)))
    .sort((x, y) => Math.max(...x.tokens) - Math.max(...y.tokens));
  // Each long-tail token first gets up to two pools, so the majors' pools cannot crowd the tail out.
  const taken = new Set<SnapshotPool>();
  const tailSet = new Set(tail);
  const tailCount = new Map<number, number>();
  for (const pool of v2) {
    const t = pool.tokens.find((x) => tailSet.has(x));
    if (t === undefined || (tailCount.get(t) ?? 0) >= 2) continue;
    if ((chosen.get(pool.platform)?.length ?? 0) >= v2Limit) continue;
    tailCount.set(t, (tailCount.get(t) ?? 0) + 1);
    taken.add(pool);
    add(pool);
  }
  for (const pool of v2) {
    if (!taken.has(pool) && (chosen.get(pool.platform)?.length ?? 0) < v2Limit) add(pool);
  }

  // Keep only tokens some chosen pool uses (plus the wrapped native), in snapshot order, and re-index.
  const used = new Set<number>([wrappedIndex]);
  for (const pools of chosen.values()) for (const p of pools) for (const t of p.tokens) used.add(t);
  const order = [...used].sort((a, b) => a - b);
  const newIndex = new Map(order.map((old, i) => [old, i]));
  const pools = new Map<DexPlatformId, SnapshotPool[]>();
  for (const [platform, list] of chosen) {
    pools.set(
      platform,
      list.map((p) => ({ ...p, tokens: p.tokens.map((t) => newIndex.get(t)!) })),
    );
  }
  return {
    tokens: order.map((i) => snapshot.tokens[i]),
    wrappedNativeIndex: newIndex.get(wrappedIndex)!,
    pools,
  };
}
