// Search settings of the two endpoints: /quotes is fast and shallow, /quotes/advanced searches deeper.
import type { QuoteMode } from './types.ts';

export const SEARCH_PROFILES: Record<QuoteMode, { maxHops: number; candidates: number; connectors: number }> = {
  standard: { maxHops: 3, candidates: 8, connectors: 64 },
  advanced: { maxHops: 4, candidates: 24, connectors: 256 },
};
