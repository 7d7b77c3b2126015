// The one rule for how small a path of a split may be, applied wherever a split's paths are cut (the flow's paths after
// the share fitting, the path optimiser's drops, the legs made exact).

/**
 * A path carrying less than this share of the input would show as 0.00 percent and adds gas for nothing worth it,
 * unless it yields at least this share of the output: a path into a pool whose price is far off (a mispriced pool of a
 * long-tail token, a dust pool of a major) can pay much for a tiny input.
 */
export const MIN_SPLIT_SHARE = 1e-4;

/**
 * Whether a path with `input` of `totalIn` is worth keeping: at least MIN_SPLIT_SHARE of the input, or a positive input
 * whose `output()` (asked only then) is at least MIN_SPLIT_SHARE of `totalOut`.
 * @example worthKeeping(2e-5, 1, () => 0.03, 1) // true: a tiny input for 3% of the output
 */
export function worthKeeping(input: number, totalIn: number, output: () => number, totalOut: number): boolean {
  return input >= MIN_SPLIT_SHARE * totalIn || (input > 0 && output() >= MIN_SPLIT_SHARE * totalOut);
}
