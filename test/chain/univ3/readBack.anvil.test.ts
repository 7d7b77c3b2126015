// The UniV3 reader against the UniV3 devnet deployment: discovery from block 0 and a state read give back exactly
// what the deployer put on chain, and the deployment keeps the snapshot's price and liquidity profile.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, erc20Abi } from 'viem';
import { uniV3Artifacts } from '../../../devnet/deploy/univ3/artifacts.ts';
import { planUniV3Pool } from '../../../devnet/deploy/univ3/planUniV3Pool.ts';
import type { UniV3State } from '../../../src/pools/univ3/data.ts';
import { UNIV3_PLATFORMS, type UniV3Devnet, headBlock, readPlatform, startUniV3Devnet } from './univ3Devnet.ts';

const Q192 = 1n << 192n;

describe('UniV3 reader on the devnet deployment', () => {
  let devnet: UniV3Devnet | undefined;
  before(async () => {
    devnet = await startUniV3Devnet();
  });
  after(async () => {
    await devnet?.anvil.stop();
  });

  it('reader reads back exactly the state the deployment put there', async () => {
    const head = await headBlock(devnet!);
    for (const platformId of UNIV3_PLATFORMS) {
      const deployed = devnet!.deployments[platformId];
      const { discovered, pools } = await readPlatform(devnet!, platformId, head);
      assert.equal(pools.length, devnet!.seed.pools.get(platformId)!.length);
      assert.deepStrictEqual(pools, deployed.pools);
      assert.deepStrictEqual(
        discovered.map((p) => p.meta),
        deployed.pools.map((p) => ({ fee: p.state.fee, tickSpacing: p.state.tickSpacing })),
      );
    }
  });

  it('deploys every seed pool with its price and liquidity profile, mirrored where the devnet flips token order', (t) => {
    let flipped = 0;
    for (const platformId of UNIV3_PLATFORMS) {
      const seedPools = devnet!.seed.pools.get(platformId)!;
      devnet!.deployments[platformId].pools.forEach((deployed, i) => {
        const source = seedPools[i].state as unknown as UniV3State;
        const state = deployed.state as unknown as UniV3State;
        const plan = planUniV3Pool(seedPools[i], devnet!.tokens.list);
        if (plan.flipped) flipped++;
        const where = `${platformId} ${seedPools[i].address}`;
        assert.deepStrictEqual(deployed.tokens, plan.flipped ? [...seedPools[i].tokens].reverse() : seedPools[i].tokens, where);
        assert.deepStrictEqual(
          { fee: state.fee, tickSpacing: state.tickSpacing, liquidity: state.liquidity },
          { fee: source.fee, tickSpacing: source.tickSpacing, liquidity: source.liquidity },
          where,
        );
        if (plan.flipped) {
          assert.equal(state.sqrtPriceX96, Q192 / source.sqrtPriceX96, where);
          // 1/p lies strictly inside tick -T-1's range unless p sits exactly on a tick, which no seed pool does.
          assert.equal(state.tick, -source.tick - 1, where);
          const mirrored = source.ticks.map((t) => ({ index: -t.index, liquidityNet: -t.liquidityNet })).reverse();
          assert.deepStrictEqual(state.ticks, mirrored, where);
        } else {
          assert.deepStrictEqual(state, source, where);
        }
      });
    }
    t.diagnostic(`${flipped} of 28 pools have their tokens the other way round on the devnet`);
    // Both orientations occur, so the mirroring is exercised.
    assert.ok(flipped > 0 && flipped < 28, `flipped ${flipped} of 28`);
  });

  it('funds the deployer with exactly what the pools take when the positions are minted', async () => {
    const balanceOf = (token: string, owner: string) =>
      devnet!.ctx.publicClient.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner as Address],
      });
    for (const platformId of UNIV3_PLATFORMS) {
      const seedPools = devnet!.seed.pools.get(platformId)!;
      for (const [i, deployed] of devnet!.deployments[platformId].pools.entries()) {
        const plan = planUniV3Pool(seedPools[i], devnet!.tokens.list);
        const held = await Promise.all(deployed.tokens.map((t) => balanceOf(devnet!.tokens.list[t].address, deployed.address)));
        assert.deepStrictEqual(held, plan.amounts, `${platformId} ${deployed.address}`);
      }
    }
    // Only the UniV3 seeding ran on this node, so the deployer spent every token it was given.
    for (const token of devnet!.tokens.list) assert.equal(await balanceOf(token.address, devnet!.ctx.deployer), 0n, token.symbol);
  });

  it("enables the preset's fee tiers on each factory and publishes factory, router and quoter", async () => {
    const { factory } = uniV3Artifacts();
    for (const platformId of UNIV3_PLATFORMS) {
      const { preset, contracts } = devnet!.deployments[platformId];
      assert.deepStrictEqual(preset, {
        kind: 'univ3',
        factory: contracts.factory,
        router: contracts.swapRouter,
        quoterV2: contracts.quoterV2,
        feeTiers: devnet!.mainnet[platformId].feeTiers,
      });
      for (const tier of preset.feeTiers!) {
        const spacing = await devnet!.ctx.publicClient.readContract({
          address: contracts.factory,
          abi: factory.abi,
          functionName: 'feeAmountTickSpacing',
          args: [tier.fee],
        });
        assert.equal(Number(spacing), tier.tickSpacing, `${platformId} fee ${tier.fee}`);
      }
    }
  });
});
