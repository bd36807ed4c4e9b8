import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FALL_MAX_SECONDS } from '../../src/api/contract/constants.ts';
import { priceToCents } from '../../src/api/contract/treasurehunt.ts';
import {
  priceAt,
  stepsToBottom,
  type PriceSchedule,
} from '../../server/services/treasure-hunt/price-schedule.ts';

/** Any schedule a seller can list (docs/product/marketplace.md "The price schedule"). */
const schedules: fc.Arbitrary<PriceSchedule> = fc
  .record({
    floorCents: fc.integer({ min: 1, max: 100_000_000 }),
    spanCents: fc.integer({ min: 0, max: 100_000_000 }),
    stepFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    stepSeconds: fc.integer({ min: 10, max: 7 * 24 * 3600 }),
    startsAt: fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
  })
  .map(({ floorCents, spanCents, stepFraction, stepSeconds, startsAt }) => {
    const startCents = Math.min(100_000_000, floorCents + spanCents);
    const span = startCents - floorCents;
    // The listing rule: the floor is reached within a year (PRODUCT_FALL_MAX_SECONDS).
    const smallestStep = Math.ceil(span / Math.floor(PRODUCT_FALL_MAX_SECONDS / stepSeconds));
    const stepCents = Math.max(1, Math.round(span * stepFraction));
    return {
      startCents,
      floorCents,
      stepCents: span === 0 ? stepCents : Math.min(span, Math.max(stepCents, smallestStep)),
      stepMs: stepSeconds * 1000,
      startsAt,
    };
  });

/** Offsets from the start, from before it to a century after. */
const offsets = fc.integer({ min: -86_400_000, max: 100 * 365 * 86_400_000 });

describe('price schedule', () => {
  it('never rises: a later time never has a higher price', () => {
    fc.assert(
      fc.property(schedules, offsets, offsets, (schedule, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(priceAt(schedule, schedule.startsAt + late).priceCents).toBeLessThanOrEqual(
          priceAt(schedule, schedule.startsAt + early).priceCents,
        );
      }),
    );
  });

  it('stays between the floor and the start price, whole cents', () => {
    fc.assert(
      fc.property(schedules, offsets, (schedule, offset) => {
        const { priceCents } = priceAt(schedule, schedule.startsAt + offset);
        expect(Number.isSafeInteger(priceCents)).toBe(true);
        expect(priceCents).toBeGreaterThanOrEqual(schedule.floorCents);
        expect(priceCents).toBeLessThanOrEqual(schedule.startCents);
      }),
    );
  });

  it('says "at the bottom" exactly when the price is the floor, and then stops changing', () => {
    fc.assert(
      fc.property(schedules, offsets, (schedule, offset) => {
        const now = priceAt(schedule, schedule.startsAt + offset);
        expect(now.atBottom).toBe(now.priceCents === schedule.floorCents);
        expect(now.nextChangeAt === null).toBe(now.atBottom);
        if (now.atBottom) {
          expect(priceAt(schedule, schedule.startsAt + offset + 365 * 86_400_000).priceCents).toBe(
            schedule.floorCents,
          );
        }
      }),
    );
  });

  it('reaches the floor after its last step and not before', () => {
    fc.assert(
      fc.property(schedules, (schedule) => {
        const steps = stepsToBottom(schedule);
        const bottomAt = schedule.startsAt + steps * schedule.stepMs;
        expect(priceAt(schedule, bottomAt).atBottom).toBe(true);
        if (steps > 0) expect(priceAt(schedule, bottomAt - 1).atBottom).toBe(false);
      }),
    );
  });

  it('changes only at step boundaries, by one step (the last one may be smaller)', () => {
    fc.assert(
      fc.property(schedules, offsets, (schedule, offset) => {
        const now = priceAt(schedule, schedule.startsAt + offset);
        if (now.previousCents === null || now.changedAt === null) {
          expect(now.priceCents).toBe(schedule.startCents);
          return;
        }
        expect((now.changedAt - schedule.startsAt) % schedule.stepMs).toBe(0);
        expect(now.changedAt).toBeLessThanOrEqual(schedule.startsAt + Math.max(0, offset));
        const drop = now.previousCents - now.priceCents;
        expect(drop).toBeGreaterThan(0);
        expect(drop).toBeLessThanOrEqual(schedule.stepCents);
        expect(priceAt(schedule, now.changedAt - 1).priceCents).toBe(now.previousCents);
      }),
    );
  });

  it('holds the start price before the auction starts', () => {
    fc.assert(
      fc.property(schedules, fc.integer({ min: 1, max: 86_400_000 }), (schedule, early) => {
        expect(priceAt(schedule, schedule.startsAt - early)).toMatchObject({
          priceCents: schedule.startCents,
          previousCents: null,
        });
      }),
    );
  });
});

describe('prices in forms and payloads', () => {
  it('reads every price with at most two decimals back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        expect(priceToCents(cents / 100)).toEqual({ cents });
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(priceToCents(text)).toEqual({ cents });
        expect(priceToCents(text.replace('.', ','))).toEqual({ cents });
      }),
    );
  });

  it('refuses what is not a price', () => {
    for (const value of [-1, 0, 0.001, Number.NaN, Infinity, 1e7, '12.345', 'abc', '', null, {}]) {
      expect(priceToCents(value)).toHaveProperty('problem');
    }
  });
});
