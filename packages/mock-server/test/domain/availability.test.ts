import { describe, expect, it } from 'vitest';
import { getAvailability } from '../../src/domain/availability';
import { insertReservation } from '../../src/domain/reservations';
import type { SeedData } from '../../src/index';
import { createTestDomain } from '../support/domain';

const starts = (slots: { from: string }[]) => slots.map((s) => s.from);
const free = (slots: { from: string; available: boolean }[]) =>
  slots.filter((s) => s.available).map((s) => s.from);

describe('availability on open days', () => {
  it('steps 30-minute slots from open to close, skipping the weekday break', async () => {
    const { ctx, project } = await createTestDomain();
    const day = getAvailability(ctx, project(), { date: '2026-06-16' });
    expect(day).toMatchObject({ dayOfWeek: 'Tuesday', isOpen: true });
    expect(day.openingHours).toEqual({
      open: '11:00',
      close: '22:00',
      breakStart: '15:00',
      breakEnd: '17:00',
    });
    expect(starts(day.slots)).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
    ]);
    expect(day.slots.at(-1)).toEqual({ from: '21:30', to: '22:00', available: true });
  });

  it('has no break on Saturday', async () => {
    const { ctx, project } = await createTestDomain();
    const day = getAvailability(ctx, project(), { date: '2026-06-20' });
    expect(day.openingHours).toEqual({ open: '11:00', close: '22:00' });
    expect(day.slots).toHaveLength(22);
  });

  it('takes the slot length from duration, else from the service, else 30 minutes', async () => {
    const { ctx, project } = await createTestDomain();
    const tasting = getAvailability(ctx, project(), { date: '2026-06-16', serviceId: 'svc_tasting' });
    expect(tasting.slots.map((s) => `${s.from}-${s.to}`)).toEqual([
      '11:00-13:00',
      '13:00-15:00',
      '17:00-19:00',
      '19:00-21:00',
    ]);
    const ninety = getAvailability(ctx, project(), {
      date: '2026-06-16',
      serviceId: 'svc_tasting',
      duration: 90,
    });
    // On the grid from 11:00: 14:00–15:30 and 15:30–17:00 touch the break, 21:30–23:00 passes close.
    expect(starts(ninety.slots)).toEqual(['11:00', '12:30', '17:00', '18:30', '20:00']);
    expect(
      getAvailability(ctx, project(), { date: '2026-06-20', duration: 180 }).slots.map((s) => s.to),
    ).toEqual(['14:00', '17:00', '20:00']);
  });

  it('marks a slot unavailable only when every active table of the branch is taken', async () => {
    const { ctx, project } = await createTestDomain();
    const tables = ['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04', 'tbl_05'];
    for (const tableId of tables) {
      await insertReservation(ctx, project(), {
        date: '2026-06-23',
        from: '18:00',
        to: '19:00',
        tableId,
        customer: { email: `${tableId}@x.cz` },
      });
    }
    expect(free(getAvailability(ctx, project(), { date: '2026-06-23' }).slots)).toContain('18:00');
    await insertReservation(ctx, project(), {
      date: '2026-06-23',
      from: '18:30',
      to: '19:30',
      tableId: 'tbl_06',
      customer: { email: 'six@x.cz' },
    });
    const day = getAvailability(ctx, project(), { date: '2026-06-23' });
    // tbl_07 is inactive, so it does not keep 18:30 free.
    expect(day.slots.filter((s) => !s.available).map((s) => s.from)).toEqual(['18:30']);
  });

  it('finds a slot free exactly when some active table has no overlapping booking, for odd lengths and overlaps', async () => {
    const { ctx, project } = await createTestDomain();
    const tables = ['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04', 'tbl_05', 'tbl_06'];
    const booked: { tableId: string; from: number; to: number }[] = [];
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    // Bookings of 20 to 155 minutes at 5-minute steps, some overlapping on the same table (inserted
    // records skip the overlap check), some starting before the opening or running into the break.
    for (let i = 0; i < 40; i++) {
      const from = 600 + ((i * 37) % 120) * 5;
      const to = Math.min(from + 20 + ((i * 53) % 28) * 5, 1440);
      const tableId = tables[(i * 7) % tables.length] as string;
      booked.push({ tableId, from, to });
      await insertReservation(ctx, project(), {
        date: '2026-06-23',
        from: hhmm(from),
        to: hhmm(to),
        tableId,
        customer: { email: `odd${i}@x.cz` },
      });
    }
    for (const duration of [15, 30, 45, 50, 90]) {
      const day = getAvailability(ctx, project(), { date: '2026-06-23', duration });
      expect(day.slots.length).toBeGreaterThan(0);
      for (const slot of day.slots) {
        const [from, to] = [slot.from, slot.to].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
        const someTableFree = tables.some(
          (t) => !booked.some((b) => b.tableId === t && b.from < (to as number) && (from as number) < b.to),
        );
        expect(slot.available, `${duration} min ${slot.from}`).toBe(someTableFree);
      }
    }
  });

  it('does not count cancelled, completed or no-show reservations', async () => {
    const { ctx, project } = await createTestDomain();
    for (const [i, tableId] of ['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04', 'tbl_05', 'tbl_06'].entries()) {
      const status = (['CANCELLED', 'COMPLETED', 'NO_SHOW'] as const)[i % 3];
      await insertReservation(ctx, project(), {
        date: '2026-06-23',
        from: '18:00',
        to: '19:00',
        tableId,
        status,
        customer: { email: `${i}@x.cz` },
      });
    }
    expect(getAvailability(ctx, project(), { date: '2026-06-23' }).slots.every((s) => s.available)).toBe(
      true,
    );
  });
});

describe('closed days', () => {
  it('is closed on Sunday with reason Closed and no slots', async () => {
    const { ctx, project } = await createTestDomain();
    expect(getAvailability(ctx, project(), { date: '2026-06-21' })).toEqual({
      date: '2026-06-21',
      dayOfWeek: 'Sunday',
      isOpen: false,
      reason: 'Closed',
      slots: [],
    });
  });

  it('is closed on a holiday with the holiday as reason', async () => {
    const { ctx, project } = await createTestDomain();
    expect(getAvailability(ctx, project(), { date: '2026-12-24' })).toEqual({
      date: '2026-12-24',
      dayOfWeek: 'Thursday',
      isOpen: false,
      reason: 'Štědrý den',
      slots: [],
    });
  });

  it('keeps regular hours on a holiday marked open', async () => {
    const { ctx, project } = await createTestDomain();
    // demo-salon: 2026-12-31 "Silvestr" is open, a Thursday.
    expect(getAvailability(ctx, project('demo-salon'), { date: '2026-12-31' }).isOpen).toBe(true);
  });
});

describe('past slots', () => {
  it('are unavailable once they have started (project local time)', async () => {
    // 10:15 UTC = 12:15 in Prague (CEST).
    const { ctx, project } = await createTestDomain({ now: '2026-06-16T10:15:00Z' });
    const today = getAvailability(ctx, project(), { date: '2026-06-16' });
    expect(today.slots.filter((s) => !s.available).map((s) => s.from)).toEqual(['11:00', '11:30', '12:00']);
    expect(getAvailability(ctx, project(), { date: '2026-06-15' }).slots.every((s) => !s.available)).toBe(
      true,
    );
    expect(getAvailability(ctx, project(), { date: '2026-06-23' }).slots.every((s) => s.available)).toBe(
      true,
    );
  });

  it('a slot starting exactly now is still available', async () => {
    const { ctx, project } = await createTestDomain({ now: '2026-06-16T10:00:00Z' });
    expect(free(getAvailability(ctx, project(), { date: '2026-06-16' }).slots)[0]).toBe('12:00');
  });
});

/** A 24/7-ish project in a given zone, open 00:00–06:00 every day, with hourly slots and one table. */
function nightOwl(timeZone: string): SeedData {
  const night = { open: '00:00', close: '06:00' };
  return {
    projects: [
      {
        id: 'prj_owl',
        slug: 'owl',
        name: 'Owl',
        timeZone,
        slotMinutes: 60,
        openingHours: {
          sunday: night,
          monday: night,
          tuesday: night,
          wednesday: night,
          thursday: night,
          friday: night,
          saturday: night,
        },
        tables: [{ id: 'tbl_owl', name: 'Owl', capacity: 2 }],
      },
    ],
  };
}

describe('time zones and DST (Europe/Prague)', () => {
  it('spring forward 2026-03-29: 01:30 UTC is already 03:30 CEST', async () => {
    const { ctx, project } = await createTestDomain({
      now: '2026-03-29T01:30:00Z',
      seed: nightOwl('Europe/Prague'),
    });
    const day = getAvailability(ctx, project('owl'), { date: '2026-03-29' });
    expect(day.dayOfWeek).toBe('Sunday');
    // 02:00–03:00 does not exist that day: no slot overlaps it.
    expect(starts(day.slots)).toEqual(['00:00', '01:00', '03:00', '04:00', '05:00']);
    expect(free(day.slots)).toEqual(['04:00', '05:00']);
  });

  it('fall back 2026-10-25: 01:30 UTC is 02:30 CET again', async () => {
    const { ctx, project } = await createTestDomain({
      now: '2026-10-25T01:30:00Z',
      seed: nightOwl('Europe/Prague'),
    });
    const day = getAvailability(ctx, project('owl'), { date: '2026-10-25' });
    expect(day.slots).toHaveLength(6);
    expect(free(day.slots)).toEqual(['03:00', '04:00', '05:00']);
  });

  it('the local date changes at local midnight, not at UTC midnight', async () => {
    // 23:30 UTC on the 28th is 00:30 on the 29th in Prague (CET, before the switch).
    const { ctx, project } = await createTestDomain({
      now: '2026-03-28T23:30:00Z',
      seed: nightOwl('Europe/Prague'),
    });
    expect(
      getAvailability(ctx, project('owl'), { date: '2026-03-28' }).slots.every((s) => !s.available),
    ).toBe(true);
    expect(free(getAvailability(ctx, project('owl'), { date: '2026-03-29' }).slots)[0]).toBe('01:00');
  });

  it('keeps the demo bistro’s wall-clock hours on the days after each switch', async () => {
    const { ctx, project } = await createTestDomain({ now: '2026-01-01T00:00:00Z' });
    for (const date of ['2026-03-30', '2026-10-26']) {
      const day = getAvailability(ctx, project(), { date });
      expect(day.slots[0]).toMatchObject({ from: '11:00', to: '11:30' });
      expect(day.slots).toHaveLength(18);
    }
  });

  it('uses the project’s own zone (America/New_York)', async () => {
    // 15:30 UTC = 11:30 EDT.
    const { ctx, project } = await createTestDomain({
      now: '2026-06-16T15:30:00Z',
      seed: nightOwl('America/New_York'),
    });
    expect(free(getAvailability(ctx, project('owl'), { date: '2026-06-16' }).slots)).toEqual([]);
    expect(free(getAvailability(ctx, project('owl'), { date: '2026-06-17' }).slots)).toHaveLength(6);
  });
});

describe('a branch without tables', () => {
  it('has one implicit place that any overlapping active reservation takes', async () => {
    const { ctx, project } = await createTestDomain();
    const salon = project('demo-salon');
    const before = getAvailability(ctx, salon, { date: '2026-06-24' });
    expect(before.slots.every((s) => s.available)).toBe(true);
    await insertReservation(ctx, salon, {
      date: '2026-06-24',
      from: '10:00',
      to: '11:00',
      customer: { email: 's@x.cz' },
    });
    const after = getAvailability(ctx, salon, { date: '2026-06-24' });
    expect(after.slots.filter((s) => !s.available).map((s) => s.from)).toEqual(['10:00', '10:30']);
  });
});
