// Every quote executes on-chain for exactly the amount quoted: the live service on the full devnet quotes random pairs
// and amounts (retail to price-moving) on every platform of spec 2.3 and both endpoints, native coin in and out, 6, 8
// and 18-decimal tokens, multi-hop and split routes; a fresh account funds, approves and sends each `tx`, and the
// recipient must receive exactly `amountOut`, with gasUsed within 15% of `gasEstimate`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, decodeFunctionData } from 'viem';
import type { GraphView } from '../../src/graph/graphView.ts';
import { type DexPlatformId, PLATFORM_IDS, type PlatformId } from '../../src/network/types.ts';
import { createRandom } from '../../src/snapshot/random.ts';
import { aggregatorRouterAbi } from '../../src/tx/aggregatorRouterAbi.generated.ts';
import { NATIVE, approve, freshAccount, fund, head } from './support/chain.ts';
import { type ExecutionDevnet, startExecutionDevnet } from './support/devnet.ts';
import { sendAndMeasure } from './support/execute.ts';
import { chainGraph, simulateSplits, splitsOfExecute } from './support/graphs.ts';
import { type LiveService, startLiveService } from './support/liveService.ts';
import { warmUpPools } from './support/warmUp.ts';

/** Requests per platform and endpoint: 10 platforms × 2 endpoints × 12 keeps the file near 3 minutes here. */
const REQUESTS_PER_PLATFORM = 12;
const GAS_TOLERANCE = 0.15;
const SEED = 20_261_122;

interface Executed {
  label: string;
  exact: boolean;
  reverted: boolean;
  gasUsed: number;
  gasEstimate: number;
  splits: number;
  hops: number;
  decimals: number[];
  nativeIn: boolean;
  nativeOut: boolean;
  viaPlatformRouter: boolean;
}

let devnet: ExecutionDevnet;
let api: LiveService;
let graph: GraphView;
let wrapped: Address;
/** Graph token indices of each platform's pools; `mixed` has every token. */
const platformTokens = new Map<PlatformId, number[]>();
/** Graph pool indices of each platform; `mixed` has every pool. */
const platformPools = new Map<PlatformId, number[]>();

before(async () => {
  devnet = await startExecutionDevnet();
  const { preset } = devnet.deployment;
  wrapped = preset.wrappedNative.address as Address;
  await warmUpPools(devnet.ctx, preset, await chainGraph(devnet.ctx, preset));
  graph = await chainGraph(devnet.ctx, preset);
  for (const platform of PLATFORM_IDS) {
    const tokens = new Set<number>();
    const pools: number[] = [];
    for (let pool = 0; pool < graph.poolCount; pool++) {
      if (platform !== 'mixed' && graph.poolPlatform(pool) !== platform) continue;
      pools.push(pool);
      for (const t of graph.poolTokens(pool)) tokens.add(t);
    }
    platformTokens.set(platform, [...tokens].sort((a, b) => a - b));
    platformPools.set(platform, pools);
  }
  api = await startLiveService(devnet.ctx, preset);
});
after(async () => {
  await api?.close();
  await devnet?.stop();
});

/**
 * Depth of a token on a platform (its deepest pool there), in its own units. For a token the graph has no price for,
 * ten times the largest power of ten one of the platform's pools would take of it.
 */
function depthOf(token: number, platform: PlatformId): number {
  let depth = 0;
  for (const pool of platformPools.get(platform)!) {
    const tokens = [...graph.poolTokens(pool)];
    const localIn = tokens.indexOf(token);
    if (localIn < 0) continue;
    if (graph.tokenNativePrice[token] > 0) {
      depth = Math.max(depth, graph.poolLiquidity[pool] / graph.tokenNativePrice[token]);
      continue;
    }
    const localOut = localIn === 0 ? 1 : 0;
    for (let exponent = graph.tokenDecimals(token) + 12; exponent >= 0; exponent--) {
      if (graph.swapExactIn(pool, localIn, localOut, 10n ** BigInt(exponent))) {
        depth = Math.max(depth, 10 * 10 ** exponent);
        break;
      }
    }
  }
  return depth;
}

/** One random request on `platform`, executed; null when the service finds no route. */
async function quoteAndExecute(
  endpoint: 'quotes' | 'quotes/advanced',
  platform: PlatformId,
  random: () => number,
): Promise<Executed | null> {
  const tokens = platformTokens.get(platform)!;
  const pick = () => tokens[Math.floor(random() * tokens.length)];
  const wrappedIndex = graph.tokenIndex(wrapped);
  const pools = platformPools.get(platform)!;
  const poolTokens = [...graph.poolTokens(pools[Math.floor(random() * pools.length)])];
  const pickIn = (list: number[]) => list[Math.floor(random() * list.length)];
  let from: number;
  let to: number;
  if (random() < 0.6) {
    // Two tokens of one pool of the platform (always routable), WPLS on one side when the pool has it.
    from = pickIn(poolTokens);
    to = pickIn(poolTokens.filter((t) => t !== from));
    if (poolTokens.includes(wrappedIndex) && from !== wrappedIndex && to !== wrappedIndex && random() < 0.5) {
      if (random() < 0.5) from = wrappedIndex;
      else to = wrappedIndex;
    }
  } else {
    // Any two tokens of the platform, a good share starting or ending at WPLS.
    const towardsNative = tokens.includes(wrappedIndex) ? random() : 1;
    from = towardsNative < 0.2 ? wrappedIndex : pick();
    to = towardsNative >= 0.2 && towardsNative < 0.4 ? wrappedIndex : pick();
    while (to === from) {
      if (from === wrappedIndex) to = pick();
      else from = pick();
    }
  }
  // Half of the requests from or to WPLS use the native coin instead.
  const nativeIn = from === wrappedIndex && random() < 0.5;
  const nativeOut = to === wrappedIndex && random() < 0.5;
  // Log-uniform from 1e-7 of the deepest pool (retail) to 10% of it (price-moving).
  const fraction = 10 ** (-7 + random() * 6);
  const amountIn = BigInt(Math.max(1, Math.floor(depthOf(from, platform) * fraction)));
  const fromToken = nativeIn ? NATIVE : (graph.tokenAddress(from) as Address);
  const toToken = nativeOut ? NATIVE : (graph.tokenAddress(to) as Address);
  const label = `${endpoint} ${platform} ${amountIn} ${nativeIn ? 'PLS' : graph.tokenAddress(from)} → ${nativeOut ? 'PLS' : graph.tokenAddress(to)}`;

  const user = await freshAccount(devnet.ctx, amountIn + 10n ** 24n);
  if (!nativeIn) await fund(devnet.ctx, wrapped, fromToken, user, amountIn);
  await api.waitForHead();
  const answer = await api.quote(endpoint, {
    chainId: 369,
    platform,
    fromToken,
    toToken,
    amountIn: amountIn.toString(),
    slippage: 0.5,
    userAddress: user,
    // PulseChain-like gas: a million gwei at $0.00003 a PLS.
    extra: { tokenInPrice: 1, tokenOutPrice: 1, gasPrice: '1000000000000000', gasTokenPrice: 0.00003 },
  });
  if ('noRoute' in answer) return null;
  const { data } = answer;
  assert.equal(answer.blockNumber, await head(devnet.ctx), `${label}: quoted on the latest block`);
  assert.ok(data.tx, `${label}: the quote has a transaction`);
  assert.equal(data.tx.from.toLowerCase(), user.toLowerCase());
  assert.equal(data.tx.value, nativeIn ? amountIn.toString() : '0', `${label}: tx.value`);
  if (!nativeIn) await approve(devnet.ctx, user, fromToken, data.tx.to as Address);
  const { receipt, received } = await sendAndMeasure(devnet.ctx, data.tx, toToken);
  const amountOut = BigInt(data.amountOut);
  const route = data.splits.map(([percent, legs]) => `${percent}% ${legs.map((leg) => `${leg.platform}:${leg.pairAddress}`).join('>')}`).join(' | ');
  let detail = '';
  if (receipt.status !== 'success' || received !== amountOut) detail = await replay(answer.blockNumber, data.tx);
  return {
    label: `${label}: quoted ${amountOut}, received ${received} via ${route}${detail}`,
    exact: receipt.status === 'success' && received === amountOut,
    reverted: receipt.status !== 'success',
    gasUsed: Number(receipt.gasUsed),
    gasEstimate: data.gasEstimate,
    splits: data.splits.length,
    hops: Math.max(...data.splits.map(([, legs]) => legs.length)),
    decimals: [graph.tokenDecimals(from), graph.tokenDecimals(to)],
    nativeIn,
    nativeOut,
    viaPlatformRouter: data.tx.to.toLowerCase() !== devnet.deployment.preset.aggregatorRouter!.toLowerCase(),
  };
}

/** For a failed execution: what the transaction's own calldata gives on an independent read of the quoted block. */
async function replay(blockNumber: bigint, tx: { to: string; data: string }): Promise<string> {
  const { preset } = devnet.deployment;
  if (tx.to.toLowerCase() !== preset.aggregatorRouter!.toLowerCase()) return ' (platform router)';
  const atQuote = await chainGraph(devnet.ctx, preset, blockNumber);
  const decoded = decodeFunctionData({ abi: aggregatorRouterAbi, data: tx.data as `0x${string}` });
  if (decoded.functionName !== 'execute') return ` (calls ${decoded.functionName})`;
  const [tokenIn, , , minAmountOut, , , splits] = decoded.args;
  const legs = splitsOfExecute(atQuote, { tokenIn, splits }, preset.wrappedNative.address);
  return `; the calldata's splits (${legs.map((leg) => leg.amountIn).join(', ')}) simulate to ${simulateSplits(atQuote, legs)} at block ${blockNumber}, minAmountOut ${minAmountOut}`;
}

function distribution(executed: Executed[]): string {
  const errors = executed.map((e) => (e.gasUsed - e.gasEstimate) / e.gasEstimate).sort((a, b) => a - b);
  const at = (p: number) => `${(errors[Math.min(errors.length - 1, Math.floor(p * errors.length))] * 100).toFixed(1)}%`;
  return `gasUsed vs gasEstimate: min ${at(0)}, p10 ${at(0.1)}, median ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)}`;
}

describe('quotes executed on the devnet', () => {
  for (const endpoint of ['quotes', 'quotes/advanced'] as const) {
    it(`/${endpoint}: every routed quote of every platform delivers exactly amountOut, gasUsed within 15% of gasEstimate`, async (t) => {
      const random = createRandom(SEED + endpoint.length);
      const executed: Executed[] = [];
      const perPlatform: Record<string, number> = {};
      let requested = 0;
      for (const platform of PLATFORM_IDS) {
        for (let i = 0; i < REQUESTS_PER_PLATFORM; i++) {
          requested++;
          const result = await quoteAndExecute(endpoint, platform, random);
          if (!result) continue;
          executed.push(result);
          perPlatform[platform] = (perPlatform[platform] ?? 0) + 1;
        }
      }
      const exact = executed.filter((e) => e.exact);
      t.diagnostic(`/${endpoint}: ${requested} requested, ${executed.length} routed and sent, ${exact.length} exact to the wei`);
      t.diagnostic(`per platform: ${JSON.stringify(perPlatform)}`);
      t.diagnostic(
        `splits ${executed.filter((e) => e.splits > 1).length}, multi-hop ${executed.filter((e) => e.hops > 1).length}, native in ${executed.filter((e) => e.nativeIn).length}, native out ${executed.filter((e) => e.nativeOut).length}, platform router ${executed.filter((e) => e.viaPlatformRouter).length}`,
      );
      t.diagnostic(distribution(executed));

      assert.deepEqual(executed.filter((e) => e.reverted).map((e) => e.label), [], 'no transaction reverted');
      assert.deepEqual(executed.filter((e) => !e.exact).map((e) => e.label), [], 'every recipient received exactly amountOut');
      const outliers = executed.filter((e) => Math.abs(e.gasUsed - e.gasEstimate) > GAS_TOLERANCE * e.gasEstimate);
      assert.deepEqual(outliers.map((e) => `${e.label}: gasUsed ${e.gasUsed}, gasEstimate ${e.gasEstimate}`), [], 'gas within 15%');
      // The sample must reach what it claims to cover.
      for (const platform of PLATFORM_IDS) assert.ok((perPlatform[platform] ?? 0) >= REQUESTS_PER_PLATFORM / 2, `${platform} routed ${perPlatform[platform] ?? 0}`);
      for (const decimals of [6, 8, 18]) assert.ok(executed.some((e) => e.decimals.includes(decimals)), `a ${decimals}-decimal token`);
      assert.ok(executed.some((e) => e.nativeIn), 'native coin in');
      assert.ok(executed.some((e) => e.nativeOut), 'native coin out');
      assert.ok(executed.some((e) => e.hops > 1), 'a multi-hop route');
      if (endpoint === 'quotes/advanced') assert.ok(executed.some((e) => e.splits > 1), 'a split route');
    });
  }
});
