// Live-mode reads of UniV3 platforms on the devnet: after swaps, mints and burns sent on-chain, touchedPools names the
// pool from that block's logs and a re-read gives the new state; a pool created later is found by discovery over
// just its block range, and announcesPools recognises its creation log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, type Log, decodeEventLog, maxUint256, toEventSelector } from 'viem';
import { OTHER_ACCOUNT } from '../../../devnet/deploy/context.ts';
import { uniV3Artifacts } from '../../../devnet/deploy/univ3/artifacts.ts';
import { positionsForProfile, ticksOfPositions } from '../../../devnet/deploy/univ3/liquidityPositions.ts';
import { univ3PoolEventsAbi } from '../../../src/chain/univ3/abis.ts';
import { univ3Reader } from '../../../src/chain/univ3/univ3Reader.ts';
import type { DiscoveredPool } from '../../../src/chain/types.ts';
import type { UniV3Tick } from '../../../src/pools/univ3/data.ts';
import { UniV3Pool } from '../../../src/pools/univ3/univ3Pool.ts';
import {
  type UniV3Devnet,
  type UniV3PlatformId,
  discoverPlatform,
  headBlock,
  readPoolState,
  startUniV3Devnet,
} from './univ3Devnet.ts';

const Q96 = 2 ** 96;

/** `ticks` with `liquidityNet` added at lower and taken at upper, as a mint of `liquidity` leaves them. */
function withPosition(ticks: readonly UniV3Tick[], lower: number, upper: number, liquidity: bigint): UniV3Tick[] {
  const net = new Map(ticks.map((t) => [t.index, t.liquidityNet]));
  net.set(lower, (net.get(lower) ?? 0n) + liquidity);
  net.set(upper, (net.get(upper) ?? 0n) - liquidity);
  return [...net].sort((a, b) => a[0] - b[0]).map(([index, liquidityNet]) => ({ index, liquidityNet }));
}

describe('UniV3 reader in live mode on the devnet', () => {
  let devnet: UniV3Devnet | undefined;
  before(async () => {
    devnet = await startUniV3Devnet();
  });
  after(async () => {
    await devnet?.anvil.stop();
  });

  async function blockLogs(blockNumber: bigint): Promise<Log[]> {
    return devnet!.ctx.publicClient.getLogs({ fromBlock: blockNumber, toBlock: blockNumber });
  }

  async function touched(platformId: UniV3PlatformId, blockNumber: bigint): Promise<Address[]> {
    const preset = devnet!.deployments[platformId].preset;
    const logs = await blockLogs(blockNumber);
    return [...new Set(logs.flatMap((log) => univ3Reader.touchedPools(log, preset)))];
  }

  async function pool(platformId: UniV3PlatformId, index: number): Promise<DiscoveredPool> {
    return (await discoverPlatform(devnet!, platformId, await headBlock(devnet!)))[index];
  }

  /** Funds the deployer and lets the position manager take both tokens. */
  async function fundForPositionManager(platformId: UniV3PlatformId, tokens: readonly Address[], amounts: bigint[]) {
    const { positionManager } = devnet!.deployments[platformId].contracts;
    for (const [i, token] of tokens.entries()) {
      await devnet!.tokens.fund(token, devnet!.ctx.deployer, amounts[i]);
      await devnet!.tokens.approve(token, positionManager);
    }
  }

  async function mintThroughPositionManager(
    platformId: UniV3PlatformId,
    target: DiscoveredPool,
    tickLower: number,
    tickUpper: number,
    amounts: [bigint, bigint],
  ) {
    await fundForPositionManager(platformId, target.tokens, amounts);
    const receipt = await devnet!.ctx.write({
      address: devnet!.deployments[platformId].contracts.positionManager,
      abi: uniV3Artifacts().positionManager.abi,
      functionName: 'mint',
      args: [
        {
          token0: target.tokens[0],
          token1: target.tokens[1],
          fee: Number(target.meta.fee),
          tickLower,
          tickUpper,
          amount0Desired: amounts[0],
          amount1Desired: amounts[1],
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: devnet!.ctx.deployer,
          deadline: maxUint256,
        },
      ],
    });
    const mint = receipt.logs
      .filter((log) => log.address.toLowerCase() === target.address.toLowerCase())
      .map((log) => decodeEventLog({ abi: univ3PoolEventsAbi, data: log.data, topics: log.topics }))
      .find((event) => event.eventName === 'Mint');
    assert.ok(mint && mint.eventName === 'Mint', 'the pool emitted Mint');
    return { receipt, liquidity: mint.args.amount };
  }

  it('after swaps both ways, touchedPools names the pool and a re-read equals the engine afterSwapExactIn state', async () => {
    const { swapRouter } = uniV3Artifacts();
    const platformId = 'dexc_v3';
    const target = await pool(platformId, 2);
    for (const zeroForOne of [true, false]) {
      const head = await headBlock(devnet!);
      const state = await readPoolState(devnet!, platformId, target, head);
      const sqrtPrice = Number(state.sqrtPriceX96) / Q96;
      const reserveIn = zeroForOne ? Number(state.liquidity) / sqrtPrice : Number(state.liquidity) * sqrtPrice;
      const engine = new UniV3Pool(state);
      const [i, o] = zeroForOne ? [0, 1] : [1, 0];
      // The smallest of these sizes that the pool fills while crossing at least two initialized ticks. The way back
      // after the first swap starts where liquidity is thin, so the sizes reach far beyond the in-range reserve.
      const amountIn = Array.from({ length: 16 }, (_, k) => BigInt(Math.floor(reserveIn * 0.05 * 2 ** k)))
        .find((amount) => (engine.swapExactIn(i, o, amount)?.ticksCrossed ?? 0) >= 2);
      assert.ok(amountIn !== undefined, 'a fillable swap crossing two ticks');
      const expected = engine.afterSwapExactIn(i, o, amountIn)!;

      const [tokenIn, tokenOut] = [target.tokens[i], target.tokens[o]];
      await devnet!.tokens.fund(tokenIn, OTHER_ACCOUNT, amountIn);
      await devnet!.tokens.approve(tokenIn, devnet!.deployments[platformId].contracts.swapRouter, OTHER_ACCOUNT);
      const receipt = await devnet!.ctx.write({
        address: devnet!.deployments[platformId].contracts.swapRouter,
        abi: swapRouter.abi,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn,
            tokenOut,
            fee: state.fee,
            recipient: OTHER_ACCOUNT,
            deadline: maxUint256,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
        from: OTHER_ACCOUNT,
      });

      assert.deepStrictEqual(await touched(platformId, receipt.blockNumber), [target.address]);
      assert.deepStrictEqual(await readPoolState(devnet!, platformId, target, receipt.blockNumber), expected.state);
      // Reads are pinned to their block: the block before the swap still shows the old state.
      assert.deepStrictEqual(await readPoolState(devnet!, platformId, target, receipt.blockNumber - 1n), state);
    }
  });

  it('after a position-manager mint, touchedPools names the pool and a re-read has its ticks and liquidity', async () => {
    const platformId = 'dexb_v3';
    const target = await pool(platformId, 1);
    const before = await readPoolState(devnet!, platformId, target, await headBlock(devnet!));
    const spacing = before.tickSpacing;
    // A range around the price whose ends are not on the existing grid of initialized ticks.
    const tickLower = (Math.floor(before.tick / spacing) - 7) * spacing;
    const tickUpper = (Math.floor(before.tick / spacing) + 5) * spacing;
    assert.ok(!before.ticks.some((t) => t.index === tickLower || t.index === tickUpper), 'new tick indices');
    const sqrtPrice = Number(before.sqrtPriceX96) / Q96;
    const amounts: [bigint, bigint] = [
      BigInt(Math.floor((Number(before.liquidity) / sqrtPrice) * 0.01)),
      BigInt(Math.floor(Number(before.liquidity) * sqrtPrice * 0.01)),
    ];
    const { receipt, liquidity } = await mintThroughPositionManager(platformId, target, tickLower, tickUpper, amounts);
    assert.ok(liquidity > 0n);

    assert.deepStrictEqual(await touched(platformId, receipt.blockNumber), [target.address]);
    assert.deepStrictEqual(await readPoolState(devnet!, platformId, target, receipt.blockNumber), {
      ...before,
      liquidity: before.liquidity + liquidity,
      ticks: withPosition(before.ticks, tickLower, tickUpper, liquidity),
    });
  });

  it('after burns that clear one tick and zero the liquidityNet of another, a re-read lists exactly the initialized ticks', async () => {
    const { pool: poolArtifact } = uniV3Artifacts();
    const platformId = 'dexc_v3';
    const target = await pool(platformId, 0);
    const before = await readPoolState(devnet!, platformId, target, await headBlock(devnet!));
    // The seeder minted exactly these positions for the deployer (one per range between initialized ticks).
    const positions = positionsForProfile(before.ticks, false);
    const k = positions.findIndex(
      (p, j) => j > 1 && positions[j - 1].tickUpper === p.tickLower && p.liquidity > positions[j - 1].liquidity,
    );
    assert.ok(k > 1, 'two adjacent positions, the upper one deeper');
    const burns: [number, bigint][] = [
      [0, positions[0].liquidity], // the lowest range entirely: its lower tick is no longer initialized
      [k, positions[k].liquidity - positions[k - 1].liquidity], // leaves liquidityNet 0 at positions[k].tickLower
    ];
    const after = positions.map((p) => ({ ...p }));
    let blockNumber = 0n;
    for (const [j, amount] of burns) {
      const receipt = await devnet!.ctx.write({
        address: target.address,
        abi: poolArtifact.abi,
        functionName: 'burn',
        args: [positions[j].tickLower, positions[j].tickUpper, amount],
      });
      after[j].liquidity -= amount;
      blockNumber = receipt.blockNumber;
      assert.deepStrictEqual(await touched(platformId, blockNumber), [target.address]);
    }

    const expectedTicks = ticksOfPositions(after.filter((p) => p.liquidity > 0n));
    const inRange = after.filter((p) => p.tickLower <= before.tick && before.tick < p.tickUpper);
    const reread = await readPoolState(devnet!, platformId, target, blockNumber);
    assert.deepStrictEqual(reread, {
      ...before,
      liquidity: inRange.reduce((sum, p) => sum + p.liquidity, 0n),
      ticks: expectedTicks,
    });
    assert.ok(!reread.ticks.some((t) => t.index === positions[0].tickLower), 'the cleared tick is gone');
    assert.deepStrictEqual(
      reread.ticks.find((t) => t.index === positions[k].tickLower),
      { index: positions[k].tickLower, liquidityNet: 0n },
    );
  });

  it('finds a pool created later by discovery over just its block range; announcesPools is true for its creation log', async () => {
    const { factory, pool: poolArtifact } = uniV3Artifacts();
    const platformId = 'dexb_v3';
    const { preset, contracts } = devnet!.deployments[platformId];
    const existing = await pool(platformId, 1);
    const [token0, token1] = existing.tokens as [Address, Address];
    const fee = 100; // a preset tier no seed pool of this pair uses
    const created = await devnet!.ctx.write({
      address: contracts.factory,
      abi: factory.abi,
      functionName: 'createPool',
      args: [token0, token1, fee],
    });
    const range = { fromBlock: created.blockNumber, toBlock: created.blockNumber };

    const found = await univ3Reader.discoverPools(devnet!.read, platformId, preset, range);
    assert.equal(found.length, 1);
    const address = found[0].address;
    assert.deepStrictEqual(found, [
      { platform: platformId, kind: 'univ3', address, tokens: [token0, token1], meta: { fee, tickSpacing: 1 } },
    ]);
    const earlier = await univ3Reader.discoverPools(devnet!.read, platformId, preset, {
      fromBlock: 0n,
      toBlock: created.blockNumber - 1n,
    });
    assert.deepStrictEqual(
      earlier.map((p) => p.address),
      devnet!.deployments[platformId].pools.map((p) => p.address),
    );

    const creationLogs = await blockLogs(created.blockNumber);
    assert.deepStrictEqual(creationLogs.map((log) => univ3Reader.announcesPools(log, preset)), [true]);
    assert.deepStrictEqual(creationLogs.map((log) => univ3Reader.announcesPools(log, devnet!.deployments.dexc_v3.preset)), [false]);
    // An uninitialized pool has nothing to quote.
    assert.deepStrictEqual(await univ3Reader.readPoolStates(devnet!.read, preset, found, created.blockNumber), [null]);

    const existingState = await readPoolState(devnet!, platformId, existing, created.blockNumber);
    const initialized = await devnet!.ctx.write({
      address,
      abi: poolArtifact.abi,
      functionName: 'initialize',
      args: [existingState.sqrtPriceX96],
    });
    assert.deepStrictEqual(await touched(platformId, initialized.blockNumber), [address]);
    assert.deepStrictEqual((await blockLogs(initialized.blockNumber)).map((log) => univ3Reader.announcesPools(log, preset)), [false]);

    const sqrtPrice = Number(existingState.sqrtPriceX96) / Q96;
    const [lower, upper] = [existingState.tick - 300, existingState.tick + 200];
    const amounts: [bigint, bigint] = [
      BigInt(Math.floor((Number(existingState.liquidity) / sqrtPrice) * 0.001)),
      BigInt(Math.floor(Number(existingState.liquidity) * sqrtPrice * 0.001)),
    ];
    const { receipt, liquidity } = await mintThroughPositionManager(platformId, found[0], lower, upper, amounts);
    const state = await readPoolState(devnet!, platformId, found[0], receipt.blockNumber);
    assert.deepStrictEqual(state, {
      fee,
      tickSpacing: 1,
      sqrtPriceX96: existingState.sqrtPriceX96,
      tick: existingState.tick,
      liquidity,
      ticks: [{ index: lower, liquidityNet: liquidity }, { index: upper, liquidityNet: -liquidity }],
    });
    const all = await discoverPlatform(devnet!, platformId, receipt.blockNumber);
    assert.equal(all.at(-1)!.address, address);
  });

  it('names the emitting pool for the PancakeSwap V3 Swap event and nothing for unrelated logs', () => {
    const preset = devnet!.deployments.dexc_v3.preset;
    const pancakeSwap = toEventSelector(
      'Swap(address,address,int256,int256,uint160,uint128,int24,uint128,uint128)',
    );
    const poolAddress: Address = '0x1111111111111111111111111111111111111111';
    const log = (topic: `0x${string}`) => ({ address: poolAddress, topics: [topic], data: '0x' }) as unknown as Log;
    assert.deepStrictEqual(univ3Reader.touchedPools(log(pancakeSwap), preset), [poolAddress]);
    const transfer = toEventSelector('Transfer(address,address,uint256)');
    assert.deepStrictEqual(univ3Reader.touchedPools(log(transfer), preset), []);
    const collect = toEventSelector('Collect(address,address,int24,int24,uint128,uint128)');
    assert.deepStrictEqual(univ3Reader.touchedPools(log(collect), preset), []);
  });
});
