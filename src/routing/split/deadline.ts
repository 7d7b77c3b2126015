// The split search's time budget: every step that can stop early reads the clock it was given the same way.

/** A deadline (a clock reading in ms) and the clock to read; either absent: no deadline. */
export interface Deadline {
  deadline?: number;
  now?: () => number;
}

/**
 * Whether the clock has passed the deadline.
 * @example late({ deadline: performance.now() + 25, now: () => performance.now() }) // false for 25 ms
 */
export function late(clock: Deadline): boolean {
  return clock.deadline !== undefined && clock.now !== undefined && clock.now() > clock.deadline;
}

/**
 * Whether a step expected to take `ms` would end before the deadline (always, without one).
 * @example fits({ deadline: performance.now() + 25, now: () => performance.now() }, 2) // true
 */
export function fits(clock: Deadline, ms: number): boolean {
  return clock.deadline === undefined || clock.now === undefined || clock.now() + ms <= clock.deadline;
}

/**
 * `step`'s result and the milliseconds it took on the clock (0 without a clock), for `fits` to expect of the next.
 * @example const [legs, ms] = timed(options, () => executeShares(graph, paths, weights, amountIn, options))
 */
export function timed<T>(clock: Deadline, step: () => T): [T, number] {
  const started = clock.now?.() ?? 0;
  const result = step();
  return [result, (clock.now?.() ?? 0) - started];
}
