// Uniswap V2 factory, pair and router bytecode for one platform fee: the published build for 0.3%, otherwise the
// same sources recompiled with the fee constants (and the router's init-code hash) rewritten.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Abi, type Hex, keccak256 } from 'viem';
import type { FeeFraction } from '../../../src/network/types.ts';
import { type CompiledContract, compileSolidity } from '../../solc.ts';
import { rewriteSource } from './rewriteSource.ts';

const require = createRequire(import.meta.url);

export interface UniV2Artifacts {
  factory: CompiledContract;
  pair: CompiledContract;
  router: CompiledContract;
  /** keccak256 of the pair's creation code: what CREATE2 pair addresses (and the router's pairFor) are built from. */
  initCodeHash: Hex;
}

const CORE = '@uniswap/v2-core/contracts/';
const PERIPHERY = '@uniswap/v2-periphery/contracts/';
const TRANSFER_HELPER = '@uniswap/lib/contracts/libraries/TransferHelper.sol';
/** The init-code hash Uniswap's own pair build has, as written in UniswapV2Library.pairFor. */
const UNISWAP_INIT_CODE_HASH = '96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
// The settings of Uniswap's own builds (v2-core and v2-periphery .waffle.json).
const OPTIMIZER_RUNS = 999_999;
const EVM_VERSION = 'istanbul';

/**
 * Factory, pair and Router02 whose swaps keep `fee.numerator / fee.denominator` of the input, and the pair's
 * init-code hash. Compilations are cached by devnet/solc.ts, so only the first call per fee runs solc.
 * @example const { factory, router, initCodeHash } = univ2Artifacts({ numerator: 9971, denominator: 10000 })
 */
export function univ2Artifacts(fee: FeeFraction): UniV2Artifacts {
  const { numerator, denominator } = fee;
  const integers = Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator);
  if (!integers || numerator <= 0 || numerator >= denominator) {
    throw new RangeError(`UniV2 fee must be a fraction below 1, got ${numerator}/${denominator}`);
  }
  // The pair's K check multiplies two uint112 balances by denominator each; SafeMath would revert past 2^256.
  if (denominator >= 2 ** 16) throw new RangeError(`UniV2 fee denominator ${denominator} would overflow the K check`);
  return numerator * 1000 === denominator * 997 ? publishedArtifacts() : recompiledArtifacts(numerator, denominator);
}

/** Uniswap's published 0.3% build, byte for byte. */
function publishedArtifacts(): UniV2Artifacts {
  const pair = buildJson('@uniswap/v2-core/build/UniswapV2Pair.json');
  return {
    factory: buildJson('@uniswap/v2-core/build/UniswapV2Factory.json'),
    pair,
    router: buildJson('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    initCodeHash: keccak256(pair.bytecode),
  };
}

function buildJson(path: string): CompiledContract {
  const json = require(path) as { abi: Abi; bytecode: string; evm: { deployedBytecode: { object: string } } };
  return { abi: json.abi, bytecode: `0x${json.bytecode}`, deployedBytecode: `0x${json.evm.deployedBytecode.object}` };
}

function recompiledArtifacts(numerator: number, denominator: number): UniV2Artifacts {
  const keep = String(denominator);
  const cut = String(denominator - numerator);
  // The pair's swap accepts a trade when (b0*D - in0*(D-N)) * (b1*D - in1*(D-N)) >= r0*r1*D^2.
  const pairSource = rewriteSource(
    readPackageFile(`${CORE}UniswapV2Pair.sol`),
    [
      ['balance0.mul(1000).sub(amount0In.mul(3))', `balance0.mul(${keep}).sub(amount0In.mul(${cut}))`],
      ['balance1.mul(1000).sub(amount1In.mul(3))', `balance1.mul(${keep}).sub(amount1In.mul(${cut}))`],
      ['.mul(1000**2)', `.mul(${keep}**2)`],
    ],
    'UniswapV2Pair.sol',
  );
  // The factory embeds the pair's creation code, so both come from one compilation.
  const core = compileSolidity(
    {
      [`${CORE}UniswapV2Factory.sol`]: readPackageFile(`${CORE}UniswapV2Factory.sol`),
      [`${CORE}UniswapV2Pair.sol`]: pairSource,
    },
    {
      compiler: '0.5.16',
      optimizerRuns: OPTIMIZER_RUNS,
      evmVersion: EVM_VERSION,
      contracts: ['UniswapV2Factory', 'UniswapV2Pair'],
    },
  );
  const initCodeHash = keccak256(core.UniswapV2Pair.bytecode);

  const librarySource = rewriteSource(
    readPackageFile(`${PERIPHERY}libraries/UniswapV2Library.sol`),
    [
      [UNISWAP_INIT_CODE_HASH, initCodeHash.slice(2)],
      // getAmountOut: amountIn * N * reserveOut / (reserveIn * D + amountIn * N)
      ['amountInWithFee = amountIn.mul(997);', `amountInWithFee = amountIn.mul(${numerator});`],
      ['denominator = reserveIn.mul(1000).add(amountInWithFee);', `denominator = reserveIn.mul(${keep}).add(amountInWithFee);`],
      // getAmountIn: reserveIn * amountOut * D / ((reserveOut - amountOut) * N) + 1
      ['numerator = reserveIn.mul(amountOut).mul(1000);', `numerator = reserveIn.mul(amountOut).mul(${keep});`],
      ['denominator = reserveOut.sub(amountOut).mul(997);', `denominator = reserveOut.sub(amountOut).mul(${numerator});`],
    ],
    'UniswapV2Library.sol',
  );
  const periphery = compileSolidity(
    {
      [`${PERIPHERY}UniswapV2Router02.sol`]: readPackageFile(`${PERIPHERY}UniswapV2Router02.sol`),
      [`${PERIPHERY}libraries/UniswapV2Library.sol`]: librarySource,
      // The periphery was built against @uniswap/lib 1.x, which npm nests under it; the top-level copy is a later
      // major. (Its nested v2-core is identical to the top-level one, so those imports resolve from node_modules.)
      [TRANSFER_HELPER]: readPackageFile(`@uniswap/v2-periphery/node_modules/${TRANSFER_HELPER}`),
    },
    { compiler: '0.6.6', optimizerRuns: OPTIMIZER_RUNS, evmVersion: EVM_VERSION, contracts: ['UniswapV2Router02'] },
  );
  return {
    factory: core.UniswapV2Factory,
    pair: core.UniswapV2Pair,
    router: periphery.UniswapV2Router02,
    initCodeHash,
  };
}

function readPackageFile(path: string): string {
  return readFileSync(require.resolve(path), 'utf8');
}
