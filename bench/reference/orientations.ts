// The reference optimum over several orientations of the trades. The rule's orientation (referenceProblem.ts) forbids
// routings that pay: a $1M USDC → USDT trade is best routed partly through trades it runs the other way (2.3% more
// output). Each solve's prices give the next orientation: at a routing's optimum, a token's price over its market
// price (its potential) rises along nearly every trade, so orienting by the potentials of the last solve admits the
// trades of its routing and the ones that would extend it. Each orientation's upper bound holds for the routings it
// admits.
import type { GraphView } from '../../src/graph/graphView.ts';
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

export interface OrientedSolve {
  problem: ReferenceProblem;
  result: ReferenceResult;
}

/**
 * The rule-oriented `problem` solved for `amountIn` (from `options.start`), then `reorient(potentials)` of each solve
 * solved in turn, POTENTIAL_ROUNDS times, then by routingPotentials from the solve of highest bound until they settle:
 * every solve, the rule's first.
 * @example solveOrientations(graph, problem, (p) => referenceProblem(graph, wpls, usdc, -1, 32, true, p), 1e24, {})
 */
export function solveOrientations(
  graph: GraphView,
  problem: ReferenceProblem,
  reorient: (potentials: ReadonlyMap<number, number>) => ReferenceProblem,
  amountIn: number,
  options: SolveOptions,
): OrientedSolve[] {
  const solves = [{ problem, result: solveReference(graph, problem, amountIn, options) }];
  // A new token set: the last solve's prices do not index it, so each solve starts from market prices.
  const solve = (potentials: ReadonlyMap<number, number>) => {
    const next = reorient(potentials);
    return { problem: next, result: solveReference(graph, next, amountIn, { timeLimitMs: options.timeLimitMs }) };
  };
  for (let round = 0; round < POTENTIAL_ROUNDS; round++) solves.push(solve(tokenPotentials(solves[solves.length - 1])));
  let last = highestBound(solves);
  for (let round = 0; round < ROUTING_ROUNDS; round++) {
    const next = solve(routingPotentials(last));
    solves.push(next);
    if (next.result.upperBound <= last.result.upperBound * (1 + ROUTING_ROUND_GAIN)) break;
    last = next;
  }
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
  const potentials = tokenPotentials(solve);
  const { problem, result } = solve;
  const [source, target] = problem.tokens;
  const next = new Map<number, number[]>(problem.tokens.map((t) => [t, []]));
  const inputsLeft = new Map<number, number>(problem.tokens.map((t) => [t, 0]));
  for (const i of result.chosenTrades) {
    const trade = problem.trades[i];
    const [u, v] = [problem.tokens[trade.u], problem.tokens[trade.v]];
    if (u === source || v === target) continue;
    next.get(u)!.push(v);
    inputsLeft.set(v, inputsLeft.get(v)! + 1);
  }
  const key = new Map<number, number>();
  // The routing's trades are acyclic (its orientation's are), so this recursion ends.
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
