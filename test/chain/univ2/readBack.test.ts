// The UniV2 reader against the UniV2 deployer on anvil: full discovery and state reads give back, pool by pool,
// exactly what the deployment put on chain.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { univ2Reader } from '../../../src/chain/univ2/univ2Reader.ts';
import { loadPreset } from '../../../src/network/loadPreset.ts';
import { UNIV2_PLATFORMS, asSnapshotPool, startUniV2Devnet } from './univ2Devnet.ts';

test('reader reads back exactly the state the deployment put there (240 pairs on four UniV2 platforms)', async (t) => {
  const devnet = await startUniV2Devnet(t);
  const mainnet = loadPreset();
  const toBlock = await devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  let flipped = 0;

  for (const platformId of UNIV2_PLATFORMS) {
    const { preset, pools } = devnet.deployments[platformId];
    const seedPools = devnet.seedPools.get(platformId)!;
    assert.equal(pools.length, 60, platformId);
    assert.deepEqual(preset.swapFee, mainnet.platforms[platformId].swapFee, platformId);
    assert.match(preset.initCodeHash ?? '', /^0x[0-9a-f]{64}$/, platformId);

    const discovered = await univ2Reader.discoverPools(devnet.read, platformId, preset, { fromBlock: 0n, toBlock });
    const states = await univ2Reader.readPoolStates(devnet.read, preset, discovered, toBlock);
    const readBack = discovered.map((pool, i) => asSnapshotPool(devnet.tokens, pool, states[i]));
    assert.deepStrictEqual(readBack, pools, platformId);

    // The deployment reproduces the snapshot's reserves, on whichever side the devnet's token order puts them.
    pools.forEach((pool, i) => {
      const seedPool = seedPools[i];
      const same = pool.tokens[0] === seedPool.tokens[0];
      if (!same) flipped++;
      assert.deepEqual(pool.tokens, same ? seedPool.tokens : [...seedPool.tokens].reverse());
      const { reserve0, reserve1 } = seedPool.state;
      assert.deepEqual([pool.state.reserve0, pool.state.reserve1], same ? [reserve0, reserve1] : [reserve1, reserve0]);
    });
  }
  // Both orders occur, so the reserve swapping is exercised.
  assert.ok(flipped > 20 && flipped < 220, `${flipped} of 240 pairs have their tokens in the other order`);
  t.diagnostic(`deployed 240 pairs on 4 platforms in ${devnet.deploySeconds.toFixed(1)} s`);
});
