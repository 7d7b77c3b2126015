// executeSwapExactIn computes a swap once for both its result and the pool it leaves (the split replay's shared
// pools): its result must be swapExactIn's, the pool it was called on must stay as it was, and the pool it leaves must
// have moved against the swap, for every pool kind of the default snapshot. (afterSwapExactIn returns the same pool:
// each kind's own tests check that pool against its reference maths.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { loadPreset } from '../../src/network/loadPreset.ts';
import { DEFAULT_SNAPSHOT_PATH, readSnapshot } from '../../src/snapshot/snapshotFile.ts';

const graph = new GraphView(buildGraph(readSnapshot(DEFAULT_SNAPSHOT_PATH), loadPreset(), 1));
const POOLS_PER_KIND = 40;
const AMOUNTS = [1n, 10n ** 6n, 10n ** 15n, 10n ** 18n, 10n ** 21n, 10n ** 24n, 10n ** 30n];

test('executeSwapExactIn gives swapExactIn\'s result, leaves the pool it ran on as it was, and the pool after pays less for the same swap', () => {
  const executedByKind = new Map<string, number>();
  const seenByKind = new Map<string, number>();
  const movedKinds = new Set<string>();
  for (let p = 0; p < graph.poolCount; p++) {
    const kind = graph.poolKind(p);
    if ((seenByKind.get(kind) ?? 0) >= POOLS_PER_KIND) continue;
    seenByKind.set(kind, (seenByKind.get(kind) ?? 0) + 1);
    const pool = graph.pool(p);
    for (let tokenIn = 0; tokenIn < pool.tokenCount; tokenIn++) {
      const tokenOut = (tokenIn + 1) % pool.tokenCount;
      for (const amountIn of AMOUNTS) {
        // Taken before the swap executes, so the check after it can tell a pool that moved.
        const quoted = pool.swapExactIn(tokenIn, tokenOut, amountIn);
        const executed = pool.executeSwapExactIn(tokenIn, tokenOut, amountIn);
        const label = `${kind} pool ${p} ${tokenIn}→${tokenOut} ${amountIn}`;
        assert.deepEqual(executed?.swap ?? null, quoted, label);
        if (!executed) continue;
        executedByKind.set(kind, (executedByKind.get(kind) ?? 0) + 1);
        // Pools hold immutable state: the one the swap ran on still quotes it as before.
        assert.deepEqual(pool.swapExactIn(tokenIn, tokenOut, amountIn), quoted, label);
        // The pool left behind has moved against the swap: the same swap again pays less (or cannot execute). Checked
        // where the output is large enough that flooring cannot hide the move, and the input well above dust (a
        // stable pool's invariant rounding makes dust swaps non-monotone).
        const again = executed.after.swapExactIn(tokenIn, tokenOut, amountIn);
        if (amountIn >= 10n ** 18n && executed.swap.amountOut >= 10n ** 9n) {
          assert.ok(again === null || again.amountOut < executed.swap.amountOut, `${label}: ${again?.amountOut} after ${executed.swap.amountOut}`);
          movedKinds.add(kind);
        }
      }
    }
  }
  // Every kind the snapshot holds executed some swaps, and some large enough for the move check, or the comparisons
  // would not cover it.
  assert.deepEqual([...executedByKind.keys()].sort(), [...seenByKind.keys()].sort());
  assert.deepEqual([...movedKinds].sort(), [...seenByKind.keys()].sort());
  assert.ok(seenByKind.size >= 5, `kinds in the snapshot: ${[...seenByKind.keys()]}`);
});
