// Live-state benchmark on the devnet: a full load through the chain reader, and how long a new block's changes take
// to reach the quote worker (seen by the chain thread → graph built and published on the main thread → a quote
// answered by the worker on the new version).
import type { Address, PublicClient } from 'viem';
import { maxUint256, parseAbi } from 'viem';
import { OTHER_ACCOUNT } from '../devnet/deploy/context.ts';
import { startDevnet } from '../devnet/startDevnet.ts';
import { ChainThread } from '../src/chain/chainThread.ts';
import { loadChainState } from '../src/chain/loadChainState.ts';
import { createMulticallBatcher } from '../src/chain/multicall.ts';
import { createLogger } from '../src/logger.ts';
import { uniswapV2Router02Abi } from '../src/tx/abis.generated.ts';
import { PooledQuoteRunner } from '../src/workers/quoteRunner.ts';
import { percentile, saveResults } from './support/results.ts';

const LOADS = 5;
const BLOCKS = 60;
const POLL_MS = 50;
const ERC20 = parseAbi(['function mint(address,uint256)', 'function approve(address,uint256) returns (bool)']);

const devnet = await startDevnet();
try {
  const { preset, snapshot } = devnet.deployment;
  const client = devnet.ctx.publicClient as PublicClient;
  const multicall = createMulticallBatcher(client, { multicallAddress: preset.multicall3 as Address });

  // 1. Full load of every platform through the reader.
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const started = performance.now();
    await loadChainState({ client, multicall }, preset, snapshot.blockNumber);
    loads.push(performance.now() - started);
  }
  loads.sort((a, b) => a - b);

  // 2. Block to worker: swaps from another account, one block each, while a live graph follows.
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const presetPath = join(mkdtempSync(join(tmpdir(), 'chain-sync-')), 'network.json');
  writeFileSync(presetPath, JSON.stringify(preset));
  // The production path: the chain worker thread reads and builds, the main thread publishes to the quote worker.
  const live = await ChainThread.start(
    { rpcUrl: devnet.rpcUrl, presetPath, pollIntervalMs: POLL_MS, warmStartPath: undefined, logLevel: 'silent' },
    createLogger('silent'),
  );
  const runner = new PooledQuoteRunner(live.initial, { workers: 1, maxQueue: 1000, presetPath });
  await runner.ready();
  // Test tokens can be minted; the wrapped native cannot, so the pool must not hold it.
  const wrapped = preset.wrappedNative.address.toLowerCase();
  const pool = snapshot.pools.find((p) => p.platform === 'dexa_v2' && p.tokens.every((i) => snapshot.tokens[i].address.toLowerCase() !== wrapped))!;
  const [tokenA, tokenB] = pool.tokens.map((i) => snapshot.tokens[i].address as Address);
  const router = preset.platforms.dexa_v2.router as Address;
  await devnet.ctx.write({ address: tokenA, abi: ERC20, functionName: 'mint', args: [OTHER_ACCOUNT, 10n ** 40n] });
  await devnet.ctx.write({ address: tokenA, abi: ERC20, functionName: 'approve', args: [router, maxUint256], from: OTHER_ACCOUNT });

  const toWorker: number[] = [];
  const seenToPublished: number[] = [];
  live.follow({
    publish(buffer, update) {
      const version = runner.publish(buffer);
      const seenAt = update!.seenAt;
      seenToPublished.push(performance.now() - seenAt);
      // A quote computed on the new version proves the worker holds it.
      runner
        .compute({
          graphVersion: version, mode: 'standard', platform: 'dexa_v2', fromToken: tokenA, toToken: tokenB,
          amountIn: 10n ** 15n, slippagePpm: 5000n, deadline: 2_000_000_000n,
        })
        .then(() => toWorker.push(performance.now() - seenAt));
      return version;
    },
  });
  for (let i = 0; i < BLOCKS; i++) {
    await devnet.ctx.write({
      address: router, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
      args: [10n ** 18n, 0n, [tokenA, tokenB], OTHER_ACCOUNT, 2_000_000_000n], from: OTHER_ACCOUNT,
    });
    await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await live.stop();
  await runner.close();

  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 10) / 10;
    return { count: sorted.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1)!) };
  };
  const figures = {
    pools: snapshot.pools.length,
    tokens: snapshot.tokens.length,
    fullLoadMs: { medianMs: Math.round(loads[Math.floor(LOADS / 2)]), minMs: Math.round(loads[0]) },
    pollIntervalMs: POLL_MS,
    seenToPublished: stats(seenToPublished),
    seenToWorkerQuote: stats(toWorker),
  };
  console.table({ fullLoad: figures.fullLoadMs, seenToPublished: figures.seenToPublished, seenToWorkerQuote: figures.seenToWorkerQuote });
  saveResults('chainSync', figures);
} finally {
  await devnet.stop();
}
