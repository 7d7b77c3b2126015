// Reusable per-graph working memory for the path search, so a search allocates nothing proportional to the graph.
import type { GraphView } from '../graph/graphView.ts';

export const UNREACHABLE = 255;

export class SearchScratch {
  /** Best float amount reaching each token after exactly `level` hops. */
  readonly amount: Float64Array[];
  /** The edge (index into graph.edges / EDGE_STRIDE) and token that reached each token at each level. */
  readonly predEdge: Int32Array[];
  readonly predToken: Int32Array[];
  /** Tokens given an amount at each level, to reset only what was touched. */
  readonly touched: Int32Array[];
  readonly touchedCount: Int32Array;
  /** Hops from each token to the target (UNREACHABLE beyond the search depth). */
  readonly distanceToTarget: Uint8Array;
  /** Tokens marked in distanceToTarget, in order of distance: reached[0] is the target. */
  readonly reached: Int32Array;
  reachedCount = 0;
  /** reached[0 .. reachedEnd[d]) are the tokens within distance d of the target. */
  readonly reachedEnd: Int32Array;
  /** Tokens allowed as intermediates for this search only (neighbours of a long-tail source or target). */
  readonly extraIntermediate: Uint8Array;
  readonly extraList: Int32Array;
  extraCount = 0;

  constructor(tokenCount: number, maxLevels: number) {
    const levels = maxLevels + 1;
    this.amount = Array.from({ length: levels }, () => new Float64Array(tokenCount));
    this.predEdge = Array.from({ length: levels }, () => new Int32Array(tokenCount));
    this.predToken = Array.from({ length: levels }, () => new Int32Array(tokenCount));
    this.touched = Array.from({ length: levels }, () => new Int32Array(tokenCount));
    this.touchedCount = new Int32Array(levels);
    this.distanceToTarget = new Uint8Array(tokenCount).fill(UNREACHABLE);
    this.reached = new Int32Array(tokenCount);
    this.reachedEnd = new Int32Array(levels);
    this.extraIntermediate = new Uint8Array(tokenCount);
    this.extraList = new Int32Array(tokenCount);
  }

  reset(): void {
    for (let level = 0; level < this.amount.length; level++) {
      const amount = this.amount[level];
      const touched = this.touched[level];
      for (let i = 0; i < this.touchedCount[level]; i++) amount[touched[i]] = 0;
      this.touchedCount[level] = 0;
    }
    for (let i = 0; i < this.reachedCount; i++) this.distanceToTarget[this.reached[i]] = UNREACHABLE;
    this.reachedCount = 0;
    for (let i = 0; i < this.extraCount; i++) this.extraIntermediate[this.extraList[i]] = 0;
    this.extraCount = 0;
  }

  allowIntermediate(token: number): void {
    if (this.extraIntermediate[token]) return;
    this.extraIntermediate[token] = 1;
    this.extraList[this.extraCount++] = token;
  }
}

const MAX_LEVELS = 4;
const scratchByGraph = new WeakMap<GraphView, SearchScratch>();

/** The scratch space of a graph version (one per thread: searches are synchronous). */
export function scratchFor(graph: GraphView): SearchScratch {
  let scratch = scratchByGraph.get(graph);
  if (!scratch) {
    scratch = new SearchScratch(graph.tokenCount, MAX_LEVELS);
    scratchByGraph.set(graph, scratch);
  }
  scratch.reset();
  return scratch;
}

export const MAX_SEARCH_HOPS = MAX_LEVELS;
