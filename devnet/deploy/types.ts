// The contract between the devnet orchestrator and each platform deployer.
import type { Address } from 'viem';
import type { DexPlatformId, PlatformPreset } from '../../src/network/types.ts';
import type { SnapshotPool, SnapshotToken } from '../../src/snapshot/types.ts';
import type { DeployContext } from './context.ts';

/** The devnet's tokens: index i is the devnet snapshot's tokens[i], at its devnet address. */
export interface DevnetTokens {
  list: SnapshotToken[];
  wrappedNative: Address;
  /** Gives `to` `amount` of `token`: minted for test tokens, wrapped from native for the wrapped native. */
  fund(token: Address, to: Address, amount: bigint): Promise<void>;
  /** Lets `spender` take any amount of `token` from `owner` (default the deployer). */
  approve(token: Address, spender: Address, owner?: Address): Promise<void>;
}

/** What a platform deployer is asked to build. */
export interface PlatformSeed {
  platformId: DexPlatformId;
  /** The mainnet preset entry of the platform: its kind, fees, fee tiers. */
  preset: PlatformPreset;
  /** Pools to create, taken from the default snapshot, their `tokens` already indices into `DevnetTokens.list`. */
  pools: SnapshotPool[];
  tokens: DevnetTokens;
}

/** What a platform deployer built. */
export interface PlatformDeployment {
  /** The platform's entry for the devnet network file: the same fields as mainnet, devnet addresses. */
  preset: PlatformPreset;
  /**
   * Every pool created, at its devnet address, with the exact state now on chain (what a correct reader must read
   * back), `tokens` indices into `DevnetTokens.list`.
   */
  pools: SnapshotPool[];
}

export type PlatformDeployer = (ctx: DeployContext, seed: PlatformSeed) => Promise<PlatformDeployment>;
