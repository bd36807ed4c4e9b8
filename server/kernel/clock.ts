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

export const epochDay = (ms: number) => Math.floor(ms / 86_400_000);
