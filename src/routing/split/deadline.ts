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
 * The clock's reading (0 without a clock), to time a step by.
 * @example reading({ now: () => performance.now() }) // 1234.5
 */
export function reading(clock: Deadline): number {
  return clock.now?.() ?? 0;
}
