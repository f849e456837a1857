/**
 * The time the server's scheduled work reads (log retention, decision 0018). Outside production it can be moved
 * forward (`POST /api/dev/clock`), so a test sees what happens days later without waiting for them.
 */
export interface Clock {
  now(): Date;
  /** Moves the clock forward by `ms` (outside production only; the route is not mounted in production). */
  advance(ms: number): void;
  /** How far the clock is ahead of the system's. */
  offsetMs(): number;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
