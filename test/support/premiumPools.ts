// A hand-built graph where pools pay above the market rate, for the tests of orienting trades by prices (the flow
// optimiser's rounds and the benchmark reference's): a routing trades down the prices through such a pool.
import { E18, E6, TOKENS } from '../split/splitFixtures.ts';
import { type V2PoolSpec, handGraph } from './graphs.ts';

/**
 * WPLS into USDC through AAA, BBB and CCC, each priced by a deep pool with WPLS; BBB → AAA and AAA → CCC are pools
 * that pay 10% and 5% above those prices, and CCC sells into USDC at a 5% premium. AAA is the deepest of the three, so
 * an order by hop distance, then depth, puts it nearest USDC: BBB → AAA is enabled and AAA → CCC is not.
 */
export function premiumPoolsGraph() {
  const K = 1_000n * E18;
  const tokens = [...TOKENS, { symbol: 'AAA', decimals: 18 }, { symbol: 'BBB', decimals: 18 }, { symbol: 'CCC', decimals: 18 }];
  const h = handGraph(tokens, [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000n * K, 1_000_000_000n * E6] },
    { tokens: ['WPLS', 'AAA'], reserves: [1_000n * K, 1_000n * K] },
    { tokens: ['WPLS', 'BBB'], reserves: [300n * K, 300n * K] },
    { tokens: ['AAA', 'USDC'], reserves: [100n * K, 100_000_000n * E6] },
    { tokens: ['BBB', 'USDC'], reserves: [50n * K, 50_000_000n * E6] },
    { tokens: ['BBB', 'AAA'], reserves: [100n * K, 110n * K] },
    { tokens: ['WPLS', 'CCC'], reserves: [1_000n * K, 1_000n * K] },
    { tokens: ['CCC', 'USDC'], reserves: [100n * K, 105_000_000n * E6] },
    { tokens: ['AAA', 'CCC'], reserves: [100n * K, 105n * K] },
  ]);
  return { h, amountIn: 300n * K };
}

/**
 * WPLS into USDC through HHH and CCC, each bought from WPLS at par; HHH sells into USDC at a 1% premium and CCC at
 * par, and (with `premium`) a pool pays 3% above par from HHH into CCC. HHH is the deeper, so the first order puts it
 * nearer USDC, and every solve prices it above CCC: HHH → CCC pays at the solve's prices but runs against their order.
 */
export function payingAgainstPricesGraph(premium = true) {
  const K = 1_000n * E18;
  const tokens = [...TOKENS, { symbol: 'HHH', decimals: 18 }, { symbol: 'CCC', decimals: 18 }];
  const pools: V2PoolSpec[] = [
    { tokens: ['WPLS', 'USDC'], reserves: [1_000n * K, 1_000_000_000n * E6] },
    { tokens: ['WPLS', 'HHH'], reserves: [1_000n * K, 1_000n * K] },
    { tokens: ['HHH', 'USDC'], reserves: [100n * K, 101_000_000n * E6] },
    { tokens: ['WPLS', 'CCC'], reserves: [300n * K, 300n * K] },
    { tokens: ['CCC', 'USDC'], reserves: [50n * K, 50_000_000n * E6] },
  ];
  if (premium) pools.push({ tokens: ['HHH', 'CCC'], reserves: [100n * K, 103n * K] });
  return { h: handGraph(tokens, pools), amountIn: 3n * K };
}
