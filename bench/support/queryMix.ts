// A reproducible mix of quote requests: pairs among the deepest tokens, deep-to-tail and tail-to-tail, with
// trade sizes log-uniform from $1 to $100,000 (valued through the graph's native prices).
import type { GraphView } from '../../src/graph/graphView.ts';
import { createRandom } from '../../src/snapshot/random.ts';

export interface BenchQuery {
  from: number;
  to: number;
  amountIn: bigint;
}

/** USD per raw wrapped-native unit used to size trades ($0.00003 per PLS). */
const USD_PER_NATIVE_WEI = 0.00003 / 1e18;

export function queryMix(graph: GraphView, count: number, seed: number): BenchQuery[] {
  const rng = createRandom(seed);
  const byDepth = graph.tokensByLiquidity();
  const priced = Array.from(byDepth).filter((t) => graph.tokenNativePrice[t] > 0);
  const majors = priced.slice(0, 40);
  const pick = (list: number[]) => list[Math.floor(rng() * list.length)];
  const queries: BenchQuery[] = [];
  while (queries.length < count) {
    const r = rng();
    const from = r < 0.8 ? pick(majors) : pick(priced);
    const to = r < 0.4 ? pick(majors) : pick(priced);
    if (from === to) continue;
    const usd = 10 ** (rng() * 5);
    const raw = usd / USD_PER_NATIVE_WEI / graph.tokenNativePrice[from];
    if (!(raw >= 1) || !Number.isFinite(raw)) continue;
    queries.push({ from, to, amountIn: BigInt(Math.floor(raw)) });
  }
  return queries;
}
