// The solves of the flow optimiser over one network, in rounds. Only the trades that go one way through an order of
// the tokens are enabled at a time (flowNetwork.ts); an optimal flow mostly goes from lower-priced tokens to
// higher-priced ones, so each round orders the tokens by the last one's prices, keeping the last flow's own trades
// (tokenOrder.ts), and solves again when that enables other trades.
//
// The relaxation also lets a multi-token pool trade several of its pairs at once, which a split of paths cannot do (a
// pool serves one use across a split): after each solve, the lesser pairs of a contested pool are disabled
// (contestedPools.ts).
//
// Chains through long-tail tokens (chainIndex.ts) join from the second solve on: with dozens of chains on a token, the
// first solve's prices ordered some networks worse (a long-tail token's $1,000 into USDC: 0.1% less output). Rounds
// are not monotone, as each enables another set of trades: of those with the chains, the round of highest bound is
// kept.
//
// Without gas priced, the last round's order also enables the trades that pay at the last prices against their order
// (tokenOrder.ts), and when that round raises the bound, one more round enables those that pay at its own prices. Its
// flow can run along paths longer than the paths it is cut into; when those carry much less than it (flowRouting.ts),
// the rounds are answered again with the last round ordered as the others.
import { fits, late, timed } from '../deadline.ts';
import { type DualSolution, solveDual } from './dualFlow.ts';
import { type FlowNetwork, againstOrder, zeroFlowPrices } from './flowNetwork.ts';
import { disableContested, otherPairChoices } from './contestedPools.ts';
import { byPayingTrades, byPrice, byPriceKeepingFlow } from './tokenOrder.ts';

/**
 * Solves: the first in the network's first order, the second (with the chains) and third after ordering the tokens by
 * the last one's prices. With gas priced, two: there the third round's wider flows cost more gas than they gained.
 * Against two rounds, on 1,000 requests of the advanced latency mix: the third raised the output by 3.3 bp geometric
 * mean (295 requests better by over 1 bp, 36 worse) for 5% more median time; with gas priced, it lowered the value net
 * of gas by 2.4 bp, with 255 requests worse by over 1 bp against the code before the chains (21 with two rounds).
 * A fourth took more time than its gain was worth within the time budget.
 *
 * Without gas priced, the last round's order also enables the trades that pay at the last prices (byPayingTrades),
 * and so does the second's when the order keeping the flow would enable nothing new. Against the order keeping the
 * flow, on the same mix at a 200 ms budget: +0.74 bp geometric mean (100 requests better by over 1 bp, 11 worse) for
 * 3.3% more time; at the 25 ms budget 109 better, 24 worse, 2.8% more time. The routing-quality benchmark's tail#1500
 * → USDC $10–$30k cases rose by 0.04–0.07 points and USDC → USDT $100 by 0.04.
 */
const MAX_ROUNDS = 3;
const MAX_ROUNDS_WITH_GAS = 2;
/**
 * Chains carrying less than this share of the output are dropped before the flow is cut into paths: each becomes a
 * path of its own (time, and the answer's size). On a small trade dozens of them each carry a few hundredths of a
 * percent: against a floor of 1e-3, 3e-4 raised the routing-quality benchmark's $100 cases by 0.5–1.4 bp (USDC → USDT
 * 99.986% → 99.991% of the bound) and its long-tail $1k–$30k ones into WPLS by 0.6–0.7 bp, for 0.6–1.2% more time on
 * the advanced latency mix (answers there the same within the deadline's noise; at a 200 ms budget +0.04 bp, none
 * worse). 1e-4 added up to 0.2 bp more on those cases for 1.4–3.3% more time.
 */
const MIN_CHAIN_SHARE = 3e-4;
/**
 * Rounds in a paying order: the first from the last round's prices, then, while one raises the bound by more than
 * PAYING_GAIN, from its own. Against one, on the advanced latency mix (no gas priced), each request timed on both in
 * one process: two raised the output by 0.75 and 0.80 bp geometric mean on two seeds of 1,000 requests (101 and 105
 * requests better by over 1 bp, 3 and 10 worse) for 4.8–5.7% more time; at 100 times its sizes, where the deadline's
 * noise dominates, by 0.30 bp (81 better, 42 worse) for 2.4% more. On the routing-quality cases (the benchmark's
 * rows, whose reference also solves the orientation of the new answers), four $100 ones rose by 0.3–3.0 bp of the
 * bound (HEX → WPLS 99.953% → 99.970%, DAI → USDC 99.948% → 99.979%), and tail#1500 → USDC $10 from 99.713% to
 * 100.006%, where the trades paying at the first paying round's prices chained the pools that pay above the market
 * rate into paths of up to ten; USDC → USDT $1M rose by 1.3 bp, PLSX → HEX $10k fell by 0.13 bp.
 */
const PAYING_ROUNDS = 2;
/**
 * A paying round counts as raising the bound only by more than this share (three tenths of a basis point). A later
 * paying round's flow runs along longer paths, which cost more gas: on the PLSX → HEX $1M case, a second round that
 * raised the bound by 0.11 bp answered 11 bp less within the gas cap. Against counting any gain: 0.05–0.13 bp less on
 * the mix, fewer requests worse at 100 times its sizes (42 against 48–51 of 1,000), for 3–4% less time.
 */
const PAYING_GAIN = 3e-5;
/** Bounds this close (relative) are the same optimum, found by float solves. */
const SAME_BOUND = 1e-9;

export interface RoundLimits {
  deadline?: number;
  now?: () => number;
  /**
   * With gas priced: raw output units per gas unit, and the least gas of a trade's pools. A chain whose profit at the
   * final prices is worth less than that gas is dropped and the flow solved again without it.
   */
  gasUnitCost?: number;
  leastGas?: (trade: number) => number;
  /** Most trades on a path the flow is cut into (flowPaths.ts). */
  maxHops: number;
  /** Most rounds in a paying order (PAYING_ROUNDS by default). */
  payingRounds?: number;
}

/** The kept solve: its solution, the trades it left out, and the order it enabled trades by. */
export interface SolvedFlow {
  solution: DualSolution;
  disabled: Uint8Array;
  order: Float64Array;
}

/** The rounds' answer, and when its last round enabled the paying trades, the answer without them. */
export interface SolvedRounds extends SolvedFlow {
  /** The rounds answered again with the last round ordered as the others (byPriceKeepingFlow). */
  withoutPayingOrder?: () => SolvedFlow;
}

/** A round's solve, with the pairs found contested up to it (later rounds mark more). */
interface Round extends SolvedFlow {
  round: number;
  contested: Uint8Array;
  contestedCount: number;
}

/**
 * The best solve of the network's rounds (by bound), made feasible for a split: no pool with two paying pairs, the
 * chains enabled, and no chain too small to be a path or (with gas priced) that does not pay for its gas.
 * @example solveRounds(flowNetwork(graph, wpls, usdc, tokensAt, 1e24, -1), { deadline, now, maxHops: 6 })
 */
export function solveRounds(network: FlowNetwork, limits: RoundLimits): SolvedRounds {
  const count = network.trades.count;
  // Plain loops over the trades: TypedArray.from with a mapping function, and some(), are slow in V8.
  const isChain = new Uint8Array(count);
  for (let i = 0; i < count; i++) isChain[i] = network.trades.viaPool[i] >= 0 ? 1 : 0;
  const contested = new Uint8Array(count);
  const rounds = limits.gasUnitCost === undefined ? MAX_ROUNDS : MAX_ROUNDS_WITH_GAS;
  let order = network.order;
  let best: Round | undefined;
  for (let round = 0; round < rounds; round++) {
    const last = solveRound(network, order, contested, round === 0 ? isChain : undefined, round, limits);
    best = keptOf(best, last);
    if (late(limits)) break;
    // With gas priced, the flow's trades are not kept: on 1,000 requests of the advanced mix, keeping them lowered the
    // value net of gas by 16 bp geometric mean (317 requests worse by over 1 bp, 206 better) for 10% more median time.
    if (limits.gasUnitCost !== undefined) {
      order = byPrice(network, last.solution.prices);
      if (reorders(network, last, order)) continue;
      break;
    }
    if (round < rounds - 2) {
      order = byPriceKeepingFlow(network, last.solution, last.disabled);
      if (reorders(network, last, order)) continue;
    }
    // The last round, or the keeping order enables nothing new: the paying order's round, and the answer that the
    // keeping order would have given instead.
    const paying = byPayingTrades(network, last.solution, last.disabled, limits.maxHops);
    if (!reorders(network, last, paying)) break;
    const [beforeBest, contestedBefore] = [best, contested.slice()];
    const paid = payingRounds(network, last, paying, contested, round + 1, limits);
    const withoutPayingOrder = () => {
      const keeping = byPriceKeepingFlow(network, last.solution, last.disabled);
      if (!reorders(network, last, keeping) || late(limits)) return finish(network, beforeBest, isChain, limits);
      return finish(network, keptOf(beforeBest, solveRound(network, keeping, contestedBefore, undefined, round + 1, limits)), isChain, limits);
    };
    const kept = keptOf(best, paid);
    return kept === paid ? { ...finish(network, kept, isChain, limits), withoutPayingOrder } : finish(network, kept, isChain, limits);
  }
  return finish(network, best!, isChain, limits);
}

/**
 * The paying order's round, and while a paying round raises the bound of the round it was ordered from by more than
 * PAYING_GAIN, another in the order of the trades that pay at its own prices, kept when it raises the bound as much
 * (up to PAYING_ROUNDS in all, each only when one as long as the last would end before the deadline).
 */
function payingRounds(network: FlowNetwork, from: Round, paying: Float64Array, contested: Uint8Array, round: number, limits: RoundLimits): Round {
  let [paid, roundMs] = timed(limits, () => solveRound(network, paying, contested, undefined, round, limits));
  for (let extra = 1, previous = from; extra < (limits.payingRounds ?? PAYING_ROUNDS) && raises(paid, previous, PAYING_GAIN) && fits(limits, roundMs); extra++) {
    const order = byPayingTrades(network, paid.solution, paid.disabled, limits.maxHops);
    if (!reorders(network, paid, order)) break;
    const [next, ms] = timed(limits, () => solveRound(network, order, contested, undefined, round + extra, limits));
    if (!raises(next, paid, PAYING_GAIN)) break;
    [previous, paid, roundMs] = [paid, next, ms];
  }
  return paid;
}

/** Whether `round`'s solve ran to its stopping rule with a bound above `before`'s by more than `gain` of it. */
function raises(round: Round, before: Round, gain: number): boolean {
  return !round.solution.cut && round.solution.bound > before.solution.bound * (1 + gain);
}

/** One round: the flow over the trades that go one way through `order`, less the contested ones (and `off`). */
function solveRound(network: FlowNetwork, order: Float64Array, contested: Uint8Array, off: Uint8Array | undefined, round: number, limits: RoundLimits): Round {
  const count = network.trades.count;
  const orientation = againstOrder(network, order);
  const disabled = new Uint8Array(count);
  for (let i = 0; i < count; i++) disabled[i] = orientation[i] | contested[i] | (off ? off[i] : 0);
  // Every round starts from the zero-flow prices of its own order: the last round's prices, found for another
  // orientation, started some solves orders of magnitude above the minimum, which then took every iteration allowed
  // (on the advanced mix: 4–7% less time, answers within noise).
  const solution = solveDual(network, disabled, zeroFlowPrices(network, disabled, order), limits);
  const contestedCount = disableContested(network, solution, disabled, contested);
  return { solution, disabled, order, round, contested: contested.slice(), contestedCount };
}

/**
 * A later round is kept only for a higher bound: at an equal one (the same optimum, its flow moved among equally good
 * trades), the earlier round's flow was cut into better paths as often as not.
 */
function keptOf(best: Round | undefined, round: Round): Round {
  if (!best) return round;
  const { solution } = round;
  const replaces = solution.cut ? cutReplaces(solution, best) : best.round === 0 || solution.bound > best.solution.bound * (1 + SAME_BOUND);
  return replaces ? round : best;
}

/** Whether the next round would solve anything new: `order` enables other trades, or the round disabled pairs. */
function reorders(network: FlowNetwork, round: Round, order: Float64Array): boolean {
  if (round.contestedCount > 0) return true;
  const next = againstOrder(network, order);
  const { from, to, count } = network.trades;
  const { order: current } = round;
  for (let i = 0; i < count; i++) {
    if (next[i] !== (to[i] < 0 || current[to[i]] < current[from[i]] ? 0 : 1)) return true;
  }
  return false;
}

/**
 * The kept round made feasible for a split. When it left a pool with two paying pairs, the paths would use it twice,
 * which a split cannot (and the path optimiser would start from part of the flow only). Solved once more with the lesser
 * pairs disabled, and with the chains when it was the first (a chain runs into the target or out of the source: no
 * order disables it); then, when there are few, with each other choice of pairs (contestedPools.ts), the one of
 * highest bound kept. Then the chains too small to be a path are dropped.
 */
function finish(network: FlowNetwork, kept: Round, isChain: Uint8Array, limits: RoundLimits): SolvedFlow {
  const count = network.trades.count;
  let solved: SolvedFlow = kept;
  const chainsOff = kept.round === 0 && isChain.includes(1);
  if ((kept.contestedCount > 0 || chainsOff) && !late(limits)) {
    const disabled = new Uint8Array(count);
    for (let i = 0; i < count; i++) disabled[i] = (kept.disabled[i] | kept.contested[i]) & (isChain[i] ^ 1);
    const start = kept.solution.prices.slice();
    // With the chains on, the source must sell again from above: its price in the first solve can be far below what
    // its chains pay (when all its trades are chains, near zero), and a warm start from there does not recover.
    if (chainsOff) start[network.source] = zeroFlowPrices(network, disabled, kept.order)[network.source];
    // Kept even when the deadline cuts it: it starts from the kept solve's prices (with the chains on, it takes a first
    // step), and the kept solve's own flow uses a pool twice or leaves the chains out.
    solved = solveAgain(network, kept.order, disabled, start, !chainsOff, limits);
    for (const other of otherPairChoices(network, kept.solution, kept.disabled, kept.contested, isChain, disabled)) {
      if (late(limits)) break;
      const again = solveAgain(network, kept.order, other, start, !chainsOff, limits);
      if (!again.solution.cut && again.solution.bound > solved.solution.bound) solved = again;
    }
  }
  // Cut by the deadline, the solve without the small chains is not kept (its bound and flow are not its optimum's, see
  // cutReplaces): the chains it would drop stay, each carrying under MIN_CHAIN_SHARE of the output.
  const dropped = chainsToDrop(network, solved, isChain, limits);
  if (dropped.length > 0 && !late(limits)) {
    const disabled = solved.disabled.slice();
    for (const i of dropped) disabled[i] = 1;
    const again = solveAgain(network, solved.order, disabled, solved.solution.prices, true, limits);
    if (!again.solution.cut) solved = again;
  }
  return solved;
}

/**
 * Whether a round the deadline cut replaces the kept one. Its bound lies above its own optimum's, by more the earlier
 * it was cut, so it is no measure of its flow: it replaces only the first round (whose flow leaves the chains out),
 * and only once its bound has come below that round's. On a $3M WPLS → USDC trade, a second round cut at its start
 * prices had a bound 1.4 times the first's and, kept for it, its flow made 4% of the output; cut after two of its
 * eleven steps, its bound was below the first's, and its flow made 20% more than the first round's.
 */
function cutReplaces(solution: DualSolution, best: { round: number; solution: DualSolution }): boolean {
  return best.round === 0 && !best.solution.cut && solution.bound < best.solution.bound;
}

/** The flow solved again over the trades not `disabled`, from `start` (`warm`: a balanced solution's prices). */
function solveAgain(network: FlowNetwork, order: Float64Array, disabled: Uint8Array, start: Float64Array, warm: boolean, limits: RoundLimits): SolvedFlow {
  return { solution: solveDual(network, disabled, start, { deadline: limits.deadline, now: limits.now, warm }), disabled, order };
}

/**
 * Active chains that carry less than MIN_CHAIN_SHARE of the output, or whose profit at the solution's prices is worth
 * less than the least gas of their two hops.
 */
function chainsToDrop(network: FlowNetwork, solved: SolvedFlow, isChain: Uint8Array, limits: RoundLimits): number[] {
  const { solution, disabled } = solved;
  const { to } = network.trades;
  const dropped: number[] = [];
  for (let i = 0; i < network.trades.count; i++) {
    if (isChain[i] === 0 || disabled[i] !== 0 || !(solution.delta[i] > 0)) continue;
    // Valued at its output, as a share of the whole output (the input's marginal price is far below its average on a
    // price-moving trade).
    const small = solution.out[i] * (to[i] < 0 ? 1 : solution.prices[to[i]]) < MIN_CHAIN_SHARE * solution.bound;
    const unpaid = limits.gasUnitCost !== undefined && limits.leastGas !== undefined && solution.profit[i] < limits.gasUnitCost * limits.leastGas(i);
    if (small || unpaid) dropped.push(i);
  }
  return dropped;
}
