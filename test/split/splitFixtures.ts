// Shared by the split tests: the tokens of their hand-built graphs, amounts, and the split search settings.
import { SPLIT_PROFILE } from '../../src/quote/searchProfiles.ts';
import type { SplitOptions } from '../../src/routing/split/types.ts';

export const E18 = 10n ** 18n;
export const E6 = 10n ** 6n;
export const TOKENS = [
  { symbol: 'WPLS', decimals: 18 },
  { symbol: 'USDC', decimals: 6 },
  { symbol: 'TAIL', decimals: 18 },
];
export const OPTIONS: SplitOptions = { ...SPLIT_PROFILE, platformCode: -1 };
