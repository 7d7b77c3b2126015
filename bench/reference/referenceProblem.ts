// The reference routing problem for one request, built independently of src/routing (but for the gas model's
// figures, which define what a transaction within the gas cap can hold): every pool (of the platform)
// among the endpoints, the `majors` most liquid tokens and the endpoints' own neighbours, as directed trades. The
// trades are oriented so that the trade graph is acyclic and no round trip can be counted as output (the generated
// pools carry price noise: with cycles the optimum would be "route X and arbitrage", not "route X"). Two orientations:
// - by rule: source side → majors → target side, and between two majors only from the one farther from the target
//   (hops, then liquidity rank) to the nearer;
// - by potentials (a solve's token prices over their market prices, which rise along every trade of an optimal
//   routing by the fees and price impact it pays): from the lower potential to the higher, the source first and the
//   target last. Re-oriented by its own solve's potentials, it reaches routings the rule forbids (orientations.ts).
// A pool with 3+ tokens gives one trade per oriented token pair, grouped under the pool: the solver lets a pool trade
// ONE pair at a time (as production does across a split). Tokens that cannot lie on a source → target path are dropped.
import type { GraphView } from '../../src/graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../src/graph/layout.ts';
import type { UniV2Pool } from '../../src/pools/univ2/univ2Pool.ts';
import { SPLIT_GAS, hopGas, repeatedHopGas } from '../../src/routing/gasModel.ts';
import { type TickSteps, tickSteps } from './tickSteps.ts';

/** A directed trade through one pool: token u in, token v out (indices into ReferenceProblem.tokens). */
export interface Trade {
  pool: number;
  u: number;
  v: number;
  localIn: number;
  localOut: number;
  /** UniV2: float reserves and fee share kept; other kinds use the pool's float estimate. */
  v2?: { reserveIn: number; reserveOut: number; gamma: number };
  /** Rough depth of the pool in units of token u, to scale numeric searches. */
  scaleIn: number;
  /**
   * Least gas any transaction that trades through the pool spends on it (its first hop, no tick crossings), plus a
   * split's for a trade out of the source, as each such trade starts a route of its own.
   */
  gas: number;
  /**
   * Gas of a hop through the pool that an earlier hop of the transaction already used (a path beyond the first through
   * it), plus a split's for a trade out of the source, as that path is one more split.
   */
  repeatGas: number;
  /** UniV3: the tick boundaries on the trade's way; crossing each costs TICK_CROSS_GAS (tickSteps.ts). */
  ticks?: TickSteps;
}

export interface ReferenceProblem {
  /** Graph token indices; tokens[0] is the source, tokens[1] the target. */
  tokens: number[];
  trades: Trade[];
  /** Trade indices per pool: a pool trades one of its pairs at a time. */
  poolTrades: number[][];
  /** Token indices in a topological order of the trade DAG (source first). */
  order: number[];
  /** Starting prices of each token in target units (from the graph's native prices). */
  startPrice: number[];
}

const SOURCE = 0;
const SOURCE_SIDE = 1;
const MAJOR = 2;
const TARGET_SIDE = 3;
const TARGET = 4;

/**
 * `withNeighbours` false leaves the endpoints' neighbours out (a smaller problem, for scaling measurements);
 * `potentials` (graph token → potential) orients the trades by potential instead of by rule. A token without one (the
 * last orientation left it out, as no source → target path reached it) takes the target's, 1, so that it may be
 * entered from any token as a last hop.
 * @example referenceProblem(graph, wpls, usdc, -1, 32)
 */
export function referenceProblem(
  graph: GraphView,
  from: number,
  to: number,
  platformCode: number,
  majors: number,
  withNeighbours = true,
  potentials?: ReadonlyMap<number, number>,
): ReferenceProblem {
  const allows = (pool: number) => platformCode < 0 || graph.poolPlatformCode(pool) === platformCode;
  const majorSet = new Set(Array.from(graph.tokensByLiquidity().subarray(0, majors)));
  const tier = new Map<number, number>([[from, SOURCE], [to, TARGET]]);
  const neighbours = (token: number) => {
    const list = new Set<number>();
    for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
      if (allows(graph.edges[e * EDGE_STRIDE])) list.add(graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]);
    }
    return list;
  };
  for (const m of majorSet) if (!tier.has(m)) tier.set(m, MAJOR);
  if (withNeighbours) for (const t of neighbours(to)) if (!tier.has(t)) tier.set(t, TARGET_SIDE);
  if (withNeighbours) for (const t of neighbours(from)) if (!tier.has(t)) tier.set(t, SOURCE_SIDE);
  const candidates = [from, to, ...[...tier.keys()].filter((t) => t !== from && t !== to)];

  // Hop distance of each major to the target through majors (then the target's side), for the orientation.
  const distance = new Map<number, number>([[to, 0]]);
  for (let d = 1, frontier = [to]; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const t of frontier) for (const m of neighbours(t)) if (tier.has(m) && !distance.has(m)) distance.set(m, d), next.push(m);
    frontier = next;
  }
  const rank = graph.tokenLiquidityRank();
  const key = (t: number) => (distance.get(t) ?? 99) * 1e9 + rank[t];
  const nearer = (a: number, b: number) => key(a) < key(b);
  const byRule = (tu: number, tv: number) => {
    const [ku, kv] = [tier.get(tu)!, tier.get(tv)!];
    return kv > ku || (ku === MAJOR && kv === MAJOR && nearer(tv, tu));
  };
  const potential = (t: number) => potentials?.get(t) ?? 1;
  // Ties go by token index, so the order is strict and the trades stay acyclic.
  const byPotential = (tu: number, tv: number) =>
    tu === from || tv === to || (tu !== to && tv !== from && (potential(tu) < potential(tv) || (potential(tu) === potential(tv) && tu < tv)));
  const runs = potentials ? byPotential : byRule;

  // Oriented pairs (graph tokens) of every pool among the candidates.
  const pairs: { pool: number; tu: number; tv: number; a: number; b: number }[] = [];
  const seen = new Set<number>();
  for (const token of candidates) {
    for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
      const pool = graph.edges[e * EDGE_STRIDE];
      if (seen.has(pool) || !allows(pool)) continue;
      seen.add(pool);
      const poolTokens = graph.poolTokens(pool);
      for (let a = 0; a < poolTokens.length; a++) {
        for (let b = 0; b < poolTokens.length; b++) {
          const [tu, tv] = [poolTokens[a], poolTokens[b]];
          if (a !== b && tier.has(tu) && tier.has(tv) && runs(tu, tv)) pairs.push({ pool, tu, tv, a, b });
        }
      }
    }
  }

  // Keep only tokens on some source → target path of the DAG.
  const reach = (start: number, forward: boolean) => {
    const adjacency = new Map<number, number[]>();
    for (const p of pairs) {
      const [x, y] = forward ? [p.tu, p.tv] : [p.tv, p.tu];
      if (!adjacency.has(x)) adjacency.set(x, []);
      adjacency.get(x)!.push(y);
    }
    const found = new Set([start]);
    for (const stack = [start]; stack.length > 0; ) for (const y of adjacency.get(stack.pop()!) ?? []) if (!found.has(y)) found.add(y), stack.push(y);
    return found;
  };
  const fromSource = reach(from, true);
  const toTarget = reach(to, false);
  const tokens = candidates.filter((t, i) => i < 2 || (fromSource.has(t) && toTarget.has(t)));
  const index = new Map(tokens.map((t, i) => [t, i]));
  const target = graph.tokenNativePrice[to];
  const startPrice = tokens.map((t) => (graph.tokenNativePrice[t] > 0 && target > 0 ? graph.tokenNativePrice[t] / target : 1));

  const trades: Trade[] = [];
  const byPool = new Map<number, number[]>();
  for (const { pool, tu, tv, a, b } of pairs) {
    if (!index.has(tu) || !index.has(tv)) continue;
    const priceIn = graph.tokenNativePrice[tu];
    const kind = graph.poolKind(pool);
    const split = tu === from ? SPLIT_GAS : 0;
    const trade: Trade = {
      pool,
      u: index.get(tu)!,
      v: index.get(tv)!,
      localIn: a,
      localOut: b,
      scaleIn: priceIn > 0 ? graph.poolLiquidity[pool] / priceIn : 1e18,
      gas: hopGas(kind) + split,
      repeatGas: repeatedHopGas(kind) + split,
    };
    trade.ticks = tickSteps(graph, pool, a);
    if (kind === 'univ2') {
      const st = (graph.pool(pool) as UniV2Pool).state;
      const [rIn, rOut] = a === 0 ? [st.reserve0, st.reserve1] : [st.reserve1, st.reserve0];
      trade.v2 = { reserveIn: Number(rIn), reserveOut: Number(rOut), gamma: Number(st.feeNumerator) / Number(st.feeDenominator) };
    }
    if (!byPool.has(pool)) byPool.set(pool, []);
    byPool.get(pool)!.push(trades.length);
    trades.push(trade);
  }

  // Kahn's algorithm over the trades (acyclic by construction).
  const indegree = new Array<number>(tokens.length).fill(0);
  const out = tokens.map(() => [] as number[]);
  for (const t of trades) indegree[t.v]++, out[t.u].push(t.v);
  const order: number[] = [];
  for (let i = 0; i < tokens.length; i++) if (indegree[i] === 0) order.push(i);
  for (let k = 0; k < order.length; k++) for (const v of out[order[k]]) if (--indegree[v] === 0) order.push(v);
  if (order.length !== tokens.length) throw new Error('reference trades are not acyclic');
  return { tokens, trades, poolTrades: [...byPool.values()], order, startPrice };
}
