// Deploys one UniV2 platform on the devnet: factory, Router02 and the seed's pairs, each pair minted with exactly the
// snapshot's reserves, at the platform's own swap fee.
import { readFileSync } from 'node:fs';
import { type Address, encodePacked, getAddress, getCreate2Address, keccak256 } from 'viem';
import type { PlatformPreset } from '../../../src/network/types.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import { compileSolidity } from '../../solc.ts';
import type { DeployContext } from '../context.ts';
import type { DevnetTokens, PlatformDeployer, PlatformDeployment } from '../types.ts';
import { univ2Artifacts } from './univ2Artifacts.ts';

/** Pairs per seeding transaction: a pair's creation, transfers and mint take about 2.7M gas; 40 stay far inside a 1e9 block. */
const PAIRS_PER_TRANSACTION = 40;
const MAX_UINT112 = (1n << 112n) - 1n;
/** The pair's first mint locks MINIMUM_LIQUIDITY and reverts unless sqrt(amount0 * amount1) exceeds it. */
const MINIMUM_LIQUIDITY = 1000n;

interface PairSeed {
  token0: Address;
  token1: Address;
  amount0: bigint;
  amount1: bigint;
}

/**
 * Builds the platform from `seed`: pairs whose token0/token1 follow the devnet addresses (so a snapshot pool's
 * reserves may swap sides), reserves equal to the snapshot's, and the preset entry with the devnet factory, router
 * and init-code hash. Snapshot pools no pair could hold (reserves beyond uint112, too small for the first mint, or a
 * second pool of the same token pair) are left out.
 * @example const { preset, pools } = await deployUniV2Platform(ctx, { platformId: 'dexa_v2', preset, pools, tokens })
 */
export const deployUniV2Platform: PlatformDeployer = async (ctx, seed): Promise<PlatformDeployment> => {
  const swapFee = seed.preset.swapFee;
  if (seed.preset.kind !== 'univ2' || !swapFee) throw new Error(`${seed.platformId} is not a UniV2 platform with a swapFee`);
  const artifacts = univ2Artifacts(swapFee);
  const factory = getAddress(await ctx.deploy(artifacts.factory, [ctx.deployer]));
  const router = getAddress(await ctx.deploy(artifacts.router, [factory, seed.tokens.wrappedNative]));

  const addressOf = (index: number) => seed.tokens.list[index].address as Address;
  const pools: SnapshotPool[] = [];
  const seeds: PairSeed[] = [];
  const created = new Set<string>();
  for (const pool of seed.pools) {
    const [a, b] = pool.tokens;
    const [reserveA, reserveB] = [pool.state.reserve0 as bigint, pool.state.reserve1 as bigint];
    if (a === b || !mintable(reserveA, reserveB)) continue;
    // The pair orders its tokens by address, and devnet addresses sort differently from mainnet's.
    const flip = BigInt(addressOf(a)) > BigInt(addressOf(b));
    const tokens = flip ? [b, a] : [a, b];
    const [amount0, amount1] = flip ? [reserveB, reserveA] : [reserveA, reserveB];
    const [token0, token1] = [addressOf(tokens[0]), addressOf(tokens[1])];
    // A factory holds one pair per token pair (createPair reverts with PAIR_EXISTS); the first seed pool wins.
    const key = `${token0}:${token1}`.toLowerCase();
    if (created.has(key)) continue;
    created.add(key);
    seeds.push({ token0, token1, amount0, amount1 });
    pools.push({
      platform: seed.platformId,
      kind: 'univ2',
      address: pairAddress(factory, token0, token1, artifacts.initCodeHash),
      tokens,
      state: {
        reserve0: amount0,
        reserve1: amount1,
        feeNumerator: BigInt(swapFee.numerator),
        feeDenominator: BigInt(swapFee.denominator),
      },
      meta: {},
    });
  }
  await seedPairs(ctx, seed.tokens, factory, seeds);

  const preset: PlatformPreset = { kind: 'univ2', factory, router, initCodeHash: artifacts.initCodeHash, swapFee: { ...swapFee } };
  return { preset, pools };
};

function mintable(reserve0: bigint, reserve1: bigint): boolean {
  // Math.sqrt in the pair rounds down, so the product must reach (MINIMUM_LIQUIDITY + 1)^2.
  return reserve0 <= MAX_UINT112 && reserve1 <= MAX_UINT112 && reserve0 * reserve1 >= (MINIMUM_LIQUIDITY + 1n) ** 2n;
}

/** The pair's CREATE2 address, as UniswapV2Factory.createPair and UniswapV2Library.pairFor derive it. */
function pairAddress(factory: Address, token0: Address, token1: Address, initCodeHash: `0x${string}`): Address {
  const salt = keccak256(encodePacked(['address', 'address'], [token0, token1]));
  return getCreate2Address({ from: factory, salt, bytecodeHash: initCodeHash });
}

/**
 * Funds the deployer with each token's total once, then creates and mints the pairs through UniV2Seeder, many per
 * transaction, instead of four transactions per pair.
 */
async function seedPairs(
  ctx: DeployContext,
  tokens: DevnetTokens,
  factory: Address,
  seeds: readonly PairSeed[],
): Promise<void> {
  if (seeds.length === 0) return;
  const seederArtifact = compileSolidity(
    { 'devnet/deploy/univ2/UniV2Seeder.sol': readFileSync(new URL('./UniV2Seeder.sol', import.meta.url), 'utf8') },
    { contracts: ['UniV2Seeder'] },
  ).UniV2Seeder;
  const seeder = await ctx.deploy(seederArtifact);
  const totals = new Map<Address, bigint>();
  for (const s of seeds) {
    totals.set(s.token0, (totals.get(s.token0) ?? 0n) + s.amount0);
    totals.set(s.token1, (totals.get(s.token1) ?? 0n) + s.amount1);
  }
  for (const [token, total] of totals) {
    await tokens.fund(token, ctx.deployer, total);
    await tokens.approve(token, seeder);
  }
  for (let start = 0; start < seeds.length; start += PAIRS_PER_TRANSACTION) {
    await ctx.write({
      address: seeder,
      abi: seederArtifact.abi,
      functionName: 'seed',
      args: [factory, seeds.slice(start, start + PAIRS_PER_TRANSACTION), ctx.deployer],
    });
  }
}
