// The pools among the deepest tokens, per token: the path search's intermediates are mostly these tokens, and a hub
// holds thousands of pools with the long tail, so finding its pools with other deep tokens by looking each one up
// costs a binary search per token where this list is one scan.
import type { GraphView } from '../graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../graph/layout.ts';

/** Tokens whose pools with each other are listed: the widest connector set of the search profiles. */
export const CORE_TOKENS = 256;

export interface CoreEdges {
  /** Core tokens: those ranked below this by depth. */
  size: number;
  /** The edges of the token of depth rank r to other core tokens: edges[start[r] .. start[r + 1]), in edge order. */
  start: Int32Array;
  edges: Int32Array;
}

const coreByGraph = new WeakMap<GraphView, CoreEdges>();

/**
 * The core edges of a graph version (built on first use in each thread, about a scan of the deep tokens' edges).
 * @example coreEdges(graph).edges.subarray(coreEdges(graph).start[0], coreEdges(graph).start[1]) // the deepest token's
 */
export function coreEdges(graph: GraphView): CoreEdges {
  let core = coreByGraph.get(graph);
  if (!core) coreByGraph.set(graph, (core = buildCoreEdges(graph)));
  return core;
}

function buildCoreEdges(graph: GraphView): CoreEdges {
  const size = Math.min(CORE_TOKENS, graph.tokenCount);
  const byDepth = graph.tokensByLiquidity();
  const rank = graph.tokenLiquidityRank();
  const start = new Int32Array(size + 1);
  const inCore = (e: number) => rank[graph.edges[e * EDGE_STRIDE + EdgeField.tokenOut]] < size;
  for (let r = 0; r < size; r++) {
    const token = byDepth[r];
    let count = 0;
    for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) if (inCore(e)) count++;
    start[r + 1] = start[r] + count;
  }
  const edges = new Int32Array(start[size]);
  for (let r = 0, k = 0; r < size; r++) {
    const token = byDepth[r];
    for (let e = graph.tokenEdgeStart[token]; e < graph.tokenEdgeStart[token + 1]; e++) if (inCore(e)) edges[k++] = e;
  }
  return { size, start, edges };
}
