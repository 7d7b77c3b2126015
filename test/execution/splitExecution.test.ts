// Our router executes any split route for exactly its simulated output: random splits of 1- and 2-hop paths over every
// pool kind of the devnet (including splits that share a pool), native coin in and out, built by buildRouterTx and
// checked to the wei against the engine's sequential simulation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Address } from 'viem';
import type { GraphView } from '../../src/graph/graphView.ts';
import type { Hop } from '../../src/routing/types.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { buildRouterTx } from '../../src/tx/buildRouterTx.ts';
import { NATIVE, freshAccount } from './support/chain.ts';
import { type ExecutionDevnet, SMALL_SEED, startExecutionDevnet } from './support/devnet.ts';
import { prepareInput, sendAndMeasure } from './support/execute.ts';
import { amountFor, chainGraph, hopsByToken, parallelPaths, randomPath, reversePath, simulateSplits } from './support/graphs.ts';

const ROUTES = 40;
const KINDS = ['univ2', 'univ3', 'stable', 'balv2Weighted', 'balv2Stable', 'balv3Weighted', 'balv3Stable'];

let devnet: ExecutionDevnet;
let wrapped: Address;
let router: Address;

before(async () => {
  devnet = await startExecutionDevnet(SMALL_SEED);
  wrapped = devnet.deployment.preset.wrappedNative.address as Address;
  router = devnet.deployment.preset.aggregatorRouter as Address;
});
after(async () => {
  await devnet?.stop();
});

interface Route {
  legs: { amountIn: bigint; hops: Hop[] }[];
  nativeIn: boolean;
  nativeOut: boolean;
}

/** Executes `route` from a fresh account and returns [simulated output, received output, pool kinds used]. */
async function execute(graph: GraphView, route: Route): Promise<{ expected: bigint; received: bigint; kinds: string[] }> {
  const first = route.legs[0].hops[0];
  const last = route.legs[0].hops.at(-1)!;
  const tokenIn = route.nativeIn ? NATIVE : (graph.tokenAddress(first.tokenIn) as Address);
  const tokenOut = route.nativeOut ? NATIVE : (graph.tokenAddress(last.tokenOut) as Address);
  const amountIn = route.legs.reduce((sum, leg) => sum + leg.amountIn, 0n);
  const expected = simulateSplits(graph, route.legs);
  assert.ok(expected !== null, 'the route executes in the simulation');
  const user = await freshAccount(devnet.ctx, amountIn + 10n ** 24n);
  const tx = buildRouterTx({ router, graph, tokenIn, tokenOut, amountIn, splits: route.legs, amountOutMin: expected, recipient: user, deadline: 2n ** 40n });
  await prepareInput(devnet.ctx, wrapped, user, tokenIn, amountIn, router);
  const { receipt, received } = await sendAndMeasure(devnet.ctx, tx, tokenOut);
  assert.equal(receipt.status, 'success');
  return { expected, received, kinds: route.legs.flatMap((leg) => leg.hops.map((hop) => graph.poolKind(hop.pool))) };
}

describe('split routes through our router', () => {
  it(`executes ${ROUTES} random split routes over every pool kind for exactly their simulated output`, async (t) => {
    const random = createRandom(6);
    const kinds = new Set<string>();
    let executed = 0;
    let sharedPool = 0;
    let native = 0;
    for (let i = 0; i < ROUTES; i++) {
      // The graph is read again before each route: the routes before it moved the pools.
      const graph = await chainGraph(devnet.ctx, devnet.deployment.preset);
      const byToken = hopsByToken(graph);
      const wrappedIndex = graph.tokenIndex(wrapped);
      let paths: Hop[][] | null;
      let nativeIn = false;
      let nativeOut = false;
      if (i < KINDS.length) {
        // First, each pool kind once: two splits through the same pool of that kind.
        const hops = [...byToken.values()].flat().filter((hop) => graph.poolKind(hop.pool) === KINDS[i]);
        const hop = hops[Math.floor(random() * hops.length)];
        paths = hop ? [[hop], [hop]] : null;
        if (paths) sharedPool++;
      } else if (i % 4 === 3) {
        // Twice through the same path: the second split meets the pools the first one moved.
        const path = randomPath(graph, byToken, random, Math.floor(random() * graph.tokenCount), 1 + (i % 2));
        paths = path && [path, path];
        if (paths) sharedPool++;
      } else if (i % 4 === 2) {
        // From or to the native coin.
        const path = randomPath(graph, byToken, random, wrappedIndex, 1 + Math.floor(random() * 2));
        nativeIn = random() < 0.5;
        nativeOut = !nativeIn;
        paths = path && [nativeOut ? reversePath(path) : path];
        if (paths) native++;
      } else {
        paths = parallelPaths(graph, byToken, random, 2 + (i % 2));
      }
      if (!paths) continue;
      // Retail to price-moving: 1e-6 to 1e-2 of the first pool's depth per split.
      const legs = paths.map((hops) => ({ amountIn: amountFor(graph, hops[0], 10 ** (-6 + random() * 4)), hops }));
      if (simulateSplits(graph, legs) === null) continue;
      const { expected, received, kinds: used } = await execute(graph, { legs, nativeIn, nativeOut });
      assert.equal(received, expected, `route ${i}: ${used.join(', ')}`);
      for (const kind of used) kinds.add(kind);
      executed++;
    }
    t.diagnostic(`${executed} routes executed exactly (${sharedPool} through a shared pool, ${native} with the native coin), kinds: ${[...kinds].sort().join(', ')}`);
    assert.ok(executed >= ROUTES * 0.75, `executed ${executed} of ${ROUTES}`);
    assert.deepEqual([...kinds].sort(), [...KINDS].sort());
  });
});
