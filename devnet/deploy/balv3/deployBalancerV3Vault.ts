// Deploys the Balancer V3 Vault wired as Balancer's own test deployer does: VaultAdmin, VaultExtension and
// ProtocolFeeController are built against the Vault's predicted address, then the Vault, then its authorizer.
import { type Address, getAddress, getContractAddress, isAddressEqual } from 'viem';
import type { DeployContext } from '../context.ts';
import type { BalancerV3Artifacts } from './artifacts.ts';

/** Balancer's mainnet Vault parameters; none of them changes what a swap returns except the minimum trade. */
const PAUSE_WINDOW_DURATION = 4 * 365 * 24 * 3600;
const BUFFER_PERIOD_DURATION = 180 * 24 * 3600;
/** The Vault's _MINIMUM_TRADE_AMOUNT (scaled18), as the engine assumes (src/pools/balv3/vaultSwap.ts). */
const MINIMUM_TRADE_AMOUNT = 1_000_000n;
const MINIMUM_WRAP_AMOUNT = 10_000n;

export interface BalancerV3VaultDeployment {
  vault: Address;
  vaultExtension: Address;
  vaultAdmin: Address;
  protocolFeeController: Address;
  /** TimelockAuthorizer with the deployer as root: it may grant itself any permission without delay. */
  authorizer: Address;
}

/**
 * Deploys the Vault and its satellites from the deployer, whose nonces fix the Vault's address in advance
 * (Balancer's tests use CREATE3 for the same purpose). The global protocol swap fee is set at construction; the
 * yield fee is zero.
 * @example const { vault } = await deployBalancerV3Vault(ctx, artifacts, 50n * 10n ** 16n)
 */
export async function deployBalancerV3Vault(
  ctx: DeployContext,
  artifacts: BalancerV3Artifacts,
  globalProtocolSwapFee: bigint,
): Promise<BalancerV3VaultDeployment> {
  const nonce = await ctx.publicClient.getTransactionCount({ address: ctx.deployer, blockTag: 'pending' });
  const predicted = (offset: number) => getContractAddress({ from: ctx.deployer, nonce: BigInt(nonce + offset) });
  const vault = predicted(3);
  // The authorizer reads an action id from the Vault in its constructor, so it comes after the Vault.
  const authorizer = predicted(4);

  const vaultAdmin = getAddress(await ctx.deploy(artifacts.VaultAdmin, [
    vault,
    PAUSE_WINDOW_DURATION,
    BUFFER_PERIOD_DURATION,
    MINIMUM_TRADE_AMOUNT,
    MINIMUM_WRAP_AMOUNT,
  ]));
  const vaultExtension = getAddress(await ctx.deploy(artifacts.VaultExtension, [vault, vaultAdmin]));
  const protocolFeeController = getAddress(
    await ctx.deploy(artifacts.ProtocolFeeController, [vault, globalProtocolSwapFee, 0n]),
  );
  const deployedVault = await ctx.deploy(artifacts.Vault, [vaultExtension, authorizer, protocolFeeController]);
  const deployedAuthorizer = await ctx.deploy(artifacts.TimelockAuthorizer, [ctx.deployer, ctx.deployer, vault, 0n]);
  if (!isAddressEqual(deployedVault, vault) || !isAddressEqual(deployedAuthorizer, authorizer)) {
    throw new Error('Balancer V3 Vault deployment: a transaction from the deployer interleaved with the deployment');
  }
  return { vault, vaultExtension, vaultAdmin, protocolFeeController, authorizer };
}
