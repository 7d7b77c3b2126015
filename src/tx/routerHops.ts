// Graph hops as our aggregator router's typed hops (contracts/AggregatorRouter.sol: Hop), and which executor a path
// goes through.
import type { GraphView } from '../graph/graphView.ts';
import type { NetworkPreset } from '../network/types.ts';
import type { Hop } from '../routing/types.ts';

/** AggregatorRouter.PoolKind: the enum's order in the contract. */
export const ROUTER_POOL_KIND = { UniV2: 0, UniV3: 1, Stable: 2, BalancerV2: 3, BalancerV3: 4 } as const;

/** The router's pool kind of each graph pool kind. */
const ROUTER_KIND_OF: Record<string, number> = {
  univ2: ROUTER_POOL_KIND.UniV2,
  univ3: ROUTER_POOL_KIND.UniV3,
  stable: ROUTER_POOL_KIND.Stable,
  balv2Weighted: ROUTER_POOL_KIND.BalancerV2,
  balv2Stable: ROUTER_POOL_KIND.BalancerV2,
  balv3Weighted: ROUTER_POOL_KIND.BalancerV3,
  balv3Stable: ROUTER_POOL_KIND.BalancerV3,
};

/** One hop as the router's calldata carries it (AggregatorRouter.Hop). */
export interface RouterHop {
  kind: number;
  pool: `0x${string}`;
  tokenOut: `0x${string}`;
  feeNumerator: number;
  feeDenominator: number;
  indexIn: number;
  indexOut: number;
}

/**
 * The router's hops for a graph path: UniV2 hops carry the pair's fee fraction (the router computes the output from
 * the pair's reserves with it), stable hops the pool's coin indices; Balancer hops need only pool and tokens.
 * Throws on a pool kind the router cannot execute.
 * @example routerHops(graph, path.hops)[0].kind // ROUTER_POOL_KIND.UniV2
 */
export function routerHops(graph: GraphView, hops: readonly Hop[]): RouterHop[] {
  return hops.map((hop) => {
    const kind = ROUTER_KIND_OF[graph.poolKind(hop.pool)];
    if (kind === undefined) throw new Error(`The aggregator router cannot execute a ${graph.poolKind(hop.pool)} pool`);
    // The graph stores a UniV2 fee as the share kept: fee = denominator - numerator.
    const { fee, feeDenominator } = graph.poolFee(hop.pool);
    const v2 = kind === ROUTER_POOL_KIND.UniV2;
    const stable = kind === ROUTER_POOL_KIND.Stable;
    return {
      kind,
      pool: graph.poolAddress(hop.pool) as `0x${string}`,
      tokenOut: graph.tokenAddress(hop.tokenOut) as `0x${string}`,
      feeNumerator: v2 ? feeDenominator - fee : 0,
      feeDenominator: v2 ? feeDenominator : 0,
      indexIn: stable ? hop.localIn : 0,
      indexOut: stable ? hop.localOut : 0,
    };
  });
}

/**
 * The platform's own UniswapV2Router02 when every hop is a UniV2 pair of one platform that has a router (cheaper in
 * gas than our router for such paths); undefined when the path needs our router.
 * @example platformRouterOf(graph, preset, path.hops) // '0x165C…' for a dexa_v2-only UniV2 path
 */
export function platformRouterOf(graph: GraphView, preset: NetworkPreset, hops: readonly Hop[]): string | undefined {
  if (hops.length === 0) return undefined;
  const platform = graph.poolPlatformCode(hops[0].pool);
  for (const hop of hops) {
    if (graph.poolKind(hop.pool) !== 'univ2' || graph.poolPlatformCode(hop.pool) !== platform) return undefined;
  }
  return preset.platforms[graph.poolPlatform(hops[0].pool)].router;
}
