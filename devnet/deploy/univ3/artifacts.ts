// The UniV3 contracts the devnet deploys: Uniswap's own build artifacts from @uniswap/v3-core and v3-periphery, and
// our liquidity seeder, compiled here. Checks that the periphery's pool address maths matches the core's pool code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Abi, type Hex, keccak256 } from 'viem';
import { type CompiledContract, compileSolidity } from '../../solc.ts';

const require = createRequire(import.meta.url);

export interface UniV3Artifacts {
  factory: CompiledContract;
  pool: CompiledContract;
  positionManager: CompiledContract;
  quoterV2: CompiledContract;
  swapRouter: CompiledContract;
  seeder: CompiledContract;
  /** keccak256 of the pool's creation code: what CREATE2 pool addresses are derived from. */
  poolInitCodeHash: Hex;
}

function hardhatArtifact(path: string): CompiledContract {
  const json = require(path) as { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode, deployedBytecode: json.deployedBytecode };
}

let cached: UniV3Artifacts | undefined;

/**
 * Loads the artifacts once per process. Throws when the periphery's POOL_INIT_CODE_HASH is not keccak256 of the core
 * pool's creation code: the quoter and router would then compute wrong pool addresses and reject every callback.
 * @example const { factory, quoterV2 } = uniV3Artifacts()
 */
export function uniV3Artifacts(): UniV3Artifacts {
  if (cached) return cached;
  const pool = hardhatArtifact('@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json');
  const factory = hardhatArtifact('@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json');
  const poolInitCodeHash = keccak256(pool.bytecode);
  const peripheryHash = peripheryPoolInitCodeHash();
  if (peripheryHash !== poolInitCodeHash) {
    throw new Error(`v3-periphery POOL_INIT_CODE_HASH ${peripheryHash} is not keccak256(v3-core pool) ${poolInitCodeHash}`);
  }
  // The factory deploys the pool from code embedded in its own bytecode, which must be the same build.
  if (!factory.bytecode.includes(pool.bytecode.slice(2))) throw new Error('v3-core factory embeds a different pool');

  const periphery = '@uniswap/v3-periphery/artifacts/contracts/';
  const positionManager = hardhatArtifact(`${periphery}NonfungiblePositionManager.sol/NonfungiblePositionManager.json`);
  const quoterV2 = hardhatArtifact(`${periphery}lens/QuoterV2.sol/QuoterV2.json`);
  const swapRouter = hardhatArtifact(`${periphery}SwapRouter.sol/SwapRouter.json`);
  for (const [name, artifact] of Object.entries({ positionManager, quoterV2, swapRouter })) {
    if (!artifact.bytecode.includes(peripheryHash.slice(2))) throw new Error(`${name} artifact lacks POOL_INIT_CODE_HASH`);
  }

  const seederPath = 'devnet/deploy/univ3/UniV3LiquiditySeeder.sol';
  const seederSource = readFileSync(new URL('./UniV3LiquiditySeeder.sol', import.meta.url), 'utf8');
  const { UniV3LiquiditySeeder: seeder } = compileSolidity(
    { [seederPath]: seederSource },
    { contracts: ['UniV3LiquiditySeeder'] },
  );
  cached = { factory, pool, positionManager, quoterV2, swapRouter, seeder, poolInitCodeHash };
  return cached;
}

/** The constant hard-coded in v3-periphery's PoolAddress library, read from the package's own source. */
function peripheryPoolInitCodeHash(): Hex {
  const source = readFileSync(require.resolve('@uniswap/v3-periphery/contracts/libraries/PoolAddress.sol'), 'utf8');
  const match = /POOL_INIT_CODE_HASH\s*=\s*(0x[0-9a-fA-F]{64})/.exec(source);
  if (!match) throw new Error('POOL_INIT_CODE_HASH not found in v3-periphery PoolAddress.sol');
  return match[1].toLowerCase() as Hex;
}
