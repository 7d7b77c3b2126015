// Deploys the Curve-style stable platform on the devnet: one contracts/StableSwap.sol pool per seed pool, with the
// seed's coins, A, fees and balances, holding the tokens its balances account for.
import { readFileSync } from 'node:fs';
import { type Address, getAddress, parseAbi } from 'viem';
import type { PlatformPreset } from '../../../src/network/types.ts';
import { rateFromDecimals } from '../../../src/pools/stable/data.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import { type CompiledContract, compileSolidity } from '../../solc.ts';
import type { DeployContext } from '../context.ts';
import type { DevnetTokens, PlatformDeployer, PlatformDeployment } from '../types.ts';

// StableSwap.sol's constructor limits (MAX_A, MAX_FEE, MAX_ADMIN_FEE), the same as Pancake's.
const MAX_A = 1_000_000n;
const MAX_FEE = 5_000_000_000n;
const MAX_ADMIN_FEE = 10_000_000_000n;
const TRANSFER_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

/** Our Solidity port of the Pancake/Curve 3pool (see its header for what it leaves out). */
export function stableSwapArtifact(): CompiledContract {
  const source = readFileSync(new URL('../../../contracts/StableSwap.sol', import.meta.url), 'utf8');
  return compileSolidity({ 'contracts/StableSwap.sol': source }, { contracts: ['StableSwap'] }).StableSwap;
}

/**
 * Builds one StableSwap per seed pool (coins in the seed's order, which the pool keeps) and returns the preset entry
 * listing them and each pool's exact state. A, fee and admin fee beyond the contract's limits are capped to them;
 * balances are set with seed_balances (our port has no add_liquidity) and the pool is sent that many tokens.
 * @example const { preset, pools } = await deployStablePlatform(ctx, { platformId: 'dexa_stable', preset, pools, tokens })
 */
export const deployStablePlatform: PlatformDeployer = async (ctx, seed): Promise<PlatformDeployment> => {
  if (seed.preset.kind !== 'stable') throw new Error(`${seed.platformId} is not a stable platform`);
  const artifact = stableSwapArtifact();
  const pools: SnapshotPool[] = [];
  for (const pool of seed.pools) {
    const coins = pool.tokens.map((i) => seed.tokens.list[i].address as Address);
    const decimals = pool.tokens.map((i) => seed.tokens.list[i].decimals);
    const balances = pool.state.balances as bigint[];
    const amp = min(pool.state.amp as bigint, MAX_A);
    const fee = min(pool.state.fee as bigint, MAX_FEE);
    const adminFee = min(pool.state.adminFee as bigint, MAX_ADMIN_FEE);
    const decimalArgs = decimals.map(BigInt);
    const address = getAddress(await ctx.deploy(artifact, [coins, decimalArgs, amp, fee, adminFee, ctx.deployer]));
    await ctx.write({ address, abi: artifact.abi, functionName: 'seed_balances', args: [balances] });
    for (const [k, coin] of coins.entries()) await fundContract(ctx, seed.tokens, coin, address, balances[k]);
    pools.push({
      platform: seed.platformId,
      kind: 'stable',
      address,
      tokens: [...pool.tokens],
      state: { balances: [...balances], rates: decimals.map(rateFromDecimals), amp, fee, adminFee },
      meta: {},
    });
  }
  const preset: PlatformPreset = { kind: 'stable', pools: pools.map((p) => p.address) };
  return { preset, pools };
};

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * Gives a contract `amount` of `token`. DevnetTokens.fund wraps the native coin from the receiving account itself,
 * which a contract cannot do, so the wrapped native is wrapped by the deployer and transferred.
 */
async function fundContract(ctx: DeployContext, tokens: DevnetTokens, token: Address, to: Address, amount: bigint): Promise<void> {
  if (token.toLowerCase() !== tokens.wrappedNative.toLowerCase()) return tokens.fund(token, to, amount);
  await tokens.fund(token, ctx.deployer, amount);
  if (amount > 0n) await ctx.write({ address: token, abi: TRANSFER_ABI, functionName: 'transfer', args: [to, amount] });
}
