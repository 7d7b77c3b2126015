// Upper bound on the output of any routing whose transaction fits a gas cap, by Lagrangian relaxation of the cap.
// For every gas price λ ≥ 0 (output units per gas), the best output − λ·(gas − cap) over all routings bounds the best
// output among those within the cap (weak duality: there gas ≤ cap). The dual solver bounds the best
// output − λ·gas with each trade charged λ times the least gas a transaction spends on its pool (Trade.gas), plus
// the gas every transaction spends (SPLIT_TX_BASE_GAS), so the bound holds for any routing the router could execute.
// It is convex in λ (up to the solves' precision); minimised by golden-section search on log λ, each solve
// warm-started from the last one's prices.
// Without the cap the optimum of these problems spreads over hundreds or thousands of pools, beyond what one
// transaction can swap through.
import type { GraphView } from '../../src/graph/graphView.ts';
import { SPLIT_TX_BASE_GAS } from '../../src/routing/gasModel.ts';
import { type ReferenceResult, solveReference } from './dualSolver.ts';
import type { ReferenceProblem } from './referenceProblem.ts';

/** Golden-section steps over log λ, and the span of λ searched below its largest useful value. */
const STEPS = 14;
const SPAN = 1e-7;
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
  /** Least gas of the uncapped optimum's routing (its trades' Trade.gas plus SPLIT_TX_BASE_GAS). */
  uncappedGas: number;
  solves: number;
}

/**
 * The capped bound for `amountIn`, given the problem's uncapped solution; λ = 0 (the uncapped bound) when that
 * solution's routing already fits.
 * @example cappedBound(graph, problem, 1e24, 15_000_000, solveReference(graph, problem, 1e24)).upperBound
 */
export function cappedBound(graph: GraphView, problem: ReferenceProblem, amountIn: number, maxGas: number, uncapped: ReferenceResult): CappedBound {
  const uncappedGas = SPLIT_TX_BASE_GAS + uncapped.chosenTrades.reduce((sum, k) => sum + problem.trades[k].gas, 0);
  const best: CappedBound = { upperBound: uncapped.upperBound, gasPrice: 0, uncappedGas, solves: 0 };
  if (uncappedGas <= maxGas) return best;
  let start = uncapped.logPrices;
  const bound = (logPrice: number) => {
    const gasPrice = Math.exp(logPrice);
    const solved = solveReference(graph, problem, amountIn, { gasPrice, start, maxIterations: SOLVE_ITERATIONS, timeLimitMs: SOLVE_MS });
    start = solved.logPrices;
    const upperBound = solved.upperBound + gasPrice * (maxGas - SPLIT_TX_BASE_GAS);
    best.solves++;
    if (upperBound < best.upperBound) (best.upperBound = upperBound), (best.gasPrice = gasPrice);
    return upperBound;
  };
  // At λ = uncapped / (maxGas − SPLIT_TX_BASE_GAS), the term λ·(maxGas − SPLIT_TX_BASE_GAS) alone equals the
  // uncapped bound.
  let high = Math.log(uncapped.upperBound / (maxGas - SPLIT_TX_BASE_GAS));
  let low = high + Math.log(SPAN);
  let [a, b] = [high - GOLDEN * (high - low), low + GOLDEN * (high - low)];
  let [fa, fb] = [bound(a), bound(b)];
  for (let step = 2; step < STEPS; step++) {
    if (fa < fb) {
      high = b;
      (b = a), (fb = fa);
      a = high - GOLDEN * (high - low);
      fa = bound(a);
    } else {
      low = a;
      (a = b), (fa = fb);
      b = low + GOLDEN * (high - low);
      fb = bound(b);
    }
  }
  return best;
}
