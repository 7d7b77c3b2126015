// Types of a network preset: the chain's platforms (spec 2.3 identifiers), their contracts and fees, and known tokens.

/** Platform identifiers accepted by the service (spec 2.3), in the spec's order. */
export const PLATFORM_IDS = [
  'dexa_v1',
  'dexa_v2',
  'dexa_stable',
  'dexb_v2',
  'dexb_v3',
  'dexc_v2',
  'dexc_v3',
  'dexd_v2',
  'dexe_v3',
  'mixed',
] as const;

export type PlatformId = (typeof PLATFORM_IDS)[number];
/** A platform that holds pools (every identifier but `mixed`). */
export type DexPlatformId = Exclude<PlatformId, 'mixed'>;
export const DEX_PLATFORM_IDS = PLATFORM_IDS.filter((p): p is DexPlatformId => p !== 'mixed');

/** The DEX type of a platform (spec 2.3). */
export type PlatformKind = 'univ2' | 'univ3' | 'stable' | 'balv2' | 'balv3';

export interface FeeFraction {
  numerator: number;
  denominator: number;
}

export interface PlatformPreset {
  kind: PlatformKind;
  factory?: string;
  router?: string;
  initCodeHash?: string;
  /** UniV2: the fraction of the input that reaches the curve, e.g. 9971/10000 for a 0.29% fee. */
  swapFee?: FeeFraction;
  /** UniV3: fee tiers (hundredths of a bip) and their tick spacings. */
  feeTiers?: { fee: number; tickSpacing: number }[];
  poolDeployer?: string;
  /** UniV3: init-code hash of the pool, for CREATE2 addresses from poolDeployer (or factory). */
  poolInitCodeHash?: string;
  quoterV2?: string;
  vault?: string;
  pools?: string[];
}

export interface TokenPreset {
  symbol: string;
  address: string;
  decimals: number;
}

export interface NetworkPreset {
  chainId: number;
  nativeSymbol: string;
  wrappedNative: TokenPreset;
  multicall3: string;
  /** Our aggregator router (contracts/AggregatorRouter.sol) on this network, when deployed. */
  aggregatorRouter?: string;
  platforms: Record<DexPlatformId, PlatformPreset>;
  tokens: TokenPreset[];
}
