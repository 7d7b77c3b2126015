// Which pools a transaction within the gas cap keeps, when the optimal flow spreads over more than it can swap
// through. Keeping a pool costs gas whatever it carries (a fixed charge), so this is a knapsack over the flow's
// trades; the flow's prices price it. A trade's profit at those prices (its output's value less its input's) is what
// the routing loses, to first order, when that trade alone is dropped; taking the trades of highest profit per unit of
// their least gas is the choice that a gas price (a Lagrange multiplier of the cap) would make.
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';

/**
 * The trades to leave out (1) so that the kept ones, by falling profit per unit of `leastGas`, spend at most
 * `gasBudget` of it: the active trades of `solution` that are not `disabled`, taken in that order while they fit. Null
 * when they all fit (nothing to leave out).
 * @example tradesWithinGas(network, solution, disabled, (i) => 52_300, 1_000_000)
 */
export function tradesWithinGas(
  network: FlowNetwork,
  solution: DualSolution,
  disabled: Uint8Array,
  leastGas: (trade: number) => number,
  gasBudget: number,
): Uint8Array | null {
  const left = new Uint8Array(network.trades.count).fill(1);
  const worth: { trade: number; perGas: number; gas: number }[] = [];
  for (let i = 0; i < network.trades.count; i++) {
    if (disabled[i] !== 0 || !(solution.delta[i] > 0)) continue;
    const gas = leastGas(i);
    worth.push({ trade: i, perGas: solution.profit[i] / gas, gas });
  }
  worth.sort((a, b) => b.perGas - a.perGas || a.trade - b.trade);
  let spent = 0;
  let kept = 0;
  for (const { trade, gas } of worth) {
    if (spent + gas > gasBudget) break;
    spent += gas;
    left[trade] = 0;
    kept++;
  }
  return kept < worth.length ? left : null;
}
