/**
 * The falling price of a treasure-hunt auction (docs/product/marketplace.md "The price
 * schedule"): from the start price it falls by one step every interval until it reaches the
 * floor, where it stays. It is a pure function of the schedule and the time, so nothing stores
 * a price and no timer runs: every process computes the same price from the same clock.
 */
export interface PriceSchedule {
  /** Whole cents; start ≥ floor ≥ 1, step ≥ 1. */
  startCents: number;
  floorCents: number;
  stepCents: number;
  /** Milliseconds between two steps (≥ 1). */
  stepMs: number;
  /** Epoch ms: the start price holds from here until the first step. */
  startsAt: number;
}

export interface PriceNow {
  priceCents: number;
  atBottom: boolean;
  /** Steps taken so far (0 before the first). */
  step: number;
  /** The price before the last step, or null before the first step. */
  previousCents: number | null;
  /** When the last step happened, or null before the first. */
  changedAt: number | null;
  /** When the next step happens, or null at the bottom. */
  nextChangeAt: number | null;
}

/** How many steps it takes from the start price to the floor. */
export function stepsToBottom(schedule: PriceSchedule): number {
  const span = schedule.startCents - schedule.floorCents;
  return span <= 0 ? 0 : Math.ceil(span / schedule.stepCents);
}

const priceAfter = (schedule: PriceSchedule, steps: number) =>
  Math.max(schedule.floorCents, schedule.startCents - steps * schedule.stepCents);

export function priceAt(schedule: PriceSchedule, now: number): PriceNow {
  const bottom = stepsToBottom(schedule);
  const elapsed = Math.max(0, now - schedule.startsAt);
  // Capped before multiplying, so decades of elapsed steps never overflow a safe integer.
  const step = Math.min(bottom, Math.floor(elapsed / schedule.stepMs));
  const priceCents = priceAfter(schedule, step);
  const atBottom = step >= bottom;
  return {
    priceCents,
    atBottom,
    step,
    previousCents: step > 0 ? priceAfter(schedule, step - 1) : null,
    changedAt: step > 0 ? schedule.startsAt + step * schedule.stepMs : null,
    nextChangeAt: atBottom ? null : schedule.startsAt + (step + 1) * schedule.stepMs,
  };
}
