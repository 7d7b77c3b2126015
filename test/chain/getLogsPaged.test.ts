// getLogsPaged: pages over long ranges, halving where the node refuses a page, errors of single blocks kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLogsPaged } from '../../src/chain/getLogsPaged.ts';

/** A fake node with one "log" per block number that refuses ranges wider than `maxSpan` blocks. */
function fakeNode(maxSpan: bigint) {
  const requests: [bigint, bigint][] = [];
  const getLogs = async (fromBlock: bigint, toBlock: bigint): Promise<bigint[]> => {
    requests.push([fromBlock, toBlock]);
    if (toBlock - fromBlock + 1n > maxSpan) throw new Error('query returned more than 10000 results');
    const logs: bigint[] = [];
    for (let b = fromBlock; b <= toBlock; b++) logs.push(b);
    return logs;
  };
  return { requests, getLogs };
}

test('pages a range, doubling the page after each accepted one, and returns every log in block order', async () => {
  const node = fakeNode(1_000n);
  const logs = await getLogsPaged(node.getLogs, { fromBlock: 5n, toBlock: 44n }, { initialSpan: 8n });
  assert.deepEqual(logs, Array.from({ length: 40 }, (_, k) => BigInt(5 + k)));
  assert.deepEqual(node.requests, [[5n, 12n], [13n, 28n], [29n, 44n]]);
});

test('halves a page the node refuses and never grows back past half a refused span', async () => {
  const node = fakeNode(3n);
  const logs = await getLogsPaged(node.getLogs, { fromBlock: 0n, toBlock: 9n }, { initialSpan: 10n });
  assert.deepEqual(logs, Array.from({ length: 10 }, (_, k) => BigInt(k)));
  assert.deepEqual(node.requests, [[0n, 9n], [0n, 4n], [0n, 1n], [2n, 3n], [4n, 5n], [6n, 7n], [8n, 9n]]);
});

test('a one-block range the node refuses is an error, not an empty result', async () => {
  const node = fakeNode(0n);
  await assert.rejects(getLogsPaged(node.getLogs, { fromBlock: 7n, toBlock: 8n }), /more than 10000 results/);
});

test('an empty range asks nothing', async () => {
  const node = fakeNode(10n);
  assert.deepEqual(await getLogsPaged(node.getLogs, { fromBlock: 9n, toBlock: 8n }), []);
  assert.deepEqual(node.requests, []);
});
