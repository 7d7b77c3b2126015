// The token orders a round of the flow optimiser enables its trades by (flowRounds.ts): each token's place, the source
// first (Infinity) and the higher places farther from the target. A trade is enabled when it goes to a lower place.
//
// Ordering by the last solve's prices alone enables the trades that would pay at those prices, but it also disables
// any trade of the solve's own flow whose pool pays more than the market rate (the snapshot's prices carry noise: a
// pool with a 1% better rate than the market keeps trading at a rate above 1), so the next round can lose what the
// last one found. Keeping the flow's trades makes the last flow feasible in the next round, so its bound cannot fall
// below the last one's for that reason.
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';

/**
 * Places by price: the higher a token's price, the nearer the target; the source first.
 * @example againstOrder(network, byPrice(network, solution.prices))
 */
export function byPrice(network: FlowNetwork, prices: Float64Array): Float64Array {
  return Float64Array.from(prices, (p, slot) => (slot === network.source ? Infinity : -p));
}

/**
 * Places by price as far as the trades the solution uses allow: those keep their direction. A topological order of
 * the used trades, in which the next token is the one of lowest key among those whose used inputs are placed; a
 * token's key is the lowest price of it and of every token its used trades lead to (it must come before them, so it
 * comes as early as the earliest of them would by price).
 * @example againstOrder(network, byPriceKeepingFlow(network, solution, disabled))
 */
export function byPriceKeepingFlow(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array): Float64Array {
  const n = network.tokens.length;
  const { from, to, count } = network.trades;
  const { prices } = solution;
  const inputsLeft = new Int32Array(n);
  const next: number[][] = network.tokens.map(() => []);
  for (let i = 0; i < count; i++) {
    if (disabled[i] !== 0 || !(solution.delta[i] > 0) || to[i] < 0) continue;
    inputsLeft[to[i]]++;
    next[from[i]].push(to[i]);
  }
  const key = prices.slice();
  const keyed = new Uint8Array(n);
  // The used trades are acyclic (each round's are enabled by an order), so this recursion ends.
  const keyOf = (u: number): number => {
    if (keyed[u] === 0) {
      keyed[u] = 1;
      for (const v of next[u]) key[u] = Math.min(key[u], keyOf(v));
    }
    return key[u];
  };
  for (let slot = 0; slot < n; slot++) keyOf(slot);
  const comesFirst = (a: number, b: number) =>
    a === network.source || (b !== network.source && (key[a] < key[b] || (key[a] === key[b] && prices[a] < prices[b])));
  const order = new Float64Array(n);
  const placed = new Uint8Array(n);
  for (let position = 0; position < n; position++) {
    let pick = -1;
    for (let slot = 0; slot < n; slot++) {
      if (placed[slot] === 0 && inputsLeft[slot] === 0 && (pick < 0 || comesFirst(slot, pick))) pick = slot;
    }
    // Every round's trades go one way through an order, so its flow's are acyclic and some token is always free.
    if (pick < 0) return byPrice(network, prices);
    placed[pick] = 1;
    order[pick] = pick === network.source ? Infinity : n - position;
    for (const v of next[pick]) inputsLeft[v]--;
  }
  return order;
}
