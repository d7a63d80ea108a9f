// Time at its edges, over real HTTP (mock README, "Rules", Time): bookings in the past, the hour that
// does not exist when clocks spring forward, 24:00 as the end of a day, and seeded histories.
import { describe, expect, it } from 'vitest';
import type { SeedProjectInput } from '../../src/index';
import { booking } from '../support/api';
import { useServer } from '../support/server';

const P = '/api/v1/demo-bistro';
const IN_PAST = {
  error: 'Unprocessable Entity',
  code: 'RESERVATION_IN_PAST',
  message: 'The requested time is in the past',
};

/** Open every day from `open` to `close`, in Europe/Prague, with one table. */
function allDay(slug: string, open: string, close: string): SeedProjectInput {
  const day = { open, close };
  return {
    id: `prj_${slug}`,
    slug,
    name: slug,
    openingHours: {
      sunday: day,
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
    },
    tables: [{ id: `tbl_${slug}`, name: 'T', capacity: 4 }],
    apiKeys: [{ key: `rk_${slug}_key`, permissions: ['read', 'write'] }],
  };
}

describe('bookings in the past', () => {
  // Monday 2026-06-15, 12:00 in Prague (CEST, UTC+2).
  const harness = useServer({ now: '2026-06-15T10:00:00Z' });

  it('are 422 RESERVATION_IN_PAST, today and long ago; a start exactly now is fine', async () => {
    const server = await harness.start();
    const before = await server.service.control.snapshot();
    for (const body of [
      booking({ date: '2026-06-15', from: '11:00', to: '12:00' }),
      booking({ date: '2020-01-06' }),
    ]) {
      const answer = await harness.call(`${P}/reservations`, { method: 'POST', json: body });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(IN_PAST);
    }
    expect(await server.service.control.snapshot()).toEqual(before);
    const now = await harness.call(`${P}/reservations`, {
      method: 'POST',
      json: booking({ date: '2026-06-15', from: '12:00', to: '13:00' }),
    });
    expect(now.status).toBe(201);
    // Availability agrees: the 11:30 slot is gone, the 12:00 one is offered.
    const day = (await harness.call(`${P}/availability?date=2026-06-15`)).body as {
      slots: { from: string; available: boolean }[];
    };
    expect(day.slots.find((s) => s.from === '11:30')?.available).toBe(false);
  });

  it('come after the blacklist and the hours, and before 409', async () => {
    const server = await harness.start();
    const blocked = booking({ date: '2026-06-15', from: '11:00', to: '12:00', email: 'blocked@example.com' });
    expect((await harness.call(`${P}/reservations`, { method: 'POST', json: blocked })).status).toBe(403);
    const sunday = booking({ date: '2026-06-14' });
    expect((await harness.call(`${P}/reservations`, { method: 'POST', json: sunday })).body).toMatchObject({
      code: 'OUTSIDE_OPENING_HOURS',
    });
    // A table taken earlier today: asking for it then is "in the past", not 409.
    await server.service.control.addReservation('demo-bistro', {
      date: '2026-06-15',
      from: '11:00',
      to: '11:30',
      tableId: 'tbl_02',
      customer: { email: 'early@example.com' },
    });
    const taken = booking({ date: '2026-06-15', from: '11:00', to: '11:30', tableId: 'tbl_02' });
    expect((await harness.call(`${P}/reservations`, { method: 'POST', json: taken })).body).toMatchObject({
      code: 'RESERVATION_IN_PAST',
    });
  });
});

describe('the spring-forward hour (2026-03-29, Europe/Prague)', () => {
  const harness = useServer({ now: '2026-03-28T12:00:00Z' });

  it('offers no slot overlapping [02:00, 03:00) and refuses bookings in it', async () => {
    const server = await harness.start();
    await server.service.control.createProject(allDay('night', '00:00', '06:00'));
    const key = 'rk_night_key';
    const day = (await harness.call('/api/v1/night/availability?date=2026-03-29', { key })).body as {
      slots: { from: string; to: string }[];
    };
    const starts = day.slots.map((s) => s.from);
    expect(starts).toContain('01:30');
    expect(starts).toContain('03:00');
    expect(starts).not.toContain('02:00');
    expect(starts).not.toContain('02:30');
    for (const [from, to] of [
      ['02:00', '02:30'],
      ['01:30', '02:30'],
      ['02:30', '03:30'],
    ] as const) {
      const answer = await harness.call('/api/v1/night/reservations', {
        method: 'POST',
        key,
        json: booking({ date: '2026-03-29', from, to }),
      });
      expect(answer.body, `${from}-${to}`).toMatchObject({ code: 'OUTSIDE_OPENING_HOURS' });
    }
    for (const [from, to] of [
      ['01:30', '02:00'],
      ['03:00', '03:30'],
    ] as const) {
      const answer = await harness.call('/api/v1/night/reservations', {
        method: 'POST',
        key,
        json: booking({ date: '2026-03-29', from, to }),
      });
      expect(answer.status, `${from}-${to}`).toBe(201);
    }
  });
});

describe('24:00', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it('closes a day: the last slot ends at 24:00 and a booking may end then; never a start', async () => {
    const server = await harness.start();
    await server.service.control.createProject(allDay('late', '18:00', '24:00'));
    const key = 'rk_late_key';
    const day = (await harness.call('/api/v1/late/availability?date=2026-06-16', { key })).body as {
      openingHours: { close: string };
      slots: { from: string; to: string }[];
    };
    expect(day.openingHours.close).toBe('24:00');
    expect(day.slots.at(-1)).toMatchObject({ from: '23:30', to: '24:00' });
    const ok = await harness.call('/api/v1/late/reservations', {
      method: 'POST',
      key,
      json: booking({ date: '2026-06-16', from: '22:00', to: '24:00', tableId: 'tbl_late' }),
    });
    expect(ok.status).toBe(201);
    const start = await harness.call('/api/v1/late/reservations', {
      method: 'POST',
      key,
      json: booking({ date: '2026-06-16', from: '24:00', to: '24:00' }),
    });
    expect(start.status).toBe(400);
    expect(start.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'from' }] });
    const schedule = (await harness.call('/api/v1/late/schedule', { key })).body as {
      openingHours: { close?: string }[];
    };
    expect(schedule.openingHours.every((d) => d.close === '24:00')).toBe(true);
  });
});

describe('seeded status history', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it('is in time order and never later than now, right after a reset and after a change', async () => {
    const server = await harness.start();
    await server.service.reset();
    const now = server.service.control.clock.now();
    const reservations = await server.service.control.reservations('demo-bistro');
    for (const reservation of reservations) {
      const times = reservation.statusHistory.map((h) => h.changedAt);
      expect(times, reservation.id).toEqual([...times].sort());
      expect(
        times.every((t) => t <= now),
        reservation.id,
      ).toBe(true);
    }
    const confirmed = reservations.find((r) => r.status === 'CONFIRMED');
    if (!confirmed) throw new Error('the demo has a CONFIRMED reservation');
    const patch = await harness.call(`${P}/reservations/${confirmed.id}/status`, {
      method: 'PATCH',
      json: { status: 'COMPLETED' },
    });
    expect(patch.status).toBe(200);
    const detail = (await harness.call(`${P}/reservations/${confirmed.id}`)).body as {
      reservation: { statusHistory: { changedAt: string }[] };
    };
    const times = detail.reservation.statusHistory.map((h) => h.changedAt);
    expect(times).toEqual([...times].sort());
  });
});
