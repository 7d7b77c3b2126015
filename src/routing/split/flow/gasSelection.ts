// Which pools a transaction within the gas cap keeps, when the optimal flow spreads over more than it can swap
// through. Keeping a pool costs gas whatever it carries (a fixed charge), so this is a knapsack over the flow's
// trades; the flow's prices price it. A trade's profit at those prices (its output's value less its input's) is what
// the routing loses, to first order, when that trade alone is dropped; taking the trades of highest profit per unit of
// their least gas is the choice that a gas price (a Lagrange multiplier of the cap) would make at those prices. Charging
// each trade that gas price times its least gas inside the solve (dualFlow.ts) makes the choice at the prices of the
// flow that results, which concentrates on fewer pools.
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';

/** An active trade of the flow and its least gas. */
export interface TradeGas {
  trade: number;
  gas: number;
  /** Profit at the flow's prices per unit of gas. */
  perGas: number;
}

/**
 * The active trades of `solution` that are not `disabled`, by falling profit per unit of `leastGas` (ties by index).
 * @example rankByProfitPerGas(network, solution, disabled, (i) => 52_300)[0].trade
 */
export function rankByProfitPerGas(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, leastGas: (trade: number) => number): TradeGas[] {
  const worth: TradeGas[] = [];
  for (let i = 0; i < network.trades.count; i++) {
    if (disabled[i] !== 0 || !(solution.delta[i] > 0)) continue;
    const gas = leastGas(i);
    worth.push({ trade: i, gas, perGas: solution.profit[i] / gas });
  }
  worth.sort((a, b) => b.perGas - a.perGas || a.trade - b.trade);
  return worth;
}

/**
 * The trades to leave out (1) of a network of `tradeCount` trades so that the kept ones, taken from `ranked` in its
 * order while they fit, spend at most `gasBudget`; null when they all fit (nothing to leave out).
 * @example tradesWithinGas(rankByProfitPerGas(network, solution, disabled, leastGas), network.trades.count, 1_000_000)
 */
export function tradesWithinGas(ranked: readonly TradeGas[], tradeCount: number, gasBudget: number): Uint8Array | null {
  const left = new Uint8Array(tradeCount).fill(1);
  let spent = 0;
  let kept = 0;
  for (const { trade, gas } of ranked) {
    if (spent + gas > gasBudget) break;
    spent += gas;
    left[trade] = 0;
    kept++;
  }
  return kept < ranked.length ? left : null;
}

/**
 * Each trade's charge at the gas price where `ranked`'s choice within `gasBudget` stops (the profit per gas of the first
 * trade that does not fit), for a solve that chooses its trades at its own prices; null when every trade fits.
 * @example gasCharges(ranked, network.trades.count, 1_000_000, leastGas)
 */
export function gasCharges(ranked: readonly TradeGas[], tradeCount: number, gasBudget: number, leastGas: (trade: number) => number): Float64Array | null {
  let spent = 0;
  const firstLeftOut = ranked.find(({ gas }) => (spent += gas) > gasBudget);
  if (!firstLeftOut) return null;
  const charges = new Float64Array(tradeCount);
  for (let i = 0; i < tradeCount; i++) charges[i] = firstLeftOut.perGas * leastGas(i);
  return charges;
}
