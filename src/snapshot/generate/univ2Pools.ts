// UniV2 pairs of a generated snapshot: deep pairs among the real tokens, a heavy-tailed long tail around them.
import type { DexPlatformId, NetworkPreset } from '../../network/types.ts';
import type { SnapshotPool } from '../types.ts';
import { noise, pareto, rawAmount } from './amounts.ts';
import { univ2PairAddress } from './poolAddress.ts';
import type { PricedToken } from './tokenUniverse.ts';

/** Share of pairs per UniV2 platform and how deep its pools are relative to the largest (dexa_v2). */
const PLATFORMS: { id: DexPlatformId; share: number; depth: number }[] = [
  { id: 'dexa_v2', share: 0.55, depth: 1 },
  { id: 'dexa_v1', share: 0.3, depth: 0.45 },
  { id: 'dexc_v2', share: 0.08, depth: 0.12 },
  { id: 'dexb_v2', share: 0.07, depth: 0.08 },
];
/** Real tokens every major quotes against. */
const BASES = ['WPLS', 'PLSX', 'HEX', 'DAI', 'USDC', 'USDT', 'WETH', 'INC'];

export function generateUniV2Pools(
  preset: NetworkPreset,
  tokens: PricedToken[],
  targetCount: number,
  rng: () => number,
): SnapshotPool[] {
  const pools: SnapshotPool[] = [];
  const seen = new Set<string>();
  const bySymbol = new Map(tokens.filter((t) => t.major).map((t, i) => [t.symbol, i]));
  const add = (platform: DexPlatformId, a: number, b: number, tvlUsd: number, sigma: number) => {
    const [t0, t1] = tokens[a].address.toLowerCase() < tokens[b].address.toLowerCase() ? [a, b] : [b, a];
    const key = `${platform}:${t0}:${t1}`;
    if (a === b || seen.has(key)) return;
    seen.add(key);
    // One price vector plus noise: each side holds about half the value.
    const half = tvlUsd / 2;
    pools.push({
      platform,
      kind: 'univ2',
      address: univ2PairAddress(platform, preset.platforms[platform], tokens[t0].address, tokens[t1].address),
      tokens: [t0, t1],
      state: {
        reserve0: rawAmount(half * noise(rng, sigma), tokens[t0].priceUsd, tokens[t0].decimals, rng),
        reserve1: rawAmount(half * noise(rng, sigma), tokens[t1].priceUsd, tokens[t1].decimals, rng),
      },
    });
  };

  const majors = tokens.map((t, i) => (t.major ? i : -1)).filter((i) => i >= 0);
  const bases = BASES.map((s) => bySymbol.get(s)!).filter((i) => i !== undefined);
  for (const { id, depth } of PLATFORMS) {
    for (const major of majors) {
      for (const base of bases) add(id, major, base, depth * pareto(rng, 20_000, 0.9, 4_000_000), 0.001);
    }
  }

  const tail = tokens.map((t, i) => (t.major ? -1 : i)).filter((i) => i >= 0);
  const wpls = bySymbol.get('WPLS')!;
  while (pools.length < targetCount) {
    const token = tail[Math.floor(rng() * tail.length)];
    const platform = pickPlatform(rng);
    const r = rng();
    // Most tail pairs are against WPLS, then other bases, then other tail tokens.
    const other =
      r < 0.6 ? wpls : r < 0.85 ? bases[Math.floor(rng() * bases.length)] : tail[Math.floor(rng() * tail.length)];
    add(platform.id, token, other, platform.depth * pareto(rng, 30, 1.1, 2_000_000), 0.003);
  }
  return pools;
}

function pickPlatform(rng: () => number) {
  let r = rng();
  for (const p of PLATFORMS) {
    if ((r -= p.share) < 0) return p;
  }
  return PLATFORMS[0];
}
