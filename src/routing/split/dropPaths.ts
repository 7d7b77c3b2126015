// Dropping paths from a split while that raises its value, for two reasons the path optimiser alone cannot see to.
//
// Gas. Priced gas makes splitting non-convex: every path of a split costs its split and its hops whatever its
// share, so the split of most output can hold paths whose output beyond what the others would make of their input
// is worth less than their gas. The value is then the output less the gas cost.
//
// Traps. Paths executed one after another through shared pools make the output non-concave in the allocation: a
// later path meets the pools an earlier one moved, and two paths that part after a shared pool divide its output by
// their order. The optimiser can stop where no small move pays although a large one does (on the advanced mix, 12%
// more output on one price-moving request by dropping one of two paths into a depleted pool). Such a stop shows as
// active paths whose marginal rates disagree, which cannot happen at the optimum of a concave model (trapped()).
//
// Method: each round estimates, for every path of the current answer, the value its removal adds: the gas its leg
// adds (gasModel's legGas, priced at the answer's cost per gas unit; none without gas) less its surplus, the output
// it yields beyond what the split's common marginal rate pays for its input (what the other paths would make of it,
// to first order). All paths whose removal is estimated to pay are tried together (the largest path stays); when
// that does not raise the value, the few of highest estimate are tried one at a time, the first that raises it kept.
// A trial is re-optimised without its paths on the float model and replayed exactly only when its float value,
// calibrated on the current answer, could beat the best. Stops when no trial raises the best value, when even
// dropping every leg but the largest would save less gas than a hundredth of a basis point of the value (cheap gas:
// the answer is then that of output alone), or at the deadline. Trying every path one at a time instead took 100 ms
// per round on 100-path splits, far past the time budget.
import { late } from './deadline.ts';
import { type Allocation, optimiseSplit } from './optimiseSplit.ts';
import { hopsKey } from './pathEstimate.ts';
import type { SplitModel } from './splitModel.ts';
import type { SplitLeg, SplitQuote } from './types.ts';

/** Paths tried one at a time when the batch of all paying ones fails, best estimate first. */
const SINGLE_TRIALS = 3;
/**
 * A trial's optimisation starts from the current allocation and only has to tell whether dropping its paths pays:
 * a tenth of a basis point, in few iterations (the exact replay decides).
 */
const TRIAL_TOLERANCE = 1e-5;
const TRIAL_ITERATIONS = 20;
/** A gain below this share of the value (a hundredth of a basis point) is not worth a round. */
const NEGLIGIBLE = 1e-6;
/** A trial whose predicted value falls this share below the best is not replayed. */
const PREDICTION_MARGIN = 1e-5;
/**
 * Active paths whose marginal rates differ by more than this factor: the optimiser stopped in a trap of the
 * sequential model (about 3% of the advanced mix's requests; dropping paths from them raised the output of two
 * seeds of 1,000 requests by 4.2 and 5.8 bp geometric mean, for about 1% more median time).
 */
const TRAPPED_RATE_SPREAD = 1.2;

/** The gas side of a split's value: its cost in output units and gas units, and the gas each leg adds. */
export interface SplitGas {
  cost: (legs: SplitLeg[]) => bigint;
  units: (legs: SplitLeg[]) => number;
  /** gasModel's legGas. */
  legGas: (legs: SplitLeg[]) => number[];
}

export interface DropContext {
  model: SplitModel;
  total: number;
  /** The allocation the optimiser found over the model's paths, and its exact answer. */
  allocation: Allocation;
  current: SplitQuote | null;
  /** The best answer so far (from any search): a trial is kept only when it beats it. */
  best: SplitQuote;
  /** The exact answer of an allocation over the model's paths (null when none executes). */
  exact: (allocation: Allocation) => SplitQuote | null;
  /** Absent: the value is the output. */
  gas?: SplitGas;
  deadline?: number;
  now?: () => number;
}

/**
 * Whether the optimiser stopped in a trap of the sequential model: the marginal rates of its active paths, at its
 * last evaluation, differed by more than TRAPPED_RATE_SPREAD.
 * @example trapped(optimiseSplit(model, total, options)) // true when its active paths' rates differ by over 20%
 */
export function trapped(allocation: Allocation): boolean {
  return allocation.rateSpread > TRAPPED_RATE_SPREAD;
}

/**
 * The best answer after dropping paths while that raises the value (`context.best` when none does, or when there is
 * no gas to save and no trap to leave).
 * @example dropPaths({ model, total, allocation, current, best, exact, gas, deadline, now })
 */
export function dropPaths(context: DropContext): SplitQuote {
  let { best, current } = context;
  let x = context.allocation.x;
  const disabled = Uint8Array.from(x, (v) => (v > 0 ? 0 : 1));
  // Out of a trap, dropping paths pays whatever the gas; otherwise only while the gas it could save is worth a round.
  const trap = trapped(context.allocation);
  while (current && !late(context) && (trap || worthTrying(context, current, best))) {
    const ranked = removalGains(context, x, current);
    if (ranked.length < 2) break;
    // The path of largest input always stays.
    const largest = ranked.reduce((a, b) => (b.amountIn > a.amountIn ? b : a)).path;
    const batch = ranked.filter((r) => r.gain > 0 && r.path !== largest).map((r) => r.path);
    const singles = ranked.slice(0, SINGLE_TRIALS).map((r) => [r.path]);
    const trialOf = tryRemoving(context, current, x, disabled);
    let kept = batch.length > 1 ? trialOf(batch, best) : undefined;
    // Then one path at a time, best estimate first: the first that raises the value is kept (keeping the best of
    // the three instead brought more gas-priced requests of the mix to the deadline, 49 against 33 of 200, for
    // 0.7 bp less value, geometric mean).
    for (const removed of singles) kept ??= trialOf(removed, best);
    if (!kept) break;
    best = current = kept.quote;
    x = kept.x;
    for (const i of kept.removed) disabled[i] = 1;
  }
  return best;
}

/**
 * Whether dropping paths could still save gas worth more than NEGLIGIBLE of the value: at best it saves the gas of
 * every leg but the largest (outside a trap, the output can only fall, the allocation being optimal for its paths).
 */
function worthTrying(context: DropContext, current: SplitQuote, best: SplitQuote): boolean {
  if (!context.gas) return false;
  const largest = current.legs.reduce((a, b) => (b.amountIn > a.amountIn ? b : a));
  const saving = context.gas.cost(current.legs) - context.gas.cost([largest]);
  return Number(current.value + saving - best.value) > NEGLIGIBLE * Math.abs(Number(best.value));
}

interface Trial {
  quote: SplitQuote;
  x: Float64Array;
  removed: number[];
}

/**
 * A function that tries the current answer without some of its paths: re-optimised, then replayed exactly when its
 * predicted value could beat `target`; the trial when it does, undefined otherwise (or past the deadline).
 */
function tryRemoving(context: DropContext, current: SplitQuote, x: Float64Array, disabled: Uint8Array) {
  const { model, total, exact } = context;
  const costOf = (legs: SplitLeg[]) => Number(context.gas?.cost(legs) ?? 0n);
  // The float model's value of the current answer against its exact value: a trial's float value shifted by the
  // difference predicts its exact value (the legs' exact gas is known for any subset of the current legs).
  const offset = Number(current.value) - (model.objective(x) - costOf(current.legs));
  const legOf = new Map(current.legs.map((leg) => [hopsKey(leg.hops), leg]));
  return (removed: number[], target: SplitQuote): Trial | undefined => {
    if (late(context)) return undefined;
    const without = disabled.slice();
    for (const i of removed) without[i] = 1;
    const trial = optimiseSplit(model, total, { tolerance: TRIAL_TOLERANCE, maxIterations: TRIAL_ITERATIONS, disabled: without, initial: x, deadline: context.deadline, now: context.now });
    const dropped = new Set(removed.map((i) => legOf.get(hopsKey(model.paths[i]))));
    const predicted = trial.objective - costOf(current.legs.filter((leg) => !dropped.has(leg))) + offset;
    const value = Number(target.value);
    // The replay is the costly part: none once the deadline has passed during the optimisation.
    if (predicted < value - Math.abs(value) * PREDICTION_MARGIN || late(context)) return undefined;
    const quote = exact(trial);
    return quote && quote.value > target.value ? { quote, x: trial.x, removed } : undefined;
  };
}

interface RemovalGain {
  path: number;
  amountIn: number;
  /** Estimated value added by removing the path (output units). */
  gain: number;
}

/** The paths of `current` by the value their removal is estimated to add, highest first. */
function removalGains(context: DropContext, x: Float64Array, current: SplitQuote): RemovalGain[] {
  const { model, gas } = context;
  const pathOf = new Map<string, number>();
  for (let i = 0; i < model.pathCount; i++) if (x[i] > 0) pathOf.set(hopsKey(model.paths[i]), i);
  // The split's common marginal rate: its paths' rates weighted by their inputs (equal at the optimum).
  model.prepare(x);
  let weighted = 0;
  let allocated = 0;
  for (let i = 0; i < model.pathCount; i++) {
    if (!(x[i] > 0)) continue;
    weighted += x[i] * model.marginal(i, x);
    allocated += x[i];
  }
  const rate = allocated > 0 ? weighted / allocated : 0;
  const perUnit = gas ? Number(gas.cost(current.legs)) / gas.units(current.legs) : 0;
  const legGas = gas?.legGas(current.legs);
  const gains: RemovalGain[] = [];
  current.legs.forEach((leg, k) => {
    const path = pathOf.get(hopsKey(leg.hops));
    if (path === undefined) return;
    const surplus = Number(leg.amountOut) - rate * Number(leg.amountIn);
    gains.push({ path, amountIn: Number(leg.amountIn), gain: (legGas ? legGas[k] * perUnit : 0) - surplus });
  });
  return gains.sort((a, b) => b.gain - a.gain);
}
