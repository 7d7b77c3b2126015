// Graph-side helpers for the execution tests and the gas calibration: the chain's exact state as a graph, pools by
// token, random paths, and input amounts sized against a pool's depth.
import type { Address, PublicClient } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { loadChainState } from '../../../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import { buildGraph } from '../../../src/graph/buildGraph.ts';
import { GraphView } from '../../../src/graph/graphView.ts';
import type { NetworkPreset } from '../../../src/network/types.ts';
import { evaluatePath } from '../../../src/routing/evaluatePath.ts';
import type { Hop } from '../../../src/routing/types.ts';
import { head } from './chain.ts';

let version = 0;

/**
 * The whole chain state at the latest block, read with the service's own readers, as a graph.
 * @example const graph = await chainGraph(devnet.ctx, preset)
 */
export async function chainGraph(ctx: DeployContext, preset: NetworkPreset): Promise<GraphView> {
  const client = ctx.publicClient as PublicClient;
  const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address });
  const state = await loadChainState({ client, multicall }, preset, await head(ctx));
  return new GraphView(buildGraph(state.toSnapshot(preset), preset, ++version));
}

/** Every hop out of every token: token index → hops leaving it. */
export function hopsByToken(graph: GraphView): Map<number, Hop[]> {
  const out = new Map<number, Hop[]>();
  for (let pool = 0; pool < graph.poolCount; pool++) {
    const tokens = graph.poolTokens(pool);
    for (let localIn = 0; localIn < tokens.length; localIn++) {
      for (let localOut = 0; localOut < tokens.length; localOut++) {
        if (localIn === localOut) continue;
        const hop: Hop = { pool, tokenIn: tokens[localIn], tokenOut: tokens[localOut], localIn, localOut };
        const list = out.get(hop.tokenIn) ?? [];
        list.push(hop);
        out.set(hop.tokenIn, list);
      }
    }
  }
  return out;
}

/**
 * An amount of a hop's input token worth about `fraction` of the pool's depth (at least one unit of the token's
 * smallest denomination).
 */
export function amountFor(graph: GraphView, hop: Hop, fraction: number): bigint {
  const price = graph.tokenNativePrice[hop.tokenIn];
  const depth = graph.poolLiquidity[hop.pool] / (price > 0 ? price : 1);
  const amount = BigInt(Math.floor(Math.max(1, depth * fraction)));
  return amount > 0n ? amount : 1n;
}

/**
 * A random simple path of `length` hops from `from` (no token twice), whose hops satisfy `accept`; null when the
 * walk runs into a dead end.
 */
export function randomPath(
  graph: GraphView,
  byToken: Map<number, Hop[]>,
  random: () => number,
  from: number,
  length: number,
  accept: (hop: Hop, index: number) => boolean = () => true,
): Hop[] | null {
  const path: Hop[] = [];
  const seen = new Set([from]);
  let token = from;
  for (let i = 0; i < length; i++) {
    const options = (byToken.get(token) ?? []).filter((hop) => !seen.has(hop.tokenOut) && accept(hop, i));
    if (options.length === 0) return null;
    const hop = options[Math.floor(random() * options.length)];
    path.push(hop);
    seen.add(hop.tokenOut);
    token = hop.tokenOut;
  }
  return path;
}

/** The exact output of `hops` for `amountIn` on `graph`, or null when a hop cannot execute. */
export function exactOut(graph: GraphView, hops: Hop[], amountIn: bigint): { amountOut: bigint; ticksCrossed: number } | null {
  const path = evaluatePath(graph, hops, amountIn);
  return path && path.amountOut > 0n ? path : null;
}
