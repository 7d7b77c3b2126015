// Search settings of the two endpoints: /quotes is fast and shallow, /quotes/advanced searches deeper and splits.
import type { QuoteMode } from './types.ts';

export const SEARCH_PROFILES: Record<QuoteMode, { maxHops: number; candidates: number; connectors: number }> = {
  standard: { maxHops: 3, candidates: 8, connectors: 64 },
  advanced: { maxHops: 4, candidates: 24, connectors: 256 },
};

/**
 * Split search of /quotes/advanced (src/routing/split): K-best candidate paths handed to the split optimiser, with the
 * standard search's best path (the /quotes answer) as a seed, so it is always a candidate.
 */
export const SPLIT_PROFILE = { maxHops: 3, connectors: 24, keepPerToken: 2, maxPaths: 16 };

/**
 * Most gas a split answer may need (estimated): half of chain 369's 30M block gas limit, so the transaction fits a block
 * beside others. A split over more paths than fit is cut to its largest shares.
 */
export const MAX_SPLIT_GAS = 15_000_000;

/** Time budget of one /quotes/advanced quote when the task names none (ADVANCED_TIME_BUDGET_MS). */
export const DEFAULT_ADVANCED_TIME_BUDGET_MS = 25;

/**
 * Share of the time budget the split search may take; the rest is kept for what follows the last search step (the
 * exact replay of the split, its transaction), so the answer arrives within the budget.
 */
export const SEARCH_SHARE_OF_BUDGET = 0.7;

/**
 * Share of the time budget by which the split's answer must be ready: the rest is kept for building and serialising
 * it and for its way back to the client (SplitOptions.answerDeadline).
 */
export const ANSWER_SHARE_OF_BUDGET = 0.9;
