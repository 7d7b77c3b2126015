// The pruned subgraph the flow optimiser works on: the source, the target, the `connectors` most liquid tokens, and
// the neighbours of an end outside them (a long-tail token's own pools), with every pool of the platform among those
// tokens, each direction a trade. A neighbour that joins no other token of the set could only be passed through and
// back, so it is dropped. The pools among the connectors are the same for every request on one graph version: they
// are listed once per (graph view, platform, connector count) and reused, so a request costs its ends' pools only.
import type { GraphView } from '../../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField, V2_FLOAT_STRIDE } from '../../graph/layout.ts';

/** Trades as parallel arrays: trade k runs from local token u[k] to v[k] through `pool[k]`. */
export interface Subgraph {
  /** Graph token indices; tokens[0] is the source, tokens[1] the target. */
  tokens: Int32Array;
  tradeCount: number;
  pool: Int32Array;
  u: Int32Array;
  v: Int32Array;
  localIn: Uint8Array;
  localOut: Uint8Array;
  /** UniV2 trades: float reserves in and out and the share of input kept after the fee (gamma 0 for other kinds). */
  reserveIn: Float64Array;
  reserveOut: Float64Array;
  gamma: Float64Array;
  /** Rough depth of the pool in raw units of the token in (scale for the numeric solve of other kinds). */
  depthIn: Float64Array;
}

interface Direction {
  pool: number;
  a: number;
  b: number;
  localIn: number;
  localOut: number;
}

interface ConnectorCore {
  tokens: number[];
  /** Directions among connectors, with a and b as positions in `tokens`. */
  directions: Direction[];
}

const cores = new WeakMap<GraphView, Map<string, ConnectorCore>>();

/**
 * The subgraph for a request from `from` to `to`.
 * @example buildSubgraph(graph, wpls, usdc, { connectors: 48, platformCode: -1 }).tradeCount
 */
export function buildSubgraph(graph: GraphView, from: number, to: number, options: { connectors: number; platformCode: number }): Subgraph {
  const core = connectorCore(graph, options.connectors, options.platformCode);
  const allows = (pool: number) => options.platformCode < 0 || graph.poolPlatformCode(pool) === options.platformCode;
  const rank = graph.tokenLiquidityRank();
  const isCore = (t: number) => rank[t] < core.tokens.length;

  // Local indices: source, target, the connectors, then the ends' neighbours.
  const local = new Map<number, number>([[from, 0], [to, 1]]);
  const tokens: number[] = [from, to];
  const add = (t: number) => {
    if (!local.has(t)) local.set(t, tokens.length), tokens.push(t);
  };
  for (const t of core.tokens) add(t);
  const ends = [from, to].filter((end) => !isCore(end));
  const candidates = new Set<number>();
  for (const end of ends) forEachPool(graph, end, allows, (pool) => graph.poolTokens(pool).forEach((t) => !local.has(t) && candidates.add(t)));
  // A neighbour stays when it joins at least two distinct tokens of the set (counting the other candidates).
  for (const t of candidates) {
    const joined = new Set<number>();
    forEachPool(graph, t, allows, (pool) =>
      graph.poolTokens(pool).forEach((n) => n !== t && (local.has(n) || candidates.has(n)) && joined.add(n)),
    );
    if (joined.size >= 2) add(t);
  }

  const directions: Direction[] = [];
  for (const d of core.directions) {
    directions.push({ ...d, a: local.get(core.tokens[d.a])!, b: local.get(core.tokens[d.b])! });
  }
  // Pools that touch a token outside the core (ends included), each direction once.
  const seen = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isCore(t)) continue;
    forEachPool(graph, t, allows, (pool) => {
      const poolTokens = graph.poolTokens(pool);
      for (let x = 0; x < poolTokens.length; x++) {
        for (let y = 0; y < poolTokens.length; y++) {
          const a = local.get(poolTokens[x]);
          const b = local.get(poolTokens[y]);
          if (x === y || a === undefined || b === undefined || (isCore(poolTokens[x]) && isCore(poolTokens[y]))) continue;
          const key = pool * 64 + x * 8 + y;
          if (seen.has(key)) continue;
          seen.add(key);
          directions.push({ pool, a, b, localIn: x, localOut: y });
        }
      }
    });
  }
  return tradeTable(graph, Int32Array.from(tokens), directions);
}

function tradeTable(graph: GraphView, tokens: Int32Array, directions: Direction[]): Subgraph {
  const m = directions.length;
  const s: Subgraph = {
    tokens,
    tradeCount: m,
    pool: new Int32Array(m),
    u: new Int32Array(m),
    v: new Int32Array(m),
    localIn: new Uint8Array(m),
    localOut: new Uint8Array(m),
    reserveIn: new Float64Array(m),
    reserveOut: new Float64Array(m),
    gamma: new Float64Array(m),
    depthIn: new Float64Array(m),
  };
  const floats = graph.poolV2Float;
  directions.forEach((d, k) => {
    s.pool[k] = d.pool;
    s.u[k] = d.a;
    s.v[k] = d.b;
    s.localIn[k] = d.localIn;
    s.localOut[k] = d.localOut;
    const price = graph.tokenNativePrice[tokens[d.a]];
    s.depthIn[k] = price > 0 ? graph.poolLiquidity[d.pool] / price : 1e18;
    if (graph.poolKind(d.pool) === 'univ2') {
      const at = d.pool * V2_FLOAT_STRIDE;
      s.reserveIn[k] = floats[at + d.localIn];
      s.reserveOut[k] = floats[at + d.localOut];
      s.gamma[k] = floats[at + 2];
    }
  });
  return s;
}

/** The connectors and every pool direction among them, listed once per graph view, platform and count. */
function connectorCore(graph: GraphView, count: number, platformCode: number): ConnectorCore {
  let byKey = cores.get(graph);
  if (!byKey) cores.set(graph, (byKey = new Map()));
  const key = `${platformCode}:${count}`;
  let core = byKey.get(key);
  if (core) return core;
  const tokens = Array.from(graph.tokensByLiquidity().subarray(0, count));
  const position = new Map(tokens.map((t, i) => [t, i]));
  const directions: Direction[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    for (let j = 0; j < tokens.length; j++) {
      if (i === j) continue;
      // Edges are sorted by the token out: the pools joining two tokens are one run found by binary search.
      const end = graph.tokenEdgeStart[tokens[i] + 1];
      for (let e = graph.firstEdgeTo(tokens[i], tokens[j]); e >= 0 && e < end; e++) {
        const at = e * EDGE_STRIDE;
        if (graph.edges[at + EdgeField.tokenOut] !== tokens[j]) break;
        const pool = graph.edges[at + EdgeField.pool];
        if (platformCode >= 0 && graph.poolPlatformCode(pool) !== platformCode) continue;
        const localIn = graph.edges[at + EdgeField.localIn];
        const localOut = graph.edges[at + EdgeField.localOut];
        const k = pool * 64 + localIn * 8 + localOut;
        if (seen.has(k)) continue;
        seen.add(k);
        directions.push({ pool, a: position.get(tokens[i])!, b: position.get(tokens[j])!, localIn, localOut });
      }
    }
  }
  core = { tokens, directions };
  byKey.set(key, core);
  return core;
}

function forEachPool(graph: GraphView, token: number, allows: (pool: number) => boolean, visit: (pool: number) => void): void {
  for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) {
    const pool = graph.edges[e * EDGE_STRIDE + EdgeField.pool];
    if (allows(pool)) visit(pool);
  }
}
