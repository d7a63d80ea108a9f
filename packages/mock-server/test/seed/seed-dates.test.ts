// seedTooLate() answers without zoned conversions far from year 10000 (surelyFits); near it, the
// conversions decide. The short cut must never say "fits" where they would refuse.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createMockCore,
  MockControlError,
  type SeedData,
  SeedError,
  type SeedProjectInput,
  silentLogger,
} from '../../src/index';
import { latestSeedInstant, seedTooLate, surelyFits } from '../../src/seed/seed-dates';

const NOW = '2030-06-17T08:00:00.000Z';

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

/** A one-project seed with one relative booking `dayOffset` days from the local today. */
function farOff(dayOffset: number): SeedData {
  return {
    projects: [
      {
        id: 'prj_far',
        slug: 'far',
        name: 'Far',
        timeZone: 'UTC',
        openingHours: Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
            day,
            { open: '08:00', close: '20:00' },
          ]),
        ),
        apiKeys: [{ id: 'key_far', name: 'full', key: 'rk_far_full', permissions: ['read', 'write'] }],
        reservations: [{ dayOffset, from: '10:00', to: '11:00', customer: { email: 'far@example.com' } }],
      },
    ],
  };
}

describe('a relative booking that would leave the four-digit dates', () => {
  it('is refused at the start, frozen clock or flowing, never a mock left without its data', () => {
    expect(() => createMockCore({ seed: farOff(-800_000), now: NOW, logger: silentLogger })).toThrow(
      /^now must be at least \d{4}-\d\d-\d\dT.* for this data: every local date, its bookings' included, must be at least 1000-01-01$/,
    );
    // A flowing clock starts where it is: a booking past 9999-12-31 from today is refused too.
    expect(() => createMockCore({ seed: farOff(2_930_000), logger: silentLogger })).toThrow(MockControlError);
    // Beyond any calendar (Temporal refuses such a duration): refused by the seed's validation.
    expect(() => createMockCore({ seed: farOff(1e15), now: NOW, logger: silentLogger })).toThrow(SeedError);
  });

  it('refuses a reset to a now too early for it before anything changes (it answered 500 half done)', async () => {
    const mock = createMockCore({ seed: farOff(-365_000), now: NOW, logger: silentLogger });
    await mock.control.faults.add({ path: '/api/v1/far/info', status: 503 });
    const before = mock.control.snapshot();
    const refused = await mock.control
      .reset({ now: '1970-01-02T00:00:00Z' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MockControlError);
    expect(refused).toMatchObject({ kind: 'invalid' });
    expect(mock.control.clock.now()).toBe('2030-06-17T08:00:00.000Z');
    expect(mock.control.faults.list()).toHaveLength(1);
    expect(await mock.control.snapshot()).toEqual(await before);
    await mock.close();
  });

  it('refuses createProject whole when the clock is too early for it (half a project went in)', async () => {
    const mock = createMockCore({ seed: 'empty', now: NOW, logger: silentLogger });
    const refused = await mock.control
      .createProject({ ...(farOff(-800_000).projects[0] as SeedProjectInput), slug: 'half' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MockControlError);
    expect((refused as Error).message).toMatch(
      /^the clock is too early for this project: now must be at least /,
    );
    expect(await mock.control.projects()).toEqual([]);
    await mock.close();
  });
});
