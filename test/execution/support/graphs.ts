// Graph-side helpers for the execution tests and the gas calibration: the chain's exact state as a graph, pools by
// token, random paths, and input amounts sized against a pool's depth.
import type { Address, PublicClient } from 'viem';
import type { DeployContext } from '../../../devnet/deploy/context.ts';
import { loadChainState } from '../../../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import { buildGraph } from '../../../src/graph/buildGraph.ts';
import { GraphView } from '../../../src/graph/graphView.ts';
import type { NetworkPreset } from '../../../src/network/types.ts';
import type { PoolBase } from '../../../src/pools/poolBase.ts';
import { evaluatePath } from '../../../src/routing/evaluatePath.ts';
import type { Hop } from '../../../src/routing/types.ts';
import { head } from './chain.ts';

let version = 0;

/**
 * The whole chain state at `blockNumber` (default the latest block), read with the service's own readers, as a graph.
 * @example const graph = await chainGraph(devnet.ctx, preset)
 */
export async function chainGraph(ctx: DeployContext, preset: NetworkPreset, blockNumber?: bigint): Promise<GraphView> {
  const client = ctx.publicClient as PublicClient;
  const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address });
  const state = await loadChainState({ client, multicall }, preset, blockNumber ?? (await head(ctx)));
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

/** The path run backwards (the same pools, from its last token to its first). */
export function reversePath(path: readonly Hop[]): Hop[] {
  return path
    .slice()
    .reverse()
    .map((hop) => ({ pool: hop.pool, tokenIn: hop.tokenOut, tokenOut: hop.tokenIn, localIn: hop.localOut, localOut: hop.localIn }));
}

/**
 * `count` paths of 1 or 2 hops through different pools between one random pair of tokens (the pair chosen by
 * `random`), or null when 50 tries find none.
 */
export function parallelPaths(graph: GraphView, byToken: Map<number, Hop[]>, random: () => number, count: number): Hop[][] | null {
  for (let attempt = 0; attempt < 50; attempt++) {
    const from = Math.floor(random() * graph.tokenCount);
    const first = randomPath(graph, byToken, random, from, 1);
    if (!first) continue;
    const to = first[0].tokenOut;
    const direct = (byToken.get(from) ?? []).filter((hop) => hop.tokenOut === to).map((hop) => [hop]);
    const twoHop: Hop[][] = [];
    for (const a of byToken.get(from) ?? []) {
      if (a.tokenOut === to) continue;
      for (const b of byToken.get(a.tokenOut) ?? []) if (b.tokenOut === to && b.pool !== a.pool) twoHop.push([a, b]);
    }
    const candidates = [...direct, ...twoHop]
      .map((path) => ({ path, key: random() }))
      .sort((x, y) => x.key - y.key)
      .map(({ path }) => path);
    const chosen: Hop[][] = [];
    const used = new Set<number>();
    for (const path of candidates) {
      if (path.some((hop) => used.has(hop.pool))) continue;
      chosen.push(path);
      for (const hop of path) used.add(hop.pool);
      if (chosen.length === count) return chosen;
    }
  }
  return null;
}

/**
 * Exact output of splits executed in order, each split seeing the pools as the splits before it left them (as the
 * router executes them); null when any hop cannot execute.
 */
export function simulateSplits(graph: GraphView, legs: readonly { amountIn: bigint; hops: readonly Hop[] }[]): bigint | null {
  const moved = new Map<number, PoolBase>();
  let total = 0n;
  for (const leg of legs) {
    let amount = leg.amountIn;
    for (const hop of leg.hops) {
      const pool = moved.get(hop.pool) ?? graph.pool(hop.pool);
      const swap = pool.swapExactIn(hop.localIn, hop.localOut, amount);
      const after = pool.afterSwapExactIn(hop.localIn, hop.localOut, amount);
      if (!swap || !after || swap.amountOut === 0n) return null;
      moved.set(hop.pool, after);
      amount = swap.amountOut;
    }
    total += amount;
  }
  return total;
}

/**
 * The splits of an `execute` call of our router as graph hops (pools by address, tokens following each split from
 * the call's input token), for simulateSplits.
 */
export function splitsOfExecute(
  graph: GraphView,
  args: { tokenIn: string; splits: readonly { amountIn: bigint; hops: readonly { pool: string; tokenOut: string }[] }[] },
  wrappedNative: string,
): { amountIn: bigint; hops: Hop[] }[] {
  const poolIndex = new Map<string, number>();
  for (let pool = 0; pool < graph.poolCount; pool++) poolIndex.set(graph.poolAddress(pool).toLowerCase(), pool);
  const first = BigInt(args.tokenIn) === 0n ? wrappedNative : args.tokenIn;
  return args.splits.map((split) => {
    let token = graph.tokenIndex(first);
    const hops = split.hops.map((h) => {
      const pool = poolIndex.get(h.pool.toLowerCase())!;
      const tokens = [...graph.poolTokens(pool)];
      const tokenOut = graph.tokenIndex(h.tokenOut);
      const hop: Hop = { pool, tokenIn: token, tokenOut, localIn: tokens.indexOf(token), localOut: tokens.indexOf(tokenOut) };
      token = tokenOut;
      return hop;
    });
    return { amountIn: split.amountIn, hops };
  });
}
