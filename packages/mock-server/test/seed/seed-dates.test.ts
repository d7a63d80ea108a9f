// seedTooLate() answers without zoned conversions far from year 10000 (surelyFits); near it, the
// conversions decide. The short cut must never say "fits" where they would refuse.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestSeedInstant, seedTooLate, surelyFits } from '../../src/seed/seed-dates';

const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Prague', 'UTC', 'America/St_Johns'];

describe('where a seed fits on the calendar', () => {
  it('says "surely fits" only for instants the zoned computation also lets through, in the zones furthest ahead and behind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        (timeZone, dayOffset, beforeTop) => {
          const projects = [{ timeZone, reservations: [{ dayOffset }] }];
          const now = Date.UTC(10000, 0, 1) - beforeTop;
          if (surelyFits(projects, now)) expect(now).toBeLessThanOrEqual(latestSeedInstant(projects));
        },
      ),
    );
  });

  it('answers null for an ordinary instant and names the latest one for a late instant', () => {
    const projects = [{ timeZone: 'Europe/Prague', reservations: [{ dayOffset: 3 }] }];
    expect(seedTooLate(projects, Date.UTC(2030, 5, 17))).toBeNull();
    expect(seedTooLate(projects, Date.UTC(9999, 11, 31))).toMatch(/^now must be at most 9999-12-2\d/);
  });
});
