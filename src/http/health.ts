// The service's view of its own state for GET /health: where it comes from, which block, how old.

export interface StateFreshness {
  /** `snapshot`: a file, fixed; `rpc`: read from a node and following its blocks. */
  source: 'snapshot' | 'rpc';
  blockNumber: bigint;
  /** Milliseconds since the state was last confirmed to match the chain head; null for a snapshot. */
  stateAgeMs: number | null;
  pools: number;
  tokens: number;
  graphVersion: number;
  /** The last RPC failure while it lasts. */
  lastError?: string;
}

/** Live state older than the bound is stale: quotes are refused rather than built on outdated reserves. */
export function isStale(state: StateFreshness, maxStateAgeMs: number): boolean {
  return state.stateAgeMs !== null && state.stateAgeMs > maxStateAgeMs;
}

/** The JSON body of GET /health. */
export function healthBody(state: StateFreshness, stale: boolean): string {
  return JSON.stringify({
    status: stale ? 'stale' : 'ok',
    source: state.source,
    blockNumber: state.blockNumber.toString(),
    stateAgeMs: state.stateAgeMs,
    pools: state.pools,
    tokens: state.tokens,
    graphVersion: state.graphVersion,
    ...(state.lastError ? { lastError: state.lastError } : {}),
  });
}
