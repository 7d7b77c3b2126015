// Search settings of the two endpoints: /quotes runs the single-path search, /quotes/advanced the same search and then
// the flow optimiser, which splits.

/** The single-path search of /quotes (src/routing/findBestPath.ts), which /quotes/advanced runs too. */
export const PATH_PROFILE = { maxHops: 3, candidates: 8, connectors: 64 };

/**
 * Split search of /quotes/advanced (src/routing/split, src/routing/flow): the flow optimiser over the pools among the
 * `connectors` most liquid tokens (plus a long-tail end's neighbours), to a duality gap of `tolerance`, its flow
 * decomposed into at most `maxSplits` paths; the /quotes path seeds it and competes with it.
 */
export const SPLIT_PROFILE = { connectors: 48, maxSplits: 32, tolerance: 1e-9, maxIterations: 60, maxRounds: 8 };

/** Time budget of one /quotes/advanced quote when the task names none (ADVANCED_TIME_BUDGET_MS). */
export const DEFAULT_ADVANCED_TIME_BUDGET_MS = 25;
