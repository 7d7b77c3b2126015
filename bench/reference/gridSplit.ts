// Uniswap-style split for comparison: each candidate path quoted exactly at 5%, 10%, ..., 100% of the input, then the
// best combination of up to three pool-disjoint paths whose percents sum to 100 (the smart-order-router's scheme).
import type { GraphView } from '../../src/graph/graphView.ts';
import { evaluatePath } from '../../src/routing/evaluatePath.ts';
import type { Hop } from '../../src/routing/types.ts';

const STEPS = 20;

/** Best exact output of a 5%-grid split of `amountIn` over `paths` (up to 3 pool-disjoint paths). */
export function gridSplit(graph: GraphView, paths: Hop[][], amountIn: bigint): { amountOut: bigint; routes: number } {
  const amount = (p: number) => (amountIn * BigInt(p)) / BigInt(STEPS);
  const out = paths.map((hops) => [0n, ...Array.from({ length: STEPS }, (_, k) => evaluatePath(graph, hops, amount(k + 1))?.amountOut ?? 0n)]);
  const disjoint = (a: number, b: number) => !paths[a].some((h) => paths[b].some((g) => g.pool === h.pool));
  // Dust of the floored shares goes to the first route, evaluated exactly.
  const exact = (routes: [number, number][]) => {
    const shares = routes.map(([, p]) => amount(p));
    shares[0] += amountIn - shares.reduce((s, v) => s + v, 0n);
    return routes.reduce((sum, [i], k) => sum + (evaluatePath(graph, paths[i], shares[k])?.amountOut ?? 0n), 0n);
  };
  let best: [number, number][] = [];
  let bestOut = -1n;
  const consider = (routes: [number, number][], grid: bigint) => {
    if (grid > bestOut) (bestOut = grid), (best = routes);
  };
  for (let i = 0; i < paths.length; i++) {
    consider([[i, STEPS]], out[i][STEPS]);
    for (let j = i + 1; j < paths.length; j++) {
      if (!disjoint(i, j)) continue;
      for (let p = 1; p < STEPS; p++) consider([[i, p], [j, STEPS - p]], out[i][p] + out[j][STEPS - p]);
      for (let k = j + 1; k < paths.length; k++) {
        if (!disjoint(i, k) || !disjoint(j, k)) continue;
        for (let p = 1; p < STEPS - 1; p++) {
          for (let q = 1; p + q < STEPS; q++) consider([[i, p], [j, q], [k, STEPS - p - q]], out[i][p] + out[j][q] + out[k][STEPS - p - q]);
        }
      }
    }
  }
  return { amountOut: best.length ? exact(best) : 0n, routes: best.length };
}
