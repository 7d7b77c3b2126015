// Computes one quote on one graph version: resolves tokens (the zero address is the native coin, traded as the
// wrapped token), finds the route (for /quotes/advanced, a split across several routes when that pays), prices its gas
// and builds the transaction.
import { getAddress } from 'viem/utils';
import type { GraphView } from '../graph/graphView.ts';
import { DEX_PLATFORM_IDS, type NetworkPreset } from '../network/types.ts';
import { findBestPath } from '../routing/findBestPath.ts';
import { type ExecutedLeg, estimateExecutedGas, estimateGas, splitGasMeter } from '../routing/gasModel.ts';
import { percents } from '../routing/split/apportion.ts';
import { findBestSplit } from '../routing/split/findBestSplit.ts';
import type { SplitLeg, SplitOptions, SplitQuote } from '../routing/split/types.ts';
import type { Hop, PathQuote, SearchOptions } from '../routing/types.ts';
import { buildRouterTx } from '../tx/buildRouterTx.ts';
import { buildV2RouterTx } from '../tx/buildV2RouterTx.ts';
import { buildWrapTx } from '../tx/buildWrapTx.ts';
import { platformRouterOf } from '../tx/routerHops.ts';
import { minAmountOut } from '../tx/slippage.ts';
import type { QuoteTx } from '../tx/types.ts';
import { gasCostInOutput } from './pricing.ts';
import { ANSWER_SHARE_OF_BUDGET, DEFAULT_ADVANCED_TIME_BUDGET_MS, MAX_SPLIT_GAS, SEARCH_PROFILES, SEARCH_SHARE_OF_BUDGET, SPLIT_PROFILE } from './searchProfiles.ts';
import type { ComputedQuote, QuoteOutcome, QuoteTask, RouteLeg } from './types.ts';

/** Gas units whose cost gives the cost of one as a float (the exact cost is rounded up to a whole output unit). */
const GAS_UNIT_COST_SAMPLE = 1_000_000;

export const NATIVE_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Quotes `task` on `graph`. Never throws for a valid task: a pair without a route is `{ ok: false }`.
 * @example computeQuote(graph, preset, { graphVersion: 1, mode: 'standard', platform: 'mixed', ... })
 */
export function computeQuote(graph: GraphView, preset: NetworkPreset, request: QuoteTask): QuoteOutcome {
  // Transactions are built for the checksummed form of the user's address, however it was cased.
  const task = request.userAddress ? { ...request, userAddress: getAddress(request.userAddress) } : request;
  const wrapIn = task.fromToken.toLowerCase() === NATIVE_ADDRESS;
  const unwrapOut = task.toToken.toLowerCase() === NATIVE_ADDRESS;
  const wrapped = preset.wrappedNative.address;
  const from = graph.tokenIndex(wrapIn ? wrapped : task.fromToken);
  const to = graph.tokenIndex(unwrapOut ? wrapped : task.toToken);
  if (from < 0 || to < 0) {
    return { ok: false, noRoute: `No route found: unknown token ${from < 0 ? task.fromToken : task.toToken}` };
  }
  if (from === to) return wrapQuote(graph, preset, task, wrapIn);

  const startedMs = performance.now();
  const outputDecimals = graph.tokenDecimals(to);
  // A route's gas as quoted, from its exact execution (so it also counts the UniV3 tick-bitmap words walked, which the
  // search's float estimates leave out); a one-platform UniV2 path goes through that platform's router (see pathTx),
  // anything else through ours. Routes are priced and splits held to the cap on this same figure, so the gasEstimate
  // of a split answer never exceeds MAX_SPLIT_GAS.
  const quotedGas = (legs: ExecutedLeg[]) =>
    estimateExecutedGas(graph, legs, {
      wrapIn,
      unwrapOut,
      executor: legs.length === 1 && platformRouterOf(graph, preset, legs[0].hops) ? 'platformRouter' : 'aggregator',
    });
  const pricing = task.gasPricing;
  const gasCost = pricing
    ? (gasUnits: number) => gasCostInOutput(gasUnits, pricing.gasPriceWei, pricing.gasTokenPriceUsd, pricing.tokenOutPriceUsd, outputDecimals)
    : undefined;
  const options: Omit<SearchOptions, 'maxHops' | 'candidates' | 'connectors'> = {
    platformCode: task.platform === 'mixed' ? -1 : DEX_PLATFORM_IDS.indexOf(task.platform),
    gasCostInOutput: gasCost && ((path) => gasCost(quotedGas([path]))),
  };
  const budgetMs = task.timeBudgetMs ?? DEFAULT_ADVANCED_TIME_BUDGET_MS;
  // The budget runs from the request's arrival: what it waited before this thread took it is spent.
  const waitedMs = task.receivedAtMs === undefined ? 0 : Math.max(0, performance.timeOrigin + startedMs - task.receivedAtMs);
  const searchDeadline = startedMs - waitedMs + SEARCH_SHARE_OF_BUDGET * budgetMs;
  const answerDeadline = startedMs - waitedMs + ANSWER_SHARE_OF_BUDGET * budgetMs;
  const standard = findBestPath(graph, from, to, task.amountIn, { ...options, ...SEARCH_PROFILES.standard });
  const advanced = task.mode === 'advanced';
  // /quotes/advanced runs the deep single-path search (more hops and connectors) first, and its path seeds the split
  // search: the candidates, the flow's tokens and the path optimiser then reach the tokens it went through, so the
  // split is never below it (run after the split, and joined only when it beat the split, it found tokens whose
  // first units beat the split's margin and left them out).
  const path = advanced ? deeperPath(graph, from, to, task, options, standard) : standard;
  const seeds = [standard, path].filter((p, i, all): p is PathQuote => p !== null && all.indexOf(p) === i);
  const splitOptions: SplitOptions = {
    ...SPLIT_PROFILE,
    platformCode: options.platformCode,
    seedPaths: seeds.map((p) => p.hops),
    gasCostInOutput: gasCost && ((legs) => gasCost(quotedGas(legs))),
    gasUnitCost: gasCost && Number(gasCost(GAS_UNIT_COST_SAMPLE)) / GAS_UNIT_COST_SAMPLE,
    gasUnits: quotedGas,
    maxGasUnits: MAX_SPLIT_GAS,
    gasMeter: () => splitGasMeter(graph, MAX_SPLIT_GAS, { wrapIn, unwrapOut }),
    deadline: searchDeadline,
    answerDeadline,
    now: () => performance.now(),
  };
  const split = advanced ? findBestSplit(graph, from, to, task.amountIn, splitOptions) : null;
  const pathValue = path ? path.amountOut - (options.gasCostInOutput?.(path) ?? 0n) : 0n;
  if (split && split.legs.length > 1 && (!path || split.value > pathValue)) {
    const tx = task.userAddress ? splitTx(graph, preset, task, split) : undefined;
    return { ok: true, quote: splitQuote(graph, split, outputDecimals, quotedGas(split.legs), tx) };
  }
  const single = split && split.legs.length === 1 && (!path || split.value > pathValue) ? pathOfLeg(split.legs[0]) : path;
  if (!single) {
    return { ok: false, noRoute: `No route found: no ${task.platform} path from ${task.fromToken} to ${task.toToken} for amountIn ${task.amountIn}` };
  }
  const legs = routeLegs(graph, single.hops);
  return {
    ok: true,
    quote: {
      blockNumber: graph.blockNumber,
      amountOut: single.amountOut,
      outputDecimals,
      gasUnits: quotedGas([single]),
      splits: [[100, legs]],
      tx: task.userAddress ? pathTx(graph, preset, task, single, legs, wrapIn, unwrapOut) : undefined,
    },
  };
}

function routeLegs(graph: GraphView, hops: Hop[]): RouteLeg[] {
  return hops.map(
    (hop): RouteLeg => ({
      pairAddress: graph.poolAddress(hop.pool),
      tokenIn: graph.tokenAddress(hop.tokenIn),
      tokenOut: graph.tokenAddress(hop.tokenOut),
      ...graph.poolFee(hop.pool),
      platform: graph.poolPlatform(hop.pool),
    }),
  );
}

function pathOfLeg(leg: SplitLeg): PathQuote {
  return { hops: leg.hops, amountIn: leg.amountIn, amountOut: leg.amountOut, ticksCrossed: leg.ticksCrossed, wordsCrossed: leg.wordsCrossed };
}

/** Several routes in execution order with their percent of the input; `tx` only where our router is deployed. */
function splitQuote(
  graph: GraphView,
  split: SplitQuote,
  outputDecimals: number,
  gasUnits: number,
  tx: QuoteTx | undefined,
): ComputedQuote {
  const shares = percents(split.legs.map((leg) => leg.amountIn));
  return {
    blockNumber: graph.blockNumber,
    amountOut: split.amountOut,
    outputDecimals,
    gasUnits,
    splits: split.legs.map((leg, i): [number, RouteLeg[]] => [shares[i], routeLegs(graph, leg.hops)]),
    ...(tx && { tx }),
  };
}

/** The better (net of gas) of `standard` and the deep single-path search of /quotes/advanced. */
function deeperPath(
  graph: GraphView,
  from: number,
  to: number,
  task: QuoteTask,
  options: Omit<SearchOptions, 'maxHops' | 'candidates' | 'connectors'>,
  standard: PathQuote | null,
): PathQuote | null {
  const deep = findBestPath(graph, from, to, task.amountIn, { ...options, ...SEARCH_PROFILES.advanced });
  if (!standard || !deep) return standard ?? deep;
  const value = (p: PathQuote) => p.amountOut - (options.gasCostInOutput?.(p) ?? 0n);
  return value(deep) > value(standard) ? deep : standard;
}

/** Our router's call executing every split in order with its exact amount; undefined where no router is deployed. */
function splitTx(graph: GraphView, preset: NetworkPreset, task: QuoteTask, split: SplitQuote): QuoteTx | undefined {
  if (!preset.aggregatorRouter) return undefined;
  return buildRouterTx({
    router: preset.aggregatorRouter,
    graph,
    tokenIn: task.fromToken,
    tokenOut: task.toToken,
    amountIn: task.amountIn,
    splits: split.legs,
    amountOutMin: minAmountOut(split.amountOut, task.slippagePpm),
    recipient: task.userAddress!,
    deadline: task.deadline,
  });
}

/** Native coin to wrapped token or back: 1:1 through the wrapped token's deposit/withdraw. */
function wrapQuote(graph: GraphView, preset: NetworkPreset, task: QuoteTask, wrap: boolean): QuoteOutcome {
  const wrapped = preset.wrappedNative.address;
  const leg: RouteLeg = {
    pairAddress: wrapped,
    tokenIn: wrap ? NATIVE_ADDRESS : wrapped,
    tokenOut: wrap ? wrapped : NATIVE_ADDRESS,
    fee: 0,
    feeDenominator: 10_000,
    platform: task.platform,
  };
  return {
    ok: true,
    quote: {
      blockNumber: graph.blockNumber,
      amountOut: task.amountIn,
      outputDecimals: preset.wrappedNative.decimals,
      gasUnits: estimateGas({ hopKinds: [], ticksCrossed: 0, wrapIn: wrap, unwrapOut: !wrap }),
      splits: [[100, [leg]]],
      tx: task.userAddress
        ? buildWrapTx({ wrappedNative: wrapped, amount: task.amountIn, wrap, sender: task.userAddress })
        : undefined,
    },
  };
}

/**
 * A platform router's call when every hop is a UniV2 pair of that one platform (cheapest in gas); otherwise our
 * router's, or no transaction where our router is not deployed.
 */
function pathTx(
  graph: GraphView,
  preset: NetworkPreset,
  task: QuoteTask,
  path: PathQuote,
  legs: RouteLeg[],
  nativeIn: boolean,
  nativeOut: boolean,
): QuoteTx | undefined {
  const amountOutMin = minAmountOut(path.amountOut, task.slippagePpm);
  const router = platformRouterOf(graph, preset, path.hops);
  if (router) {
    return buildV2RouterTx({
      router,
      path: [legs[0].tokenIn, ...legs.map((leg) => leg.tokenOut)],
      amountIn: task.amountIn,
      amountOutMin,
      recipient: task.userAddress!,
      deadline: task.deadline,
      nativeIn,
      nativeOut,
    });
  }
  if (!preset.aggregatorRouter) return undefined;
  return buildRouterTx({
    router: preset.aggregatorRouter,
    graph,
    tokenIn: task.fromToken,
    tokenOut: task.toToken,
    amountIn: task.amountIn,
    splits: [{ amountIn: task.amountIn, hops: path.hops }],
    amountOutMin,
    recipient: task.userAddress!,
    deadline: task.deadline,
  });
}
