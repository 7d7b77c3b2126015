// executeSwapExactIn computes a swap once for both its result and the pool it leaves (the split replay's shared
// pools): its result must be swapExactIn's, for every pool kind of the default snapshot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1));
const POOLS_PER_KIND = 40;
const AMOUNTS = [1n, 10n ** 6n, 10n ** 15n, 10n ** 18n, 10n ** 21n, 10n ** 24n, 10n ** 30n];

test('executeSwapExactIn gives swapExactIn result, and the pool afterSwapExactIn leaves, for every pool kind', () => {
  const executedByKind = new Map<string, number>();
  const seenByKind = new Map<string, number>();
  for (let p = 0; p < graph.poolCount; p++) {
    const kind = graph.poolKind(p);
    if ((seenByKind.get(kind) ?? 0) >= POOLS_PER_KIND) continue;
    seenByKind.set(kind, (seenByKind.get(kind) ?? 0) + 1);
    const pool = graph.pool(p);
    for (let tokenIn = 0; tokenIn < pool.tokenCount; tokenIn++) {
      const tokenOut = (tokenIn + 1) % pool.tokenCount;
      for (const amountIn of AMOUNTS) {
        const executed = pool.executeSwapExactIn(tokenIn, tokenOut, amountIn);
        const label = `${kind} pool ${p} ${tokenIn}→${tokenOut} ${amountIn}`;
        assert.deepEqual(executed?.swap ?? null, graph.swapExactIn(p, tokenIn, tokenOut, amountIn), label);
        if (!executed) continue;
        executedByKind.set(kind, (executedByKind.get(kind) ?? 0) + 1);
        // The pool left behind quotes a second swap as the one afterSwapExactIn leaves.
        const again = pool.afterSwapExactIn(tokenIn, tokenOut, amountIn)!;
        assert.deepEqual(executed.after.swapExactIn(tokenIn, tokenOut, amountIn), again.swapExactIn(tokenIn, tokenOut, amountIn), label);
      }
    }
  }
  // Every kind the snapshot holds executed some swaps, or the comparison would not cover it.
  assert.deepEqual([...executedByKind.keys()].sort(), [...seenByKind.keys()].sort());
  assert.ok(seenByKind.size >= 5, `kinds in the snapshot: ${[...seenByKind.keys()]}`);
});
