// The reference optimum over several orientations of the trades. The rule's orientation (referenceProblem.ts) forbids
// routings that pay: a $1M USDC → USDT trade is best routed partly through trades it runs the other way (2.3% more
// output). Each solve's prices give the next orientation: at a routing's optimum, a token's price over its market
// price (its potential) rises along every trade, so orienting by the potentials of the last solve admits the trades of
// its routing and the ones that would extend it. Each orientation's upper bound holds for the routings it admits.
import type { GraphView } from '../../src/graph/graphView.ts';
import { type ReferenceResult, type SolveOptions, solveReference } from './dualSolver.ts';
import type { ReferenceProblem } from './referenceProblem.ts';

/**
 * Orientations by potentials after the rule's. Their bounds need not rise from round to round (WPLS → USDC at $100:
 * +0.062%, +0.084% and +0.060% over the rule's), so every round is kept and the highest bound taken.
 */
const POTENTIAL_ROUNDS = 3;

export interface OrientedSolve {
  problem: ReferenceProblem;
  result: ReferenceResult;
}

/**
 * The rule-oriented `problem` solved for `amountIn` (from `options.start`), then `reorient(potentials)` of each solve
 * solved in turn, POTENTIAL_ROUNDS times: every solve, the rule's first.
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
  for (let round = 0; round < POTENTIAL_ROUNDS; round++) {
    const next = reorient(tokenPotentials(solves[solves.length - 1]));
    // A new token set: the last solve's prices do not index it, so the solve starts from market prices.
    solves.push({ problem: next, result: solveReference(graph, next, amountIn, { timeLimitMs: options.timeLimitMs }) });
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
