/** Time as a dependency, so tests can move it (rate-limit windows, token expiry). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}

/** A clock that tests can move forward. */
export interface AdvancingClock extends Clock {
  advance(ms: number): void;
}

export const isAdvancingClock = (clock: Clock): clock is AdvancingClock =>
  typeof (clock as Partial<AdvancingClock>).advance === 'function';

/**
 * The real time plus an offset that only grows: the server's clock under TEST_CLOCK, which
 * end-to-end tests move (server/routes/testing.ts); production refuses to start with it.
 */
export function offsetClock(base: Clock = systemClock): AdvancingClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

export const epochDay = (ms: number) => Math.floor(ms / 86_400_000);
