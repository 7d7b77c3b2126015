// The channel on which a new graph version reaches every worker: the buffer is shared, not copied.

export const GRAPH_CHANNEL = 'quote-graph-versions';

export interface GraphPublication {
  version: number;
  buffer: SharedArrayBuffer;
}

/** What a worker receives at start: the graph version to begin with and the network preset. */
export interface WorkerSetup {
  initial: GraphPublication;
  presetPath?: string;
}
