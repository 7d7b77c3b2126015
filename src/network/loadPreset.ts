// Loads a network preset file (default: the committed chain-369 mainnet preset).
import { readFileSync } from 'node:fs';
import type { NetworkPreset } from './types.ts';

const DEFAULT_PRESET = new URL('../../data/networks/chain369.json', import.meta.url);

/**
 * Reads and returns a network preset.
 * @example const preset = loadPreset(); preset.platforms.dexa_v2.swapFee // { numerator: 9971, denominator: 10000 }
 */
export function loadPreset(path: string | URL = DEFAULT_PRESET): NetworkPreset {
  const { $generated: _generated, ...preset } = JSON.parse(readFileSync(path, 'utf8'));
  return preset as NetworkPreset;
}
