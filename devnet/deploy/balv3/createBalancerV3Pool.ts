// Creates one snapshot Balancer V3 pool on the devnet through the real factory and initializes it through the real
// Router with the snapshot's balances, returning the state now on chain.
import {
  type Address,
  getAddress,
  isAddressEqual,
  maxUint48,
  maxUint160,
  pad,
  toEventSelector,
  zeroAddress,
} from 'viem';
import type { BalV3StableState, BalV3WeightedState } from '../../../src/pools/balv3/data.ts';
import { computeMinTokenBalances } from '../../../src/pools/balv3/minTokenBalances.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import type { DeployContext } from '../context.ts';
import type { DevnetTokens } from '../types.ts';
import { type BalancerV3Artifacts, fixedRateProviderArtifact } from './artifacts.ts';
import type { BalancerV3Periphery } from './deployBalancerV3Periphery.ts';
import type { BalancerV3VaultDeployment } from './deployBalancerV3Vault.ts';
import { setPoolProtocolSwapFee } from './setPoolProtocolSwapFee.ts';

const ONE = 10n ** 18n;
/** Fees are stored in the Vault with 24 bits: multiples of 1e11 (0.00001%). */
const FEE_SCALING_FACTOR = 100_000_000_000n;
/** Swap-fee bounds of WeightedPool (0.001%..10%) and StablePool (0.0001%..10%). */
const SWAP_FEE_BOUNDS = { balv3Weighted: [10n ** 13n, 10n ** 17n], balv3Stable: [10n ** 12n, 10n ** 17n] } as const;
/** StablePool's AMP_PRECISION and StableMath's MIN_AMP / MAX_AMP (raw, without precision). */
const AMP_PRECISION = 1000n;
const AMP_RANGE = [1n, 50_000n] as const;
const POOL_CREATED_TOPIC = toEventSelector('PoolCreated(address)');

/** Everything one pool creation needs; `approved` remembers tokens already approved for the Router. */
export interface BalancerV3PoolEnv {
  ctx: DeployContext;
  artifacts: BalancerV3Artifacts;
  core: BalancerV3VaultDeployment;
  periphery: BalancerV3Periphery;
  tokens: DevnetTokens;
  globalProtocolSwapFee: bigint;
  approved: Set<string>;
}

/**
 * Creates `seedPool` (kind balv3Weighted or balv3Stable): tokens sorted by devnet address as the Vault requires,
 * static swap fee (rounded down to the Vault's 1e11 resolution and clamped to the pool's bounds), no hooks,
 * a FixedRateProvider only for a rate other than 1e18, the deployer as swap-fee manager (so tests may change the fee
 * and amp without governance), then `Router.initialize` with the snapshot's raw balances. The returned state is
 * computed from those inputs: the Vault stores initialize's exact amounts as the raw balances, and a weighted pool's
 * minimum balances are the ones the factory computes from the token decimals.
 * @example const pool = await createBalancerV3Pool(env, seed.pools[0], 0)
 */
export async function createBalancerV3Pool(
  env: BalancerV3PoolEnv,
  seedPool: SnapshotPool,
  salt: number,
): Promise<SnapshotPool> {
  const { ctx, artifacts, periphery, tokens } = env;
  const kind = seedPool.kind as 'balv3Weighted' | 'balv3Stable';
  if (kind !== 'balv3Weighted' && kind !== 'balv3Stable') {
    throw new Error(`balv3: cannot deploy a ${seedPool.kind} pool`);
  }
  const seed = seedPool.state as unknown as BalV3WeightedState & BalV3StableState;

  // The Vault registers tokens in ascending address order; `order[k]` is the seed position of the k-th token.
  const address = (i: number) => tokens.list[seedPool.tokens[i]].address as Address;
  const order = seedPool.tokens.map((_, i) => i).sort((a, b) => (BigInt(address(a)) < BigInt(address(b)) ? -1 : 1));
  const sorted = <T>(values: readonly T[]): T[] => order.map((i) => values[i]);
  const poolTokens = sorted(seedPool.tokens.map((_, i) => address(i)));
  const balancesRaw = sorted(seed.balancesRaw);
  const tokenRates = sorted(seed.tokenRates);

  const tokenConfig = [];
  for (const [k, token] of poolTokens.entries()) {
    const rate = tokenRates[k];
    const rateProvider = rate === ONE ? zeroAddress : await ctx.deploy(fixedRateProviderArtifact(), [rate]);
    tokenConfig.push({ token, tokenType: rate === ONE ? 0 : 1, rateProvider, paysYieldFees: false });
  }
  const [minFee, maxFee] = SWAP_FEE_BOUNDS[kind];
  const swapFee = clamp((seed.swapFee / FEE_SCALING_FACTOR) * FEE_SCALING_FACTOR, minFee, maxFee);
  const roleAccounts = { pauseManager: zeroAddress, swapFeeManager: ctx.deployer, poolCreator: zeroAddress };
  const name = `devnet ${seedPool.address}`;
  const common = [roleAccounts, swapFee, zeroAddress, false, false, pad(`0x${salt.toString(16)}`)] as const;

  let curve: { weights: bigint[]; minTokenBalances: bigint[] } | { amp: bigint };
  let receipt;
  if (kind === 'balv3Weighted') {
    const weights = sorted(seed.weights);
    receipt = await ctx.write({
      address: periphery.weightedPoolFactory,
      abi: artifacts.WeightedPoolFactory.abi,
      functionName: 'create',
      args: [name, 'DEVBPT', tokenConfig, weights, ...common],
    });
    // The factory derives each token's minimum balance from its decimals (MinTokenBalanceLib); a seed's own
    // minimums (say, of a pool deployed outside the factory) cannot be reproduced through it.
    const decimals = sorted(seedPool.tokens).map((i) => tokens.list[i].decimals);
    curve = { weights, minTokenBalances: computeMinTokenBalances(decimals) };
  } else {
    const rawAmp = clamp((seed.amp + AMP_PRECISION / 2n) / AMP_PRECISION, AMP_RANGE[0], AMP_RANGE[1]);
    receipt = await ctx.write({
      address: periphery.stablePoolFactory,
      abi: artifacts.StablePoolFactory.abi,
      functionName: 'create',
      args: [name, 'DEVBPT', tokenConfig, rawAmp, ...common],
    });
    curve = { amp: rawAmp * AMP_PRECISION };
  }
  const factory = kind === 'balv3Weighted' ? periphery.weightedPoolFactory : periphery.stablePoolFactory;
  const created = receipt.logs.find(
    (log) => isAddressEqual(log.address, factory) && log.topics[0] === POOL_CREATED_TOPIC,
  );
  if (!created?.topics[1]) throw new Error(`balv3: no PoolCreated log for ${seedPool.address}`);
  const pool = getAddress(`0x${created.topics[1].slice(26)}`);

  const aggregateSwapFee = await setPoolProtocolSwapFee(env, pool, seed.aggregateSwapFee);
  for (const [k, token] of poolTokens.entries()) {
    await tokens.fund(token, ctx.deployer, balancesRaw[k]);
    await approveForRouter(env, token);
  }
  await ctx.write({
    address: periphery.router,
    abi: artifacts.Router.abi,
    functionName: 'initialize',
    args: [pool, poolTokens, balancesRaw, 0n, false, '0x'],
  });

  const poolTokenIndices = sorted(seedPool.tokens);
  const decimals = poolTokenIndices.map((i) => tokens.list[i].decimals);
  return {
    platform: seedPool.platform,
    kind,
    address: pool,
    tokens: poolTokenIndices,
    state: { balancesRaw, decimals, tokenRates, ...curve, swapFee, aggregateSwapFee },
  };
}

/** ERC-20 approval of MiniPermit2, then a Permit2 allowance for the Router, once per token. */
async function approveForRouter({ ctx, tokens, periphery, artifacts, approved }: BalancerV3PoolEnv, token: Address) {
  if (approved.has(token)) return;
  await tokens.approve(token, periphery.permit2);
  await ctx.write({
    address: periphery.permit2,
    abi: artifacts.MiniPermit2.abi,
    functionName: 'approve',
    args: [token, periphery.router, maxUint160, maxUint48],
  });
  approved.add(token);
}

function clamp(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}
