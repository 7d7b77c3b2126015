// Compiles the Balancer V3 contracts the devnet deploys, from the npm sources, in one cached solc run.
import { readFileSync } from 'node:fs';
import { type CompiledContract, compileSolidity } from '../../solc.ts';
import { collectBalancerSources } from './balancerSources.ts';

const ENTRIES = [
  '@balancer-labs/v3-vault/contracts/Vault.sol',
  '@balancer-labs/v3-vault/contracts/VaultExtension.sol',
  '@balancer-labs/v3-vault/contracts/VaultAdmin.sol',
  '@balancer-labs/v3-vault/contracts/ProtocolFeeController.sol',
  '@balancer-labs/v3-vault/contracts/authorizer/TimelockAuthorizer.sol',
  '@balancer-labs/v3-vault/contracts/Router.sol',
  '@balancer-labs/v3-pool-weighted/contracts/WeightedPoolFactory.sol',
  '@balancer-labs/v3-pool-stable/contracts/StablePoolFactory.sol',
  'devnet/deploy/balv3/permit2/MiniPermit2.sol',
];

const CONTRACTS = [
  'Vault',
  'VaultExtension',
  'VaultAdmin',
  'ProtocolFeeController',
  'TimelockAuthorizer',
  'Router',
  'WeightedPoolFactory',
  'StablePoolFactory',
  'WeightedPool',
  'StablePool',
  'MiniPermit2',
] as const;

export type BalancerV3Artifacts = Record<(typeof CONTRACTS)[number], CompiledContract>;

/**
 * The Balancer V3 artifacts: compiled with via-IR for cancun like Balancer's own build. One optimizer setting for
 * all (500 runs, what Balancer uses for Vault and VaultExtension; the rest use 9999 there): runs only trade deploy
 * size against gas, never behaviour, and a single run keeps the first compile to one pass. Balancer's custom Yul
 * optimizer step sequence is not set (compileSolidity has no option for it); it too only changes gas.
 * @example const { Vault, Router } = balancerV3Artifacts()
 */
export function balancerV3Artifacts(): BalancerV3Artifacts {
  const compiled = compileSolidity(collectBalancerSources(ENTRIES), {
    viaIR: true,
    evmVersion: 'cancun',
    optimizerRuns: 500,
    contracts: [...CONTRACTS],
  });
  for (const name of CONTRACTS) {
    if (!compiled[name]) throw new Error(`Balancer V3 compile did not produce ${name}`);
  }
  return compiled as BalancerV3Artifacts;
}

/**
 * OURS: FixedRateProvider.sol, compiled apart from Balancer's sources so adding it never invalidates their cache.
 * @example const provider = await ctx.deploy(fixedRateProviderArtifact(), [rate])
 */
export function fixedRateProviderArtifact(): CompiledContract {
  const path = 'devnet/deploy/balv3/FixedRateProvider.sol';
  const source = readFileSync(new URL('./FixedRateProvider.sol', import.meta.url), 'utf8');
  return compileSolidity({ [path]: source }, { evmVersion: 'cancun' }).FixedRateProvider;
}
