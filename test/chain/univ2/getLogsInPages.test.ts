// getLogsInPages: fixed pages over long ranges, bisection where the node refuses a page, errors of single blocks kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLogsInPages } from '../../../src/chain/univ2/getLogsInPages.ts';

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

test('splits a range into pages of pageBlocks and returns every log in block order', async () => {
  const node = fakeNode(1_000n);
  const logs = await getLogsInPages({ fromBlock: 5n, toBlock: 24n }, node.getLogs, 8n);
  assert.deepEqual(logs, Array.from({ length: 20 }, (_, k) => BigInt(5 + k)));
  assert.deepEqual(node.requests, [[5n, 12n], [13n, 20n], [21n, 24n]]);
});

test('halves a page the node refuses until the node accepts it', async () => {
  const node = fakeNode(3n);
  const logs = await getLogsInPages({ fromBlock: 0n, toBlock: 9n }, node.getLogs, 10n);
  assert.deepEqual(logs, Array.from({ length: 10 }, (_, k) => BigInt(k)));
  assert.deepEqual(node.requests, [[0n, 9n], [0n, 4n], [0n, 2n], [3n, 4n], [5n, 9n], [5n, 7n], [8n, 9n]]);
});

test('a one-block range the node refuses is an error, not an empty result', async () => {
  const node = fakeNode(0n);
  await assert.rejects(getLogsInPages({ fromBlock: 7n, toBlock: 8n }, node.getLogs), /more than 10000 results/);
});

test('an empty range asks nothing', async () => {
  const node = fakeNode(10n);
  assert.deepEqual(await getLogsInPages({ fromBlock: 9n, toBlock: 8n }, node.getLogs), []);
  assert.deepEqual(node.requests, []);
});
