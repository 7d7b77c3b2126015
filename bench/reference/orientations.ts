// The reference optimum over several orientations of the trades. The rule's orientation (referenceProblem.ts) forbids
// routings that pay: a $1M USDC → USDT trade is best routed partly through trades it runs the other way (2.3% more
// output). Each solve's prices give the next orientation: at a routing's optimum, a token's price over its market
// price (its potential) rises along nearly every trade, so orienting by the potentials of the last solve admits the
// trades of its routing and the ones that would extend it. Each orientation's upper bound holds for the routings it
// admits.
import type { GraphView } from '../../src/graph/graphView.ts';
import { EDGE_STRIDE, EdgeField } from '../../src/graph/layout.ts';
import { type ReferenceResult, type SolveOptions, solveReference } from './dualSolver.ts';
import type { ReferenceProblem } from './referenceProblem.ts';

/**
 * Orientations by potentials after the rule's, each from the last. Their bounds need not rise from round to round
 * (WPLS → USDC at $100: +0.062%, +0.084% and +0.060% over the rule's), so every round is kept and the highest bound
 * taken.
 */
const POTENTIAL_ROUNDS = 3;
/**
 * Then orientations that keep the last solve's routing (routingPotentials), from the highest bound so far: each admits
 * the routing before it, so their bounds do not fall below its output. They stop when a round raises the bound by less
 * than ROUTING_ROUND_GAIN, or after ROUTING_ROUNDS (on the routing-quality cases they settle within five, e.g.
 * tail#300 → WPLS $1,000: +0.005%, +0.057%, +0.080%, +0.082% over the potentials' rounds).
 */
const ROUTING_ROUNDS = 8;
const ROUTING_ROUND_GAIN = 1e-7;
/**
 * Then orientations that also admit the trades paying at the last solve's prices (payingPotentials), from the highest
 * bound so far, until they settle as the routing's rounds do.
 */
const PAYING_ROUNDS = 4;

/** A trade of a routing as its input and output token (graph indices). */
export type TokenLink = readonly [number, number];

export interface OrientedSolve {
  problem: ReferenceProblem;
  result: ReferenceResult;
}

/**
 * The rule-oriented `problem` solved for `amountIn` (from `options.start`), then `reorient(potentials)` of each solve
 * solved in turn, POTENTIAL_ROUNDS times, then by routingPotentials and then by payingPotentials from the solve of
 * highest bound until they settle, and last by witnessPotentials of `witness` when given: every solve, the rule's
 * first.
 * @example solveOrientations(graph, problem, (p) => referenceProblem(graph, wpls, usdc, -1, 32, true, p), 1e24, {})
 */
export function solveOrientations(
  graph: GraphView,
  problem: ReferenceProblem,
  reorient: (potentials: ReadonlyMap<number, number>) => ReferenceProblem,
  amountIn: number,
  options: SolveOptions,
  witness?: readonly TokenLink[],
): OrientedSolve[] {
  const solves = [{ problem, result: solveReference(graph, problem, amountIn, options) }];
  // A new token set: the last solve's prices do not index it, so each solve starts from market prices.
  const solve = (potentials: ReadonlyMap<number, number>) => {
    const next = reorient(potentials);
    return { problem: next, result: solveReference(graph, next, amountIn, { timeLimitMs: options.timeLimitMs }) };
  };
  for (let round = 0; round < POTENTIAL_ROUNDS; round++) solves.push(solve(tokenPotentials(solves[solves.length - 1])));
  const settle = (rounds: number, potentialsOf: (solve: OrientedSolve) => ReadonlyMap<number, number>) => {
    let last = highestBound(solves);
    for (let round = 0; round < rounds; round++) {
      const next = solve(potentialsOf(last));
      solves.push(next);
      if (next.result.upperBound <= last.result.upperBound * (1 + ROUTING_ROUND_GAIN)) break;
      last = next;
    }
  };
  settle(ROUTING_ROUNDS, routingPotentials);
  settle(PAYING_ROUNDS, (last) => payingPotentials(graph, last));
  if (witness) solves.push(solve(witnessPotentials(highestBound(solves), witness)));
  return solves;
}

/**
 * Each token's price in the solve over its market price (the problem's start price), by graph token.
 * @example tokenPotentials(solve).get(usdc) // 1: the target's price is its market price
 */
export function tokenPotentials({ problem, result }: OrientedSolve): Map<number, number> {
  // The solver's prices are its start prices times exp(logPrices); the target's is fixed at 1.
  return new Map(problem.tokens.map((token, i) => [token, i === 1 ? 1 : Math.exp(result.logPrices[i])]));
}

/** The solve of highest upper bound: of the orientations' bounds, the most demanding denominator. */
export function highestBound(solves: OrientedSolve[]): OrientedSolve {
  return solves.reduce((best, solve) => (solve.result.upperBound > best.result.upperBound ? solve : best));
}

/**
 * The solve's potentials (tokenPotentials) made to rise along every trade of its routing, so that the next orientation
 * admits that routing and its bound cannot fall below the routing's output. A pool trading above the market rate keeps
 * trading where the output token's potential is below the input token's (the snapshot's prices carry noise), and
 * orienting by the potentials alone forbade it: the bounds of the later rounds fell by up to 0.02% (tail#1500 → USDC,
 * $30,000). Tokens are placed in a topological order of the routing's trades, the one of lowest key next, a token's
 * key being the lowest potential of it and of every token its trades lead to; the potentials then rise along that
 * order (each at least its key).
 * @example reorient(routingPotentials(solve))
 */
export function routingPotentials(solve: OrientedSolve): Map<number, number> {
  return risingPotentials(solve.problem, tokenPotentials(solve), routingLinks(solve));
}

/**
 * As routingPotentials, with links added for the trades that would pay at the solve's prices (a pool's rate at zero
 * input times its output token's price above its input token's price), the most paying first, each unless it closes
 * a cycle: a pool whose rate beats the market's pays from a higher-priced token into a lower one, which the routing's
 * order runs the other way (tail#1500 → USDC: production's flow routed such trades to answers above this reference's
 * bound over the other orientations).
 * @example reorient(payingPotentials(graph, solve))
 */
export function payingPotentials(graph: GraphView, solve: OrientedSolve): Map<number, number> {
  const potentials = tokenPotentials(solve);
  const { problem } = solve;
  const [source, target] = problem.tokens;
  const next = routingLinks(solve);
  const price = new Map(problem.tokens.map((t, i) => [t, problem.startPrice[i] * potentials.get(t)!]));
  const paying: { u: number; v: number; margin: number }[] = [];
  for (const u of problem.tokens) {
    if (u === source || u === target || !(graph.tokenNativePrice[u] > 0)) continue;
    for (let e = graph.tokenEdgeStart[u]; e < graph.tokenEdgeStart[u + 1]; e++) {
      const at = e * EDGE_STRIDE;
      const v = graph.edges[at + EdgeField.tokenOut];
      if (v === source || v === target || !price.has(v)) continue;
      const pool = graph.edges[at];
      // A millionth of the pool's depth: the rate at zero input, within the pool's price impact of that.
      const probe = (graph.poolLiquidity[pool] / graph.tokenNativePrice[u]) * 1e-6;
      const rate = graph.estimateOut(pool, graph.edges[at + EdgeField.localIn], graph.edges[at + EdgeField.localOut], probe) / probe;
      const margin = (rate * price.get(v)!) / price.get(u)!;
      if (margin > 1) paying.push({ u, v, margin });
    }
  }
  paying.sort((a, b) => b.margin - a.margin);
  for (const { u, v } of paying) if (!next.get(u)!.includes(v) && !reaches(next, v, u)) next.get(u)!.push(v);
  return risingPotentials(problem, potentials, next);
}

/**
 * The potentials of the solve made to rise along the trades of another routing (`witness`, e.g. an answer being
 * measured), so that the next orientation admits it and its bound holds for it too: the heuristics above choose among
 * orientations that cannot all be solved, and a routing found by other means can lie in none of them. Trades out of
 * the source, into the target, or of tokens outside the problem leave no link; a trade that would close a cycle with
 * the links before it is left out (an acyclic routing has none).
 * @example reorient(witnessPotentials(highestBound(solves), [[wpls, hex], [hex, usdc]]))
 */
export function witnessPotentials(solve: OrientedSolve, witness: readonly TokenLink[]): Map<number, number> {
  const { problem } = solve;
  const [source, target] = problem.tokens;
  const next = new Map<number, number[]>(problem.tokens.map((t) => [t, []]));
  for (const [u, v] of witness) {
    if (u === source || v === target || !next.has(u) || !next.has(v) || next.get(u)!.includes(v) || reaches(next, v, u)) continue;
    next.get(u)!.push(v);
  }
  return risingPotentials(problem, tokenPotentials(solve), next);
}

/** Whether token `goal` is reached from `start` along the links. */
function reaches(next: Map<number, number[]>, start: number, goal: number): boolean {
  const found = new Set([start]);
  for (const stack = [start]; stack.length > 0; ) {
    const u = stack.pop()!;
    if (u === goal) return true;
    for (const v of next.get(u)!) if (!found.has(v)) found.add(v), stack.push(v);
  }
  return false;
}

/** The routing's trades as links between tokens (graph indices), those out of the source and into the target left out. */
function routingLinks({ problem, result }: OrientedSolve): Map<number, number[]> {
  const [source, target] = problem.tokens;
  const next = new Map<number, number[]>(problem.tokens.map((t) => [t, []]));
  for (const i of result.chosenTrades) {
    const trade = problem.trades[i];
    const [u, v] = [problem.tokens[trade.u], problem.tokens[trade.v]];
    if (u === source || v === target || next.get(u)!.includes(v)) continue;
    next.get(u)!.push(v);
  }
  return next;
}

/**
 * `potentials` made to rise along the links (acyclic): the tokens in a topological order of them, the one of lowest key
 * next, a token's key being the lowest potential of it and of every token its links lead to; each potential at least
 * its key.
 */
function risingPotentials(problem: ReferenceProblem, potentials: ReadonlyMap<number, number>, next: Map<number, number[]>): Map<number, number> {
  const [source, target] = problem.tokens;
  const inputsLeft = new Map<number, number>(problem.tokens.map((t) => [t, 0]));
  for (const targets of next.values()) for (const v of targets) inputsLeft.set(v, inputsLeft.get(v)! + 1);
  const key = new Map<number, number>();
  // The links are acyclic (the routing's trades are, as its orientation's, and a paying link is added only without a
  // cycle), so this recursion ends.
  const keyOf = (u: number): number => {
    if (!key.has(u)) key.set(u, Math.min(potentials.get(u)!, ...next.get(u)!.map(keyOf)));
    return key.get(u)!;
  };
  const comesFirst = (a: number, b: number) =>
    keyOf(a) < keyOf(b) || (keyOf(a) === keyOf(b) && (potentials.get(a)! < potentials.get(b)! || (potentials.get(a) === potentials.get(b) && a < b)));
  const waiting = new Set(problem.tokens.filter((t) => t !== source && t !== target));
  const rising = new Map<number, number>([[source, potentials.get(source)!], [target, 1]]);
  let last = 0;
  while (waiting.size > 0) {
    let pick = -1;
    for (const t of waiting) if (inputsLeft.get(t) === 0 && (pick < 0 || comesFirst(t, pick))) pick = t;
    waiting.delete(pick);
    last = Math.max(keyOf(pick), last * (1 + 1e-12));
    rising.set(pick, last);
    for (const v of next.get(pick)!) inputsLeft.set(v, inputsLeft.get(v)! - 1);
  }
  return rising;
}
