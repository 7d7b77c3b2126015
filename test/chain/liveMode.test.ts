// Live mode against the devnet: the service follows every block, so on-chain swaps and new pools show in the next
// quote, and a dead RPC endpoint neither stops the service nor loses its state.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Address, type PublicClient, maxUint256, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../../devnet/deploy/context.ts';
import { testErc20Artifact } from '../../devnet/deploy/tokens.ts';
import { type Devnet, startDevnet } from '../../devnet/startDevnet.ts';
import { loadChainState } from '../../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../../src/chain/multicall.ts';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { GraphView } from '../../src/graph/graphView.ts';
import type { NetworkPreset } from '../../src/network/types.ts';
import { computeQuote } from '../../src/quote/computeQuote.ts';
import { uniswapV2Router02Abi } from '../../src/tx/abis.generated.ts';
import { postJson, startTestService, type TestService } from '../support/service.ts';
import { type TcpProxy, startTcpProxy } from '../support/tcpProxy.ts';

const ERC20 = parseAbi([
  'function mint(address to, uint256 value)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const FACTORY = parseAbi(['function createPair(address tokenA, address tokenB) returns (address pair)']);
const PAIR = parseAbi(['function mint(address to) returns (uint256 liquidity)']);

interface Health {
  status: string;
  source: string;
  blockNumber: string;
  stateAgeMs: number | null;
  pools: number;
  lastError?: string;
}

let devnet: Devnet;
let preset: NetworkPreset;
let workDir: string;

before(async () => {
  devnet = await startDevnet();
  preset = devnet.deployment.preset;
  workDir = mkdtempSync(join(tmpdir(), 'live-mode-'));
});
after(async () => {
  await devnet?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function startLiveService(rpcUrl: string, env: Record<string, string> = {}): Promise<TestService> {
  const presetPath = join(workDir, `network-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(presetPath, JSON.stringify(preset));
  return startTestService(undefined, { RPC_URL: rpcUrl, NETWORK_PRESET: presetPath, BLOCK_POLL_MS: '50', ...env });
}

async function health(api: TestService): Promise<{ status: number; body: Health }> {
  const response = await fetch(`http://127.0.0.1:${api.port}/health`);
  return { status: response.status, body: (await response.json()) as Health };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function head(): Promise<bigint> {
  return devnet.ctx.publicClient.getBlockNumber({ cacheTime: 0 });
}

/** The same quote computed from scratch: a full read of the chain at `blockNumber`, a new graph, the engine inline. */
async function independentQuote(request: { fromToken: string; toToken: string; amountIn: bigint }, blockNumber: bigint) {
  const client = devnet.ctx.publicClient as PublicClient;
  const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address });
  const state = await loadChainState({ client, multicall }, preset, blockNumber);
  const view = new GraphView(buildGraph(state.toSnapshot(preset), preset, 1));
  const outcome = computeQuote(view, preset, {
    graphVersion: 1,
    mode: 'standard',
    platform: 'dexa_v2',
    ...request,
    slippagePpm: 5000n,
    deadline: 2_000_000_000n,
  });
  assert.ok(outcome.ok, 'the independent quote found a route');
  return outcome.quote.amountOut;
}

/** A dexa_v2 pair of the deployment, as two token addresses. */
function dexaV2Pair(): [Address, Address] {
  const { pools, tokens } = devnet.deployment.snapshot;
  // Test tokens can be minted; the wrapped native cannot, so the pool must not hold it.
  const wrapped = preset.wrappedNative.address.toLowerCase();
  const pool = pools.find((p) => p.platform === 'dexa_v2' && p.tokens.every((i) => tokens[i].address.toLowerCase() !== wrapped));
  assert.ok(pool, 'the devnet has a dexa_v2 pool');
  return [tokens[pool.tokens[0]].address as Address, tokens[pool.tokens[1]].address as Address];
}

describe('live mode on the devnet', () => {
  it('reflects a swap sent on-chain by another account in the next quote, equal to the exact maths on the new block', async (t) => {
    const api = await startLiveService(devnet.rpcUrl);
    t.after(() => api.service.close());
    const [fromToken, toToken] = dexaV2Pair();
    const amountIn = 10n ** 15n;
    const body = { chainId: 369, platform: 'dexa_v2', fromToken, toToken, amountIn: amountIn.toString(), slippage: 0.5 };

    const before = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(before.status, 200, before.text);
    const blockBefore = BigInt(before.headers.get('x-block-number')!);
    assert.equal(blockBefore, await head());

    // Someone else sells a large amount of fromToken into the same pool.
    const router = preset.platforms.dexa_v2.router as Address;
    const { ctx } = devnet;
    await ctx.write({ address: fromToken, abi: ERC20, functionName: 'mint', args: [OTHER_ACCOUNT, 10n ** 40n] });
    await ctx.write({ address: fromToken, abi: ERC20, functionName: 'approve', args: [router, maxUint256], from: OTHER_ACCOUNT });
    const balance = (await ctx.publicClient.readContract({ address: fromToken, abi: ERC20, functionName: 'balanceOf', args: [OTHER_ACCOUNT] })) as bigint;
    const swapBlockReceipt = await ctx.write({
      address: router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [balance / 10n ** 20n, 0n, [fromToken, toToken], OTHER_ACCOUNT, 2_000_000_000n],
      from: OTHER_ACCOUNT,
    });
    const swapBlock = swapBlockReceipt.blockNumber;

    await waitFor('the service to publish the swap block', async () => BigInt((await health(api)).body.blockNumber) >= swapBlock);
    const afterSwap = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(afterSwap.status, 200, afterSwap.text);
    assert.equal(BigInt(afterSwap.headers.get('x-block-number')!), swapBlock);
    const quotedBefore = BigInt(JSON.parse(before.text).data.amountOut);
    const quotedAfter = BigInt(JSON.parse(afterSwap.text).data.amountOut);
    assert.ok(quotedAfter < quotedBefore, `selling into the pool lowered the quote (${quotedBefore} → ${quotedAfter})`);
    assert.equal(quotedAfter, await independentQuote({ fromToken, toToken, amountIn }, swapBlock));
  });

  it('makes a pool created on-chain routable once its block is published', async (t) => {
    const api = await startLiveService(devnet.rpcUrl);
    t.after(() => api.service.close());
    const { ctx } = devnet;
    const newToken = await ctx.deploy(testErc20Artifact(), ['Fresh token', 'FRESH', 18]);
    const wpls = preset.wrappedNative.address as Address;
    const body = { chainId: 369, platform: 'dexa_v2', fromToken: newToken, toToken: wpls, amountIn: '1000000000000000000', slippage: 0.5 };
    const unknown = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(unknown.status, 400, unknown.text);

    const factory = preset.platforms.dexa_v2.factory as Address;
    const created = await ctx.write({ address: factory, abi: FACTORY, functionName: 'createPair', args: [newToken, wpls] });
    const pair = ('0x' + created.logs.find((l) => l.address.toLowerCase() === factory.toLowerCase())!.data.slice(26, 66)) as Address;
    await ctx.write({ address: newToken, abi: ERC20, functionName: 'mint', args: [pair, 5n * 10n ** 21n] });
    await ctx.rpc('anvil_setBalance', [ctx.deployer, '0xffffffffffffffffffffffffffffffffffff']);
    await ctx.write({ address: wpls, abi: parseAbi(['function deposit() payable']), functionName: 'deposit', value: 7n * 10n ** 24n });
    await ctx.write({ address: wpls, abi: parseAbi(['function transfer(address,uint256) returns (bool)']), functionName: 'transfer', args: [pair, 7n * 10n ** 24n] });
    const minted = await ctx.write({ address: pair, abi: PAIR, functionName: 'mint', args: [ctx.deployer] });

    await waitFor('the new pool to be published', async () => BigInt((await health(api)).body.blockNumber) >= minted.blockNumber);
    const routed = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(routed.status, 200, routed.text);
    const { numerator, denominator } = preset.platforms.dexa_v2.swapFee!;
    // The only pool of the new token: UniV2 getAmountOut on reserves (5e21 FRESH, 7e24 WPLS).
    const inWithFee = 10n ** 18n * BigInt(numerator);
    const expected = (inWithFee * 7n * 10n ** 24n) / (5n * 10n ** 21n * BigInt(denominator) + inWithFee);
    assert.equal(JSON.parse(routed.text).data.amountOut, expected.toString());
  });

  it('re-reads the state when a reorg replaces the block it followed, so an undone swap leaves no trace', async (t) => {
    const api = await startLiveService(devnet.rpcUrl);
    t.after(() => api.service.close());
    const [fromToken, toToken] = dexaV2Pair();
    const amountIn = 10n ** 15n;
    const body = { chainId: 369, platform: 'dexa_v2', fromToken: toToken, toToken: fromToken, amountIn: amountIn.toString(), slippage: 0.5 };
    const router = preset.platforms.dexa_v2.router as Address;
    const { ctx } = devnet;
    await ctx.write({ address: fromToken, abi: ERC20, functionName: 'mint', args: [OTHER_ACCOUNT, 10n ** 30n] });
    await ctx.write({ address: fromToken, abi: ERC20, functionName: 'approve', args: [router, maxUint256], from: OTHER_ACCOUNT });
    const beforeSwap = await head();
    const swap = await ctx.write({
      address: router, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
      args: [10n ** 24n, 0n, [fromToken, toToken], OTHER_ACCOUNT, 2_000_000_000n], from: OTHER_ACCOUNT,
    });
    await waitFor('the swap block to be published', async () => BigInt((await health(api)).body.blockNumber) >= swap.blockNumber);
    const withSwap = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(withSwap.status, 200, withSwap.text);

    // The swap's block is replaced by an empty one at the same height: same number, another hash.
    await ctx.rpc('anvil_reorg', [1, []]);
    assert.equal(await head(), swap.blockNumber);
    const expected = await independentQuote({ fromToken: toToken, toToken: fromToken, amountIn }, swap.blockNumber);
    const expectedWithoutSwap = await independentQuote({ fromToken: toToken, toToken: fromToken, amountIn }, beforeSwap);
    assert.equal(expected, expectedWithoutSwap, 'the reorg undid the swap on chain');
    assert.notEqual(JSON.parse(withSwap.text).data.amountOut, expected.toString(), 'the swap had moved the quote');
    await waitFor('the service to follow the reorg', async () => {
      const again = await postJson(`${api.baseUrl}/quotes`, body);
      return again.status === 200 && JSON.parse(again.text).data.amountOut === expected.toString();
    });
  });

  it('keeps serving the last good state while the RPC is down, reports staleness, and catches up when it returns', async (t) => {
    const proxy: TcpProxy = await startTcpProxy(devnet.rpcUrl);
    t.after(() => proxy.close());
    const api = await startLiveService(proxy.url, { MAX_STATE_AGE_MS: '1500', CACHE_TTL_MS: '0' });
    t.after(() => api.service.close());
    const [fromToken, toToken] = dexaV2Pair();
    const body = { chainId: 369, platform: 'dexa_v2', fromToken, toToken, amountIn: '1000000000000000', slippage: 0.5 };
    const healthy = await health(api);
    assert.equal(healthy.status, 200);
    assert.equal(healthy.body.status, 'ok');

    await proxy.cut();
    await waitFor('the follower to notice the dead endpoint', async () => (await health(api)).body.lastError !== undefined);
    const stillServing = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(stillServing.status, 200, stillServing.text);
    assert.equal(stillServing.headers.get('x-block-number'), healthy.body.blockNumber);

    await waitFor('the state to pass MAX_STATE_AGE_MS', async () => (await health(api)).status === 503);
    const stale = await health(api);
    assert.equal(stale.body.status, 'stale');
    assert.ok(stale.body.stateAgeMs! > 1500);
    const refused = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '5');
    assert.match(JSON.parse(refused.text).error, /^Chain state is stale: last confirmed \d+ s ago \(limit 2 s\); retry shortly$/);

    // A block mined while the endpoint was down is picked up once it is back.
    await devnet.ctx.rpc('evm_mine', []);
    const minedWhileDown = await head();
    await proxy.restore();
    await waitFor('the follower to recover', async () => {
      const h = await health(api);
      return h.status === 200 && BigInt(h.body.blockNumber) >= minedWhileDown;
    });
    const recovered = await postJson(`${api.baseUrl}/quotes`, body);
    assert.equal(recovered.status, 200, recovered.text);
    assert.equal(BigInt(recovered.headers.get('x-block-number')!), minedWhileDown);
  });
});
