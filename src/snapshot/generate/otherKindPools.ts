// Pools of the kinds beyond UniV2 in a generated snapshot: UniV3 tiers per major pair on dexb_v3/dexc_v3, DexA's
// USDT/USDC/DAI stable pool, Balancer V2 weighted and composable stable pools on dexd_v2, Balancer V3 weighted and
// stable pools on dexe_v3.
import type { DexPlatformId, NetworkPreset } from '../../network/types.ts';
import { synthesizeBalV2Stable, synthesizeBalV2Weighted } from '../synthetic/balv2.ts';
import { synthesizeBalV3Stable, synthesizeBalV3Weighted } from '../synthetic/balv3.ts';
import { synthesizeStableState } from '../synthetic/stable.ts';
import { synthesizeUniV3State } from '../synthetic/univ3.ts';
import type { SnapshotPool } from '../types.ts';
import { pseudoAddress, univ3PoolAddress } from './poolAddress.ts';
import type { PricedToken } from './tokenUniverse.ts';

/** [platform, token A, token B, fee tiers, TVL in USD per tier]. */
const UNIV3_POOLS: [DexPlatformId, string, string, number[], number][] = [
  ['dexc_v3', 'WPLS', 'DAI', [2500, 10000], 250_000],
  ['dexc_v3', 'WPLS', 'USDC', [500, 2500], 180_000],
  ['dexc_v3', 'WPLS', 'USDT', [2500], 90_000],
  ['dexc_v3', 'WPLS', 'PLSX', [2500, 10000], 160_000],
  ['dexc_v3', 'WPLS', 'HEX', [2500, 10000], 140_000],
  ['dexc_v3', 'WPLS', 'WETH', [2500], 110_000],
  ['dexc_v3', 'WPLS', 'WBTC', [2500], 70_000],
  ['dexc_v3', 'HEX', 'USDC', [2500], 60_000],
  ['dexc_v3', 'USDL', 'DAI', [100, 500], 200_000],
  ['dexc_v3', 'DAI', 'USDC', [100], 120_000],
  ['dexc_v3', 'USDC', 'USDT', [100], 90_000],
  ['dexc_v3', 'PLSX', 'HEX', [10000], 40_000],
  ['dexc_v3', 'WPLS', 'INC', [10000], 50_000],
  ['dexc_v3', 'DEXC', 'WPLS', [10000, 20000], 45_000],
  ['dexc_v3', 'WPLS', 'eHEX', [2500], 35_000],
  ['dexb_v3', 'WPLS', 'DAI', [2500], 60_000],
  ['dexb_v3', 'WPLS', 'USDC', [2500], 40_000],
  ['dexb_v3', 'WPLS', 'PLSX', [2500], 35_000],
  ['dexb_v3', 'DEXB', 'WPLS', [2500, 10000], 30_000],
  ['dexb_v3', 'BBC', 'WPLS', [10000], 15_000],
  ['dexb_v3', 'WPLS', 'HEX', [2500], 25_000],
];

/** [symbols, weights, TVL in USD] of Balancer V2 weighted pools. */
const BALV2_WEIGHTED: [string[], number[], number][] = [
  [['DEXD', 'WPLS'], [0.8, 0.2], 400_000],
  [['HEX', 'WPLS'], [0.8, 0.2], 150_000],
  [['PLSX', 'WPLS'], [0.5, 0.5], 120_000],
  [['INC', 'WPLS'], [0.8, 0.2], 100_000],
  [['WPLS', 'WETH', 'WBTC'], [0.34, 0.33, 0.33], 80_000],
];
/** [symbols, TVL in USD] of Balancer V2 composable stable pools. */
const BALV2_STABLE: [string[], number][] = [
  [['USDC', 'USDT', 'DAI'], 250_000],
  [['USDL', 'DAI', 'PXDC'], 60_000],
];

/** Balancer V3 pools on dexe_v3: [kind, symbols, weights (weighted only), TVL in USD]. */
const BALV3_POOLS: ['balv3Weighted' | 'balv3Stable', string[], number[], number][] = [
  ['balv3Weighted', ['HEX', 'CST'], [0.8, 0.2], 150_000],
  ['balv3Weighted', ['WPLS', 'PLSX'], [0.5, 0.5], 80_000],
  ['balv3Weighted', ['WPLS', 'HEX', 'PLSX'], [0.4, 0.3, 0.3], 60_000],
  ['balv3Stable', ['USDC', 'USDT'], [], 100_000],
  ['balv3Stable', ['DAI', 'USDL', 'hUSDC'], [], 50_000],
];

export function generateOtherKindPools(preset: NetworkPreset, tokens: PricedToken[], rng: () => number): SnapshotPool[] {
  const index = new Map(tokens.filter((t) => t.major).map((t, i) => [t.symbol, i]));
  const of = (symbol: string) => {
    const i = index.get(symbol);
    if (i === undefined) throw new Error(`Generator: no token ${symbol} in the preset`);
    return i;
  };
  const pools: SnapshotPool[] = [];

  for (const [platform, a, b, tiers, tvlUsd] of UNIV3_POOLS) {
    const [t0, t1] = [of(a), of(b)].sort((x, y) => (tokens[x].address.toLowerCase() < tokens[y].address.toLowerCase() ? -1 : 1));
    const [k0, k1] = [tokens[t0], tokens[t1]];
    // Raw token1 per raw token0, and the virtual liquidity of a position of this value around the price.
    const price = (k0.priceUsd / 10 ** k0.decimals) / (k1.priceUsd / 10 ** k1.decimals);
    const x = tvlUsd / 2 / k0.priceUsd * 10 ** k0.decimals;
    for (const fee of tiers) {
      const tier = preset.platforms[platform].feeTiers!.find((t) => t.fee === fee)!;
      pools.push({
        platform,
        kind: 'univ3',
        address: univ3PoolAddress(platform, preset.platforms[platform], k0.address, k1.address, fee),
        tokens: [t0, t1],
        state: { ...synthesizeUniV3State({ rng, fee, tickSpacing: tier.tickSpacing, price, liquidityScale: 3 * x * Math.sqrt(price) }) },
      });
    }
  }

  const stablePool = preset.platforms.dexa_stable.pools![0];
  const coins = ['USDT', 'USDC', 'DAI'].map(of);
  pools.push({
    platform: 'dexa_stable',
    kind: 'stable',
    address: stablePool,
    tokens: coins,
    state: { ...synthesizeStableState({ rng, decimals: coins.map((t) => tokens[t].decimals), tvlUsd: 936_400, imbalance: 0.04 }) },
  });

  for (const [symbols, weights, tvlUsd] of BALV2_WEIGHTED) {
    const ids = symbols.map(of);
    pools.push({
      platform: 'dexd_v2',
      kind: 'balv2Weighted',
      address: pseudoAddress('dexd_v2', symbols.join('/')),
      tokens: ids,
      state: {
        ...synthesizeBalV2Weighted({
          rng,
          decimals: ids.map((t) => tokens[t].decimals),
          pricesUsd: ids.map((t) => tokens[t].priceUsd),
          weights,
          tvlUsd,
        }),
      },
    });
  }
  for (const [symbols, tvlUsd] of BALV2_STABLE) {
    const ids = symbols.map(of);
    pools.push({
      platform: 'dexd_v2',
      kind: 'balv2Stable',
      address: pseudoAddress('dexd_v2', `stable:${symbols.join('/')}`),
      tokens: ids,
      state: { ...synthesizeBalV2Stable({ rng, decimals: ids.map((t) => tokens[t].decimals), tvlUsd }) },
    });
  }
  for (const [kind, symbols, weights, tvlUsd] of BALV3_POOLS) {
    const ids = symbols.map(of);
    const decimals = ids.map((t) => tokens[t].decimals);
    const state =
      kind === 'balv3Weighted'
        ? synthesizeBalV3Weighted({ rng, decimals, pricesUsd: ids.map((t) => tokens[t].priceUsd), weights, tvlUsd })
        : synthesizeBalV3Stable({ rng, decimals, tvlUsd });
    pools.push({
      platform: 'dexe_v3',
      kind,
      address: pseudoAddress('dexe_v3', `${kind}:${symbols.join('/')}`),
      tokens: ids,
      state: { ...state },
    });
  }
  return pools;
}
