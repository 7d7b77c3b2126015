// Multi-token pools whose solve found several of their pairs paying. The relaxation trades each pair of a pool as if
// it were a pool of its own, which a split of paths cannot (a pool serves one use across a split): each such pool
// keeps one pair, by most profit at the solve's prices, and where the pools are few, every other choice is solved too.
import type { DualSolution } from './dualFlow.ts';
import type { FlowNetwork } from './flowNetwork.ts';

/**
 * Most choices of one pair per contested pool that are solved. Keeping the most profitable pair is not always best: a
 * WPLS → USDC $100 request's two contested pools held 0.03% more of the bound with the other pair of one of them, and
 * a HEX → WPLS $1M request answered 0.4% more. On the advanced mix few requests have contested pools: trying up to
 * eight choices changed 5 of 1,000 answers by over a basis point (3 better), for 0.75% more time (1.0% gas priced).
 */
const MAX_PAIR_CHOICES = 8;

/** Keeps the most profitable active pair of each pool, marking the others in `contested`; returns how many. */
export function disableContested(network: FlowNetwork, solution: DualSolution, disabled: Uint8Array, contested: Uint8Array): number {
  const best = new Map<number, number>();
  let changed = 0;
  const { pool } = network.trades;
  for (let i = 0; i < network.trades.count; i++) {
    if (disabled[i] !== 0 || !(solution.delta[i] > 0)) continue;
    const other = best.get(pool[i]);
    if (other === undefined) {
      best.set(pool[i], i);
      continue;
    }
    const [keep, drop] = solution.profit[i] > solution.profit[other] ? [i, other] : [other, i];
    best.set(pool[i], keep);
    contested[drop] = 1;
    changed++;
  }
  return changed;
}

/**
 * The trades left out (as `disabled` arrays) by each choice of one pair per contested pool other than the most
 * profitable pairs that `contested` keeps, whose trades left out are `greedy`: a pool's pairs are those the solve paid
 * through or found contested, among the trades `disabled` leaves (chains aside: a chain's pool is its first). None
 * when there are more than MAX_PAIR_CHOICES choices.
 * @example otherPairChoices(network, kept.solution, kept.disabled, kept.contested, isChain, greedy)
 */
export function otherPairChoices(
  network: FlowNetwork,
  solution: DualSolution,
  disabled: Uint8Array,
  contested: Uint8Array,
  isChain: Uint8Array,
  greedy: Uint8Array,
): Uint8Array[] {
  const count = network.trades.count;
  const pairsOf = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    if (disabled[i] !== 0 || isChain[i] !== 0 || (contested[i] === 0 && !(solution.delta[i] > 0))) continue;
    const pool = network.trades.pool[i];
    const pairs = pairsOf.get(pool);
    if (pairs) pairs.push(i);
    else pairsOf.set(pool, [i]);
  }
  // Each contested pool's kept pair first, so that choice 0 is the one already solved.
  const pools = [...pairsOf.values()].filter((pairs) => pairs.length > 1).map((pairs) => pairs.sort((a, b) => contested[a] - contested[b]));
  const choices = pools.reduce((product, pairs) => product * pairs.length, 1);
  if (pools.length === 0 || choices > MAX_PAIR_CHOICES) return [];
  const others: Uint8Array[] = [];
  for (let choice = 1; choice < choices; choice++) {
    const left = greedy.slice();
    let rest = choice;
    for (const pairs of pools) {
      const kept = pairs[rest % pairs.length];
      rest = Math.floor(rest / pairs.length);
      for (const i of pairs) left[i] = i === kept ? 0 : 1;
    }
    others.push(left);
  }
  return others;
}
