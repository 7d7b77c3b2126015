// The token orders a round of the flow optimiser enables its trades by (flowRounds.ts): each token's place, the source
// first (Infinity) and the higher places farther from the target. A trade is enabled when it goes to a lower place.
//
// Ordering by the last solve's prices alone enables the trades that would pay at those prices, but it also disables
// any trade of the solve's own flow whose pool pays more than the market rate (the snapshot's prices carry noise: a
// pool with a 1% better rate than the market keeps trading at a rate above 1), so the next round can lose what the
// last one found. Keeping the flow's trades makes the last flow feasible in the next round, so its bound cannot fall
// below the last one's for that reason.
//
// Keeping the flow still disables the trades that would pay at the last prices but run against their order: a pool
// whose rate beats the market's (a long-tail token's $1,000 into USDC: a Balancer V3 pool from HEX into CST at 1.0109
// of the market rate, with HEX priced 1.00745 and CST 1.00213) pays from the higher-priced token into the lower. The
// order of the last round also enables those (byPayingTrades): on that trade the answer rose by 0.073% (from 99.891%
// of the routing-quality benchmark's bound to 99.963%, before the reference admitted such trades too).
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
  const links = new Links(network.tokens.length);
  addUsedTrades(links, network, solution, disabled);
  return placesOf(network, links, solution.prices);
}

/**
 * Places that keep the used trades and also enable the trades that would pay at the solution's prices (a spot rate
 * above the input's price over the output's), the most paying first, each unless it closes a cycle with those kept or
 * makes a path from the source to the target longer than `maxHops` trades (the relaxation would route flow along it that
 * no path can carry); then placed as byPriceKeepingFlow places.
 * @example againstOrder(network, byPayingTrades(network, solution, disabled, 6))
 */
export function byPayingTrades(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, maxHops: number): Float64Array {
  const { from, to, spot, count } = network.trades;
  const { prices } = solution;
  const links = new Links(network.tokens.length);
  addUsedTrades(links, network, solution, disabled);
  const hops = new PathLengths(network, links);
  // Each token pair's best trade (the first of its run in byPair, by falling spot rate) decides whether it pays.
  const candidates: number[] = [];
  const margin = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    if (k > 0 && from[k] === from[k - 1] && to[k] === to[k - 1]) continue;
    const i = network.byPair[k];
    if (to[i] < 0 || links.has(from[i], to[i])) continue;
    margin[i] = (spot[i] * prices[to[i]]) / prices[from[i]];
    if (margin[i] > 1) candidates.push(i);
  }
  candidates.sort((a, b) => margin[b] - margin[a]);
  for (const i of candidates) {
    const [u, v] = [from[i], to[i]];
    if (hops.fromSource[u] + 1 + hops.toTarget[v] > maxHops || links.reaches(v, u)) continue;
    links.add(u, v);
    hops.linked(u, v);
  }
  return placesOf(network, links, prices);
}

/** Token pairs (slots; the target left out) that an order must keep going their way, as adjacency lists. */
class Links {
  readonly next: number[][];
  readonly previous: number[][];
  private readonly pairs: Uint8Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(private readonly n: number) {
    this.next = Array.from({ length: n }, () => []);
    this.previous = Array.from({ length: n }, () => []);
    this.seen = new Int32Array(n);
    this.pairs = new Uint8Array(n * n);
  }

  has(u: number, v: number): boolean {
    return this.pairs[u * this.n + v] === 1;
  }

  add(u: number, v: number): void {
    if (this.has(u, v)) return;
    this.pairs[u * this.n + v] = 1;
    this.next[u].push(v);
    this.previous[v].push(u);
  }

  /** Whether slot `goal` is reached from `start` along the links. */
  reaches(start: number, goal: number): boolean {
    const stamp = ++this.stamp;
    const stack = [start];
    this.seen[start] = stamp;
    while (stack.length > 0) {
      const u = stack.pop()!;
      if (u === goal) return true;
      for (const v of this.next[u]) if (this.seen[v] !== stamp) (this.seen[v] = stamp), stack.push(v);
    }
    return false;
  }
}

function addUsedTrades(links: Links, network: FlowNetwork, solution: DualSolution, disabled: Uint8Array): void {
  const { from, to, count } = network.trades;
  for (let i = 0; i < count; i++) if (disabled[i] === 0 && solution.delta[i] > 0 && to[i] >= 0) links.add(from[i], to[i]);
}

/**
 * The most trades on a path along the links from the source to each slot, and from each slot to the target (whose
 * trades every order enables); -Infinity where there is none. Kept up to date as links are added (the links stay
 * acyclic, so the updates end).
 */
class PathLengths {
  readonly fromSource: Float64Array;
  readonly toTarget: Float64Array;

  constructor(network: FlowNetwork, private readonly links: Links) {
    const n = network.tokens.length;
    this.fromSource = new Float64Array(n).fill(-Infinity);
    this.toTarget = new Float64Array(n).fill(-Infinity);
    const { from, to, count } = network.trades;
    for (let i = 0; i < count; i++) if (to[i] < 0) this.toTarget[from[i]] = 1;
    this.fromSource[network.source] = 0;
    for (let u = 0; u < n; u++) for (const v of links.next[u]) this.linked(u, v);
  }

  /** Updates the lengths for a new link u → v. */
  linked(u: number, v: number): void {
    this.raiseFromSource(v, this.fromSource[u] + 1);
    this.raiseToTarget(u, this.toTarget[v] + 1);
  }

  private raiseFromSource(slot: number, length: number): void {
    if (!(length > this.fromSource[slot])) return;
    this.fromSource[slot] = length;
    for (const v of this.links.next[slot]) this.raiseFromSource(v, length + 1);
  }

  private raiseToTarget(slot: number, length: number): void {
    if (!(length > this.toTarget[slot])) return;
    this.toTarget[slot] = length;
    for (const u of this.links.previous[slot]) this.raiseToTarget(u, length + 1);
  }
}

/**
 * A topological order of the links, in which the next slot is the one of lowest key among those whose linked inputs
 * are placed; a slot's key is the lowest price of it and of every slot its links lead to (it must come before them, so
 * it comes as early as the earliest of them would by price). The source first.
 */
function placesOf(network: FlowNetwork, links: Links, prices: Float64Array): Float64Array {
  const n = network.tokens.length;
  const inputsLeft = new Int32Array(n);
  for (let v = 0; v < n; v++) inputsLeft[v] = links.previous[v].length;
  const key = prices.slice();
  const keyed = new Uint8Array(n);
  // The links are acyclic (the used trades are enabled by an order, and a paying trade is linked only without a
  // cycle), so this recursion ends.
  const keyOf = (u: number): number => {
    if (keyed[u] === 0) {
      keyed[u] = 1;
      for (const v of links.next[u]) key[u] = Math.min(key[u], keyOf(v));
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
    // The links are acyclic, so some slot is always free; a guard only.
    if (pick < 0) return byPrice(network, prices);
    placed[pick] = 1;
    order[pick] = pick === network.source ? Infinity : n - position;
    for (const v of links.next[pick]) inputsLeft[v]--;
  }
  return order;
}
