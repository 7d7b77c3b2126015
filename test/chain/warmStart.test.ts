// `npm run snapshot` against the devnet, and the live service warm-starting from that file and catching up.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { type Address, type PublicClient, maxUint256, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../../devnet/deploy/context.ts';
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts';
import { loadChainState } from '../../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../../src/chain/multicall.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import { computeQuote } from '../../src/quote/computeQuote.ts';
import { readSnapshot } from '../../src/snapshot/snapshotFile.ts';
import { uniswapV2Router02Abi } from '../../src/tx/abis.generated.ts';
import { startTestService } from '../support/service.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const ERC20 = parseAbi(['function mint(address,uint256)', 'function approve(address,uint256) returns (bool)']);

let devnet: Devnet;
let dir: string;
before(async () => {
  devnet = await startDevnet();
  dir = mkdtempSync(join(tmpdir(), 'warm-start-'));
});
after(async () => {
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('writes a snapshot of the devnet with npm run snapshot, and the service warm-starts from it and catches up', async (t) => {
  const { preset, snapshot: deployed } = devnet.deployment;
  const presetPath = join(dir, 'network.json');
  writeFileSync(presetPath, JSON.stringify(preset));
  const out = join(dir, 'devnet.json.gz');
  const { stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/snapshot.ts', '--rpc', devnet.rpcUrl, '--out', out, '--preset', presetPath], { cwd: ROOT });
  const written = readSnapshot(out);
  const at = await devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
  assert.equal(written.blockNumber, at);
  assert.equal(written.synthetic, false);
  assert.equal(written.pools.length, deployed.pools.length);
  assert.match(stderr, new RegExp(`wrote .*devnet\\.json\\.gz: ${deployed.pools.length} pools, \\d+ tokens at block ${at}`));

  // A swap after the snapshot: the warm-started service must catch up to it.
  // Test tokens can be minted; the wrapped native cannot, so the pool must not hold it.
  const wrapped = preset.wrappedNative.address.toLowerCase();
  const pool = deployed.pools.find((p) => p.platform === 'dexa_v1' && p.tokens.every((i) => deployed.tokens[i].address.toLowerCase() !== wrapped))!;
  const [tokenA, tokenB] = pool.tokens.map((i) => deployed.tokens[i].address as Address);
  const router = preset.platforms.dexa_v1.router as Address;
  const { ctx } = devnet;
  await ctx.write({ address: tokenA, abi: ERC20, functionName: 'mint', args: [OTHER_ACCOUNT, 10n ** 30n] });
  await ctx.write({ address: tokenA, abi: ERC20, functionName: 'approve', args: [router, maxUint256], from: OTHER_ACCOUNT });
  const swap = await ctx.write({
    address: router, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
    args: [10n ** 20n, 0n, [tokenA, tokenB], OTHER_ACCOUNT, 2_000_000_000n], from: OTHER_ACCOUNT,
  });

  const api = await startTestService(t, { RPC_URL: devnet.rpcUrl, NETWORK_PRESET: presetPath, SNAPSHOT: out, BLOCK_POLL_MS: '50' });
  let health = { blockNumber: '0', pools: 0 };
  for (let i = 0; i < 200 && BigInt(health.blockNumber) < swap.blockNumber; i++) {
    health = (await (await fetch(`http://127.0.0.1:${api.port}/health`)).json()) as typeof health;
    await sleep(25);
  }
  assert.equal(BigInt(health.blockNumber), swap.blockNumber);
  assert.equal(health.pools, deployed.pools.length);

  // The service's answer equals the engine run on a fresh full read of the chain at the same block.
  const client = ctx.publicClient as PublicClient;
  const state = await loadChainState({ client, multicall: createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address }) }, preset, swap.blockNumber);
  // Buying back tokenA where it was just sold cheap: the best route goes through the swapped pool.
  const task = { fromToken: tokenB, toToken: tokenA, amountIn: 10n ** 15n };
  const expected = computeQuote(new GraphView(buildGraph(state.toSnapshot(preset), preset, 1)), preset, {
    graphVersion: 1, mode: 'standard', platform: 'dexa_v1', ...task, slippagePpm: 5000n, deadline: 2_000_000_000n,
  });
  assert.ok(expected.ok);
  const response = await fetch(`${api.baseUrl}/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chainId: 369, platform: 'dexa_v1', ...task, amountIn: task.amountIn.toString(), slippage: 0.5 }),
  });
  const body = (await response.json()) as { data: { amountOut: string; splits: [number, { pairAddress: string }[]][] } };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(response.headers.get('x-block-number'), swap.blockNumber.toString());
  assert.equal(body.data.amountOut, expected.quote.amountOut.toString());
  const legs = body.data.splits.flatMap(([, route]) => route.map((leg) => leg.pairAddress.toLowerCase()));
  assert.ok(legs.includes(pool.address.toLowerCase()), `the route ${legs.join(' → ')} uses the swapped pool`);
});
