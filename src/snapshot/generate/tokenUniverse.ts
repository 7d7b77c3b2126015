// Tokens of a generated snapshot: the preset's real tokens with plausible USD prices, plus a synthetic long tail.
import { getAddress, keccak256, toHex } from 'viem/utils';
import type { NetworkPreset } from '../../network/types.ts';
import type { SnapshotToken } from '../types.ts';

export interface PricedToken extends SnapshotToken {
  priceUsd: number;
  /** Real tokens of the preset are "major"; the long tail is synthetic. */
  major: boolean;
}

/** Plausible USD prices for the preset's tokens, keyed by symbol; only their ratios matter to the engine. */
const MAJOR_PRICES_USD: Record<string, number> = {
  WPLS: 0.00003, PLSX: 0.000025, HEX: 0.005, INC: 1.2, DAI: 1, USDC: 1, USDT: 1, WETH: 3000, WBTC: 90000,
  eHEX: 0.004, pDAI: 0.0015, pUSDC: 0.0005, pUSDT: 0.0003, pWETH: 4, pWBTC: 50, hUSDC: 1, USDL: 1, PXDC: 1,
  HEXDC: 1, PRVX: 0.002, PTS: 0.05, DEXD: 0.001, DEXC: 0.0005, DEXB: 0.01, BBC: 0.000001, HDRN: 0.0000001,
  ICSA: 0.01, MAXI: 0.002, PLSB: 0.03, ASIC: 0.5, ATROPA: 0.0002, PCOCK: 0.003, TIME: 0.00001, IM: 0.2,
  pTGC: 0.00001, CST: 1,
};

const TAIL_DECIMALS = [18, 18, 18, 18, 18, 18, 18, 18, 9, 9, 8, 8, 6, 12, 18, 18, 18, 18, 18, 6];

/** The preset's tokens (prices from the table above) followed by `tailCount` synthetic tokens. */
export function tokenUniverse(preset: NetworkPreset, tailCount: number, rng: () => number): PricedToken[] {
  const majors = preset.tokens.map((t) => ({ ...t, priceUsd: MAJOR_PRICES_USD[t.symbol] ?? 0.001, major: true }));
  const tail: PricedToken[] = [];
  for (let i = 0; i < tailCount; i++) {
    const address = getAddress(keccak256(toHex(`synthetic-token-${i}`)).slice(-40).padStart(42, '0x'));
    tail.push({
      address,
      symbol: `T${i.toString(36).toUpperCase()}`,
      decimals: TAIL_DECIMALS[Math.floor(rng() * TAIL_DECIMALS.length)],
      // Log-uniform from 1e-9 to 10 USD.
      priceUsd: 10 ** (-9 + rng() * 10),
      major: false,
    });
  }
  return [...majors, ...tail];
}
