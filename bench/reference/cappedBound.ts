// Upper bound on the output of any routing whose transaction fits a gas cap, by Lagrangian relaxation of the cap.
// For every gas price λ ≥ 0 (output units per gas), the best output − λ·(gas − cap) over all routings bounds the best
// output among those within the cap (weak duality: there gas ≤ cap). The dual solver bounds the best
// output − λ·gas with each trade charged λ times a gas that, summed over a routing's trades, is at most what its
// transaction spends beyond SPLIT_TX_BASE_GAS, so the bound holds for any routing the router could execute with an
// ERC-20 in and out (a native coin in or out would spend up to 2,700 gas less: WRAP_GAS, UNWRAP_GAS).
// It is convex in λ (up to the solves' precision); minimised by golden-section search on log λ, each solve
// warm-started from the last one's prices.
//
// Two charges, each valid, the lower bound kept:
// - Pool charges: each trade the least gas a transaction spends on its pool (Trade.gas: its first hop, with a split's
//   out of the source), and for a UniV3 pool the ticks its input crosses (every swap through the pool goes the same
//   way, so together they cross the ticks below their total input; tickSteps.ts).
// - Path charges: paths pay a pool once per path through it, so where more pools leave a token than reach it, or more
//   reach the target than leave the source, some pools carry repeated hops and the transaction more splits. Each trade
//   u → v is charged φ_u − φ_v more, with token potentials that lower-bound those repeats' gas for any routing, and
//   equal it for the pool charges' best routing (repeatPotentials.ts).
// Without the cap the optimum of these problems spreads over hundreds or thousands of pools, beyond what one
// transaction can swap through.
import type { GraphView } from '../../src/graph/graphView.ts';
import { SPLIT_TX_BASE_GAS, TICK_CROSS_GAS } from '../../src/routing/gasModel.ts';
import { type ReferenceResult, solveReference } from './dualSolver.ts';
import type { ReferenceProblem } from './referenceProblem.ts';
import { repeatPotentials } from './repeatPotentials.ts';
import { ticksBelow } from './tickSteps.ts';

/** Golden-section steps over log λ, and the span of λ searched below its largest useful value. */
const STEPS = 14;
const SPAN = 1e-7;
/** The path charges' search: steps, over λ within this factor either side of the pool charges' best λ. */
const PATH_STEPS = 10;
const PATH_SPAN = 8;
const GOLDEN = (Math.sqrt(5) - 1) / 2;
/**
 * Newton iterations of each solve (and a time limit that only guards against a stuck one). With fixed charges the
 * dual is kinked where a trade's profit equals its charge, and the solves stall there short of the exact minimum: any
 * prices still give a valid bound, within about 1e-4 of the best routing on the test's instance. A count, not a
 * time, so that the bound does not depend on the machine's speed.
 */
const SOLVE_ITERATIONS = 40;
const SOLVE_MS = 20_000;

export interface CappedBound {
  /** No routing over the problem's pools within `maxGas` yields more (≤ the uncapped bound). */
  upperBound: number;
  /** The gas price giving it (0: the uncapped bound, as the cap does not bind). */
  gasPrice: number;
  /** The pool charges' bound alone (the path charges' is upperBound when lower). */
  poolChargeBound: number;
  /** Least gas of the uncapped optimum's routing (its trades' Trade.gas and UniV3 ticks, plus SPLIT_TX_BASE_GAS). */
  uncappedGas: number;
  solves: number;
}

/**
 * The capped bound for `amountIn`, given the problem's uncapped solution; λ = 0 (the uncapped bound) when that
 * solution's routing already fits.
 * @example cappedBound(graph, problem, 1e24, 15_000_000, solveReference(graph, problem, 1e24)).upperBound
 */
export function cappedBound(graph: GraphView, problem: ReferenceProblem, amountIn: number, maxGas: number, uncapped: ReferenceResult): CappedBound {
  // The ticks count too: a routing that fits only without them does not fit.
  const uncappedGas = uncapped.chosenTrades.reduce((sum, k, j) => {
    const trade = problem.trades[k];
    return sum + trade.gas + (trade.ticks ? TICK_CROSS_GAS * ticksBelow(trade.ticks, uncapped.chosenInputs[j]) : 0);
  }, SPLIT_TX_BASE_GAS);
  const best: CappedBound = { upperBound: uncapped.upperBound, gasPrice: 0, poolChargeBound: uncapped.upperBound, uncappedGas, solves: 0 };
  if (uncappedGas <= maxGas) return best;
  let start = uncapped.logPrices;
  let bestRouting: number[] = [];
  const boundOver = (charged: ReferenceProblem) => (logPrice: number) => {
    const gasPrice = Math.exp(logPrice);
    const solved = solveReference(graph, charged, amountIn, { gasPrice, start, maxIterations: SOLVE_ITERATIONS, timeLimitMs: SOLVE_MS });
    start = solved.logPrices;
    const upperBound = solved.upperBound + gasPrice * (maxGas - SPLIT_TX_BASE_GAS);
    best.solves++;
    if (upperBound < best.upperBound) (best.upperBound = upperBound), (best.gasPrice = gasPrice), (bestRouting = solved.chosenTrades);
    return upperBound;
  };
  // At λ = uncapped / (maxGas − SPLIT_TX_BASE_GAS), the term λ·(maxGas − SPLIT_TX_BASE_GAS) alone equals the
  // uncapped bound.
  const high = Math.log(uncapped.upperBound / (maxGas - SPLIT_TX_BASE_GAS));
  goldenSection(high + Math.log(SPAN), high, STEPS, boundOver(problem));
  best.poolChargeBound = best.upperBound;
  // No gas price beat the uncapped bound (the cap barely binds): nothing to search around.
  if (best.gasPrice === 0) return best;
  const around = Math.log(best.gasPrice);
  goldenSection(around - Math.log(PATH_SPAN), around + Math.log(PATH_SPAN), PATH_STEPS, boundOver(pathCharges(problem, bestRouting)));
  return best;
}

/** The problem with path charges: each trade charged φ_u − φ_v more, φ the repeat potentials of `routing` (trade indices). */
export function pathCharges(problem: ReferenceProblem, routing: readonly number[]): ReferenceProblem {
  const phi = repeatPotentials(problem, routing);
  return { ...problem, trades: problem.trades.map((trade) => ({ ...trade, gas: trade.gas + phi[trade.u] - phi[trade.v] })) };
}

/** Golden-section search for the minimum of `f` over [low, high] in `steps` evaluations (the caller keeps the best). */
function goldenSection(low: number, high: number, steps: number, f: (x: number) => number): void {
  let [a, b] = [high - GOLDEN * (high - low), low + GOLDEN * (high - low)];
  let [fa, fb] = [f(a), f(b)];
  for (let step = 2; step < steps; step++) {
    if (fa < fb) {
      high = b;
      (b = a), (fb = fa);
      a = high - GOLDEN * (high - low);
      fa = f(a);
    } else {
      low = a;
      (a = b), (fa = fb);
      b = low + GOLDEN * (high - low);
      fb = f(b);
    }
  }
}
