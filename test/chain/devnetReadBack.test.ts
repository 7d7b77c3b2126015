// The chain reader against the whole devnet: reading every platform back gives exactly what the deployment put there.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Address, PublicClient } from 'viem';
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts';
import { loadChainState } from '../../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../../src/chain/multicall.ts';
import type { Snapshot } from '../../src/snapshot/types.ts';

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet();
});
after(() => devnet?.stop());

/** Pools keyed by lower-case address, tokens as addresses, so the two snapshots' token orders do not matter. */
function poolsByAddress(snapshot: Snapshot) {
  return new Map(
    snapshot.pools.map((p) => [
      p.address.toLowerCase(),
      {
        platform: p.platform,
        kind: p.kind,
        tokens: p.tokens.map((i) => snapshot.tokens[i].address.toLowerCase()),
        state: p.state,
      },
    ]),
  );
}

it('reads back every deployed pool of all nine platforms with exactly the deployed state', async () => {
  const { preset, snapshot: deployed } = devnet.deployment;
  const client = devnet.ctx.publicClient as PublicClient;
  const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address });
  const state = await loadChainState({ client, multicall }, preset, deployed.blockNumber);
  const read = state.toSnapshot(preset);

  const platforms = new Set(deployed.pools.map((p) => p.platform));
  assert.equal(platforms.size, 9, `pools on ${[...platforms].join(', ')}`);
  const expected = poolsByAddress(deployed);
  const actual = poolsByAddress(read);
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [address, pool] of expected) assert.deepEqual(actual.get(address), pool, `pool ${address}`);
  for (const token of deployed.tokens) {
    const found = read.tokens.find((t) => t.address.toLowerCase() === token.address.toLowerCase());
    assert.deepEqual(found && { symbol: found.symbol, decimals: found.decimals }, { symbol: token.symbol, decimals: token.decimals });
  }
});
