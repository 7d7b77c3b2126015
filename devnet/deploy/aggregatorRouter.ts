// Compiles and deploys our aggregator router (contracts/AggregatorRouter.sol) wired to a network's wrapped native token
// and Balancer Vaults; the devnet deployment calls it last so the devnet preset carries `aggregatorRouter`.
import { readFileSync } from 'node:fs';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { NetworkPreset } from '../../src/network/types.ts';
import { type CompiledContract, compileSolidity } from '../solc.ts';
import type { DeployContext } from './context.ts';

export const AGGREGATOR_ROUTER_SOURCE = 'contracts/AggregatorRouter.sol';

/**
 * The router compiled by the npm solc 0.8 (cached under .cache/solc).
 * @example const { abi, bytecode } = aggregatorRouterArtifact()
 */
export function aggregatorRouterArtifact(): CompiledContract {
  const text = readFileSync(new URL(`../../${AGGREGATOR_ROUTER_SOURCE}`, import.meta.url), 'utf8');
  return compileSolidity({ [AGGREGATOR_ROUTER_SOURCE]: text }, { contracts: ['AggregatorRouter'] }).AggregatorRouter;
}

/**
 * The router's constructor arguments for a network: its wrapped native token and its Balancer V2 and V3 Vaults (the
 * zero address for a Vault the network does not have).
 * @example routerConstructorArgs(preset) // [wpls, balancerV2Vault, balancerV3Vault]
 */
export function routerConstructorArgs(preset: NetworkPreset): [Address, Address, Address] {
  const vaultOf = (kind: 'balv2' | 'balv3'): Address => {
    const vaults = new Set(
      Object.values(preset.platforms)
        .filter((platform) => platform.kind === kind && platform.vault)
        .map((platform) => platform.vault!.toLowerCase()),
    );
    // The router holds one Vault per Balancer version as an immutable.
    if (vaults.size > 1) throw new Error(`The network has ${vaults.size} ${kind} Vaults; the router takes one`);
    const [vault] = [...vaults];
    return vault ? getAddress(vault) : zeroAddress;
  };
  return [getAddress(preset.wrappedNative.address), vaultOf('balv2'), vaultOf('balv3')];
}

/**
 * Deploys the router for `preset` from the deployer account and resolves to its address.
 * @example preset.aggregatorRouter = await deployAggregatorRouter(ctx, preset)
 */
export async function deployAggregatorRouter(ctx: DeployContext, preset: NetworkPreset): Promise<Address> {
  return ctx.deploy(aggregatorRouterArtifact(), routerConstructorArgs(preset));
}
