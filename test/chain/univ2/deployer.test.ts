// The UniV2 deployer's edge cases: Uniswap's published bytecode at exactly 0.3%, seed pools a pair cannot hold, and
// source rewrites that refuse to guess.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { type Address, parseAbi } from 'viem';
import { startAnvil } from '../../../devnet/anvil.ts';
import { createDeployContext } from '../../../devnet/deploy/context.ts';
import { MULTICALL3_ADDRESS, deployMulticall3 } from '../../../devnet/deploy/multicall.ts';
import { deployTokens } from '../../../devnet/deploy/tokens.ts';
import { deployUniV2Platform } from '../../../devnet/deploy/univ2/deployUniV2Platform.ts';
import { rewriteSource } from '../../../devnet/deploy/univ2/rewriteSource.ts';
import { createMulticallBatcher } from '../../../src/chain/multicall.ts';
import { univ2Reader } from '../../../src/chain/univ2/univ2Reader.ts';
import type { ReadContext } from '../../../src/chain/types.ts';
import { UniV2Pool, type UniV2State } from '../../../src/pools/univ2/index.ts';
import type { SnapshotPool } from '../../../src/snapshot/types.ts';
import { asSnapshotPool } from './univ2Devnet.ts';

const require = createRequire(import.meta.url);
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);

test('a 0.3% platform runs Uniswap V2 published bytecode and skips pools no pair can hold', async (t) => {
  const anvil = await startAnvil();
  t.after(() => anvil.stop());
  const ctx = createDeployContext(anvil.rpcUrl);
  await deployMulticall3(ctx);
  const tokens = await deployTokens(
    ctx,
    [
      { address: '0x01', symbol: 'WPLS', decimals: 18 },
      { address: '0x02', symbol: 'USDC', decimals: 6 },
      { address: '0x03', symbol: 'HEX', decimals: 8 },
    ],
    0,
  );
  const pool = (tokensOf: number[], reserve0: bigint, reserve1: bigint): SnapshotPool => ({
    platform: 'dexa_v1',
    kind: 'univ2',
    address: '0x0000000000000000000000000000000000000000',
    tokens: tokensOf,
    state: { reserve0, reserve1 },
  });
  const seedPools = [
    pool([0, 1], 5n * 10n ** 24n, 10n ** 11n),
    pool([1, 0], 10n ** 9n, 10n ** 21n), // the same token pair again: the factory holds one pair per pair
    pool([1, 2], 1_001n, 1_000n), // sqrt(1001 * 1000) = 1000: the first mint would revert
    pool([2, 1], 1n << 112n, 10n ** 12n), // beyond uint112
    pool([2, 1], 7n * 10n ** 12n, 3n * 10n ** 10n),
  ];
  const swapFee = { numerator: 997, denominator: 1000 };
  const { preset, pools } = await deployUniV2Platform(ctx, { platformId: 'dexa_v1', preset: { kind: 'univ2', swapFee }, pools: seedPools, tokens });

  assert.equal(preset.initCodeHash, '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f');
  const published = require('@uniswap/v2-core/build/UniswapV2Factory.json') as { evm: { deployedBytecode: { object: string } } };
  assert.equal(await ctx.publicClient.getCode({ address: preset.factory as Address }), `0x${published.evm.deployedBytecode.object}`);
  // Only the first and the last seed pools became pairs (with their reserves on whichever side the addresses put them).
  assert.deepEqual(
    pools.map((p) => [[...p.tokens].sort(), new Set([p.state.reserve0, p.state.reserve1])]),
    [
      [[0, 1], new Set([5n * 10n ** 24n, 10n ** 11n])],
      [[1, 2], new Set([7n * 10n ** 12n, 3n * 10n ** 10n])],
    ],
  );

  const read: ReadContext = { client: ctx.publicClient, multicall: createMulticallBatcher(ctx.publicClient, { multicallAddress: MULTICALL3_ADDRESS }) };
  const block = await ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  const found = await univ2Reader.discoverPools(read, 'dexa_v1', preset, { fromBlock: 0n, toBlock: block });
  const states = await univ2Reader.readPoolStates(read, preset, found, block);
  assert.deepStrictEqual(found.map((p, i) => asSnapshotPool(tokens, p, states[i])), pools);

  // The published router (its own init-code hash and 997/1000) quotes what the engine does.
  for (const [p, discovered] of found.entries()) {
    const engine = new UniV2Pool(states[p] as unknown as UniV2State);
    for (const amountIn of [1n, 999n, 10n ** 6n, 10n ** 10n, 10n ** 18n, 10n ** 24n]) {
      for (const tokenIn of [0, 1]) {
        const route = [discovered.tokens[tokenIn], discovered.tokens[1 - tokenIn]];
        const amounts = await ctx.publicClient.readContract({ address: preset.router as Address, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, route] });
        assert.equal(amounts[1], engine.swapExactIn(tokenIn, 1 - tokenIn, amountIn)?.amountOut ?? 0n, `${route} ${amountIn}`);
      }
    }
  }
});

test('rewriteSource replaces each text exactly once and refuses a missing or repeated one', () => {
  assert.equal(rewriteSource('a.mul(997) b', [['mul(997)', 'mul(9971)']], 'x.sol'), 'a.mul(9971) b');
  assert.throws(() => rewriteSource('a b', [['mul(997)', 'mul(9971)']], 'x.sol'), /x\.sol: expected exactly one "mul\(997\)", found 0/);
  assert.throws(() => rewriteSource('mul(997) mul(997)', [['mul(997)', 'mul(9971)']], 'x.sol'), /found 2/);
  // A replacement's `$` patterns are taken literally.
  assert.equal(rewriteSource('x', [['x', "$&$'"]], 'x.sol'), "$&$'");
});
