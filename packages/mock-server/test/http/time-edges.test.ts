// Time edges over real HTTP (openapi.yaml, "Conventions"; mock README, "Rules", Time): bookings in the
// past, the spring-forward hour that does not exist, the autumn hour that occurs twice, 24:00 as the
// end of a day, and status histories that never run ahead of the clock.
import { describe, expect, it } from 'vitest';
import type { SeedProjectInput } from '../../src/index';
import type { MockServer } from '../../src/node';
import { booking, everyDay, reservationCount, send, startServer, TUESDAY_NOON } from '../support/server';

const RESERVATIONS = '/api/v1/demo-bistro/reservations';
const IN_PAST = {
  error: 'Unprocessable Entity',
  message: 'The requested time is in the past',
  code: 'RESERVATION_IN_PAST',
};
const OUTSIDE_HOURS = {
  error: 'Unprocessable Entity',
  message: 'The requested time is outside opening hours',
  code: 'OUTSIDE_OPENING_HOURS',
};

/** A project of the test with one full-permission key `rk_<slug>_full` (seed format). */
function project(slug: string, fields: Partial<SeedProjectInput>): SeedProjectInput {
  return {
    id: `prj_${slug}`,
    slug,
    name: slug,
    timeZone: 'Europe/Prague',
    openingHours: {},
    apiKeys: [
      { id: `key_${slug}`, name: 'full', key: `rk_${slug}_full`, permissions: ['read', 'write', 'delete'] },
    ],
    ...fields,
  };
}

interface Slot {
  from: string;
  to: string;
  available: boolean;
}

async function slots(server: MockServer, slug: string, query: string): Promise<Slot[]> {
  const answer = await send(server, 'GET', `/api/v1/${slug}/availability?${query}`, {
    key: `rk_${slug}_full`,
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { slots: Slot[] }).slots;
}

const span = (slot: { from: string; to: string }) => `${slot.from}-${slot.to}`;

describe('bookings in the past', () => {
  // The clock: Tuesday 2026-06-16, 12:00 in Prague.
  it.each([
    ['earlier today', '2026-06-16', '11:00', '12:00'],
    ['starting before now and ending after it', '2026-06-16', '11:30', '12:30'],
    ['yesterday', '2026-06-15', '18:00', '19:00'],
    ['on 2020-01-06', '2020-01-06', '12:00', '13:00'],
  ])('a booking %s is 422 RESERVATION_IN_PAST and creates nothing', async (_, date, from, to) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const before = await reservationCount(server, date);
    const answer = await send(server, 'POST', RESERVATIONS, { json: booking({ date, from, to }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(IN_PAST);
    expect(await reservationCount(server, date)).toBe(before);
  });

  it('a booking that starts exactly now is accepted, as availability says (the guard: only the past is refused)', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const today = await send(server, 'GET', '/api/v1/demo-bistro/availability?date=2026-06-16');
    const offered = (today.body as { slots: Slot[] }).slots;
    expect(offered.find((slot) => slot.from === '11:30')?.available).toBe(false);
    expect(offered.find((slot) => slot.from === '12:00')?.available).toBe(true);
    const answer = await send(server, 'POST', RESERVATIONS, {
      json: booking({ from: '12:00', to: '13:00' }),
    });
    expect(answer.status, answer.text).toBe(201);
  });

  it('is checked after the blacklist and the opening hours, and before 409', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const past = { date: '2026-06-16', from: '11:00', to: '12:00' };
    const blacklisted = await send(server, 'POST', RESERVATIONS, {
      json: booking({ ...past, email: 'blocked@example.com' }),
    });
    expect(blacklisted.status).toBe(403);
    expect(blacklisted.body).toMatchObject({ code: 'CUSTOMER_BLACKLISTED' });
    // Last Sunday: closed, and in the past; the hours are checked first.
    const closed = await send(server, 'POST', RESERVATIONS, { json: booking({ date: '2026-06-14' }) });
    expect(closed.body).toEqual(OUTSIDE_HOURS);

    await server.service.control.addReservation('demo-bistro', {
      ...past,
      status: 'CONFIRMED',
      tableId: 'tbl_01',
      customer: { email: 'earlier@example.com' },
    });
    const taken = await send(server, 'POST', RESERVATIONS, { json: booking({ ...past, tableId: 'tbl_01' }) });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual(IN_PAST);
  });
});

/** Open on Sundays 01:00–05:00: across both of the year's clock changes in Prague. */
const NIGHT_OWL = project('night-owl', { openingHours: { sunday: { open: '01:00', close: '05:00' } } });

describe('the spring-forward hour (2026-03-29, Europe/Prague: 02:00 jumps to 03:00)', () => {
  const NIGHT = '/api/v1/night-owl/reservations';

  async function start(): Promise<MockServer> {
    const server = await startServer({ now: '2026-03-28T12:00:00.000Z' });
    await server.service.control.createProject(NIGHT_OWL);
    return server;
  }

  it('offers no slot that overlaps [02:00, 03:00)', async () => {
    const server = await start();
    const halfHours = await slots(server, 'night-owl', 'date=2026-03-29');
    expect(halfHours.map(span)).toEqual([
      '01:00-01:30',
      '01:30-02:00',
      '03:00-03:30',
      '03:30-04:00',
      '04:00-04:30',
      '04:30-05:00',
    ]);
    expect(halfHours.every((slot) => slot.available)).toBe(true);
    const hours = await slots(server, 'night-owl', 'date=2026-03-29&duration=60');
    expect(hours.map(span)).toEqual(['01:00-02:00', '03:00-04:00', '04:00-05:00']);
    // The Sunday before has its 02:00 (the guard: the gap is that one day's).
    const normal = await slots(server, 'night-owl', 'date=2026-03-22');
    expect(normal.map(span)).toContain('02:00-02:30');
  });

  it.each([
    ['02:00', '02:30'],
    ['02:30', '03:00'],
    ['01:30', '02:30'],
    ['02:30', '03:30'],
    ['01:00', '05:00'],
  ])('a booking %s–%s is 422 OUTSIDE_OPENING_HOURS; around the gap is fine', async (from, to) => {
    const server = await start();
    const refused = await send(server, 'POST', NIGHT, {
      key: 'rk_night-owl_full',
      json: booking({ date: '2026-03-29', from, to }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(OUTSIDE_HOURS);
    for (const [start, end] of [
      ['01:30', '02:00'],
      ['03:00', '03:30'],
    ]) {
      const answer = await send(server, 'POST', NIGHT, {
        key: 'rk_night-owl_full',
        json: booking({ date: '2026-03-29', from: start, to: end }),
      });
      expect(answer.status, `${start}-${end}: ${answer.text}`).toBe(201);
    }
  });
});

describe('a spring-forward at midnight (2026-09-06, America/Santiago: 00:00 jumps to 01:00)', () => {
  it('offers no slot in [00:00, 01:00) and refuses a booking there with 422', async () => {
    const server = await startServer({ now: '2026-09-01T12:00:00.000Z' });
    await server.service.control.createProject(
      project('scl', {
        timeZone: 'America/Santiago',
        openingHours: { sunday: { open: '00:00', close: '02:00' } },
      }),
    );
    expect((await slots(server, 'scl', 'date=2026-09-06')).map(span)).toEqual(['01:00-01:30', '01:30-02:00']);
    const refused = await send(server, 'POST', '/api/v1/scl/reservations', {
      key: 'rk_scl_full',
      json: booking({ date: '2026-09-06', from: '00:00', to: '01:00' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(OUTSIDE_HOURS);
    // The Sunday before has its midnight hour (the guard: the gap is that one day's).
    expect((await slots(server, 'scl', 'date=2026-08-30')).map(span)).toContain('00:00-00:30');
  });
});

describe('the autumn hour that occurs twice (2026-10-25, Europe/Prague: 03:00 goes back to 02:00)', () => {
  it('a wall-clock time means its first occurrence', async () => {
    // 00:30 UTC is 02:30 of the first pass (CEST); the second 02:00 is still half an hour away.
    const server = await startServer({ now: '2026-10-25T00:30:00.000Z' });
    await server.service.control.createProject(NIGHT_OWL);
    const day = await slots(server, 'night-owl', 'date=2026-10-25');
    expect(day.map(span)).toEqual([
      '01:00-01:30',
      '01:30-02:00',
      '02:00-02:30',
      '02:30-03:00',
      '03:00-03:30',
      '03:30-04:00',
      '04:00-04:30',
      '04:30-05:00',
    ]);
    expect(day.filter((slot) => slot.available).map(span)[0]).toBe('02:30-03:00');
    const book = (from: string, to: string) =>
      send(server, 'POST', '/api/v1/night-owl/reservations', {
        key: 'rk_night-owl_full',
        json: booking({ date: '2026-10-25', from, to }),
      });
    const started = await book('02:00', '02:30');
    expect(started.status).toBe(422);
    expect(started.body).toEqual(IN_PAST);
    expect((await book('02:45', '03:15')).status).toBe(201);
  });

  it('in the second pass, availability offers exactly the slots that booking accepts', async () => {
    // 01:20 UTC is 02:20 of the second pass (CET): 02:30 first happened at 00:30 UTC, so it is past.
    const server = await startServer({ now: '2026-10-25T01:20:00.000Z' });
    await server.service.control.createProject(NIGHT_OWL);
    const day = await slots(server, 'night-owl', 'date=2026-10-25');
    expect(day.find((slot) => slot.from === '02:30')?.available).toBe(false);
    expect(day.filter((slot) => slot.available).map(span)[0]).toBe('03:00-03:30');
    for (const slot of day) {
      const answer = await send(server, 'POST', '/api/v1/night-owl/reservations', {
        key: 'rk_night-owl_full',
        json: booking({
          date: '2026-10-25',
          from: slot.from,
          to: slot.to,
          email: `s${slot.from.replace(':', '')}@example.com`,
        }),
      });
      // available ⇔ accepted; every slot refused here is refused for being in the past.
      expect([span(slot), answer.status]).toEqual([span(slot), slot.available ? 201 : 422]);
      if (!slot.available) expect(answer.body).toEqual(IN_PAST);
    }
  });
});

describe('24:00 as the end of a day', () => {
  const LATE = project('late-bar', { openingHours: everyDay({ open: '18:00', close: '24:00' }) });

  it('a day closing at 24:00 offers a last slot ending at 24:00 and takes a booking to 24:00', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    await server.service.control.createProject(LATE);
    const answer = await send(server, 'GET', '/api/v1/late-bar/availability?date=2026-06-16', {
      key: 'rk_late-bar_full',
    });
    expect(answer.status, answer.text).toBe(200);
    const day = answer.body as { openingHours: { open: string; close: string }; slots: Slot[] };
    expect(day.openingHours).toEqual({ open: '18:00', close: '24:00' });
    expect(day.slots).toHaveLength(12);
    expect(day.slots.at(-1)).toEqual(
      expect.objectContaining({ from: '23:30', to: '24:00', available: true }),
    );

    const created = await send(server, 'POST', '/api/v1/late-bar/reservations', {
      key: 'rk_late-bar_full',
      json: booking({ from: '23:00', to: '24:00' }),
    });
    expect(created.status, created.text).toBe(201);
    const { id } = (created.body as { reservation: { id: string } }).reservation;
    const detail = await send(server, 'GET', `/api/v1/late-bar/reservations/${id}`, {
      key: 'rk_late-bar_full',
    });
    expect((detail.body as { reservation: { to: string } }).reservation.to).toBe('24:00');
    const schedule = await send(server, 'GET', '/api/v1/late-bar/schedule', { key: 'rk_late-bar_full' });
    const week = (schedule.body as { openingHours: { close?: string }[] }).openingHours;
    expect(week.map((day) => day.close)).toEqual(Array(7).fill('24:00'));
    // …and that slot is now taken (the project has one implicit place).
    const after = await slots(server, 'late-bar', 'date=2026-06-16');
    expect(after.filter((slot) => !slot.available).map(span)).toEqual(['23:00-23:30', '23:30-24:00']);
  });

  it('24:00 is never a start, and nothing is later than 24:00', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    await server.service.control.createProject(LATE);
    for (const [from, to] of [
      ['24:00', '24:00'],
      ['23:00', '24:01'],
      ['23:00', '25:00'],
    ]) {
      const answer = await send(server, 'POST', '/api/v1/late-bar/reservations', {
        key: 'rk_late-bar_full',
        json: booking({ from, to }),
      });
      expect(answer.status, `${from}-${to}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const opensAtMidnight = project('midnight', {
      openingHours: { monday: { open: '24:00', close: '24:00' } },
    });
    await expect((async () => server.service.control.createProject(opensAtMidnight))()).rejects.toThrow();
  });
});

interface Detail {
  id: string;
  status: string;
  statusHistory: { action: string; changedAt: string }[];
}

/** Every history entry that is out of order or later than `now`, as readable lines. */
function historyProblems(reservation: Detail, now: number): string[] {
  const times = reservation.statusHistory.map((entry) => Date.parse(entry.changedAt));
  const problems: string[] = [];
  for (const [i, time] of times.entries()) {
    const entry = reservation.statusHistory[i];
    if (time > now) problems.push(`${reservation.id} ${entry?.action} at ${entry?.changedAt} is after now`);
    if (i > 0 && time < (times[i - 1] ?? 0))
      problems.push(`${reservation.id} ${entry?.action} at ${entry?.changedAt} is before the entry above`);
  }
  return problems;
}

const PROJECTS = [
  ['demo-bistro', 'rk_demo_full'],
  ['demo-salon', 'rk_salon_full'],
] as const;

async function details(server: MockServer, slug: string, key: string, query = ''): Promise<Detail[]> {
  const list = await send(server, 'GET', `/api/v1/${slug}/reservations?limit=100${query}`, { key });
  const ids = (list.body as { reservations: { id: string }[] }).reservations.map((r) => r.id);
  return Promise.all(
    ids.map(async (id) => {
      const answer = await send(server, 'GET', `/api/v1/${slug}/reservations/${id}`, { key });
      return (answer.body as { reservation: Detail }).reservation;
    }),
  );
}

describe.each([
  ['a frozen clock', TUESDAY_NOON],
  ['the system clock', undefined],
])('seeded status history, with %s', (_, now) => {
  it('right after a reset, every history is in time order and never later than now', async () => {
    const server = await startServer(now === undefined ? {} : { now });
    expect((await send(server, 'POST', '/__mock/reset')).status).toBe(200);
    const problems: string[] = [];
    let seen = 0;
    for (const [slug, key] of PROJECTS) {
      const reservations = await details(server, slug, key);
      seen += reservations.length;
      const clock = Date.parse(await server.service.control.clock.now());
      for (const reservation of reservations) problems.push(...historyProblems(reservation, clock));
    }
    expect(seen).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('a PATCH to COMPLETED on a seeded CONFIRMED reservation gives a history in time order', async () => {
    const server = await startServer(now === undefined ? {} : { now });
    expect((await send(server, 'POST', '/__mock/reset')).status).toBe(200);
    const [confirmed] = await details(server, 'demo-bistro', 'rk_demo_full', '&status=CONFIRMED');
    if (!confirmed) throw new Error('the demo data has no CONFIRMED reservation');
    const patch = await send(server, 'PATCH', `${RESERVATIONS}/${confirmed.id}/status`, {
      json: { status: 'COMPLETED' },
    });
    expect(patch.status, patch.text).toBe(200);
    const [after] = await details(server, 'demo-bistro', 'rk_demo_full', '&status=COMPLETED').then((list) =>
      list.filter((r) => r.id === confirmed.id),
    );
    if (!after) throw new Error(`${confirmed.id} is not listed as COMPLETED`);
    expect(after.statusHistory.map((entry) => entry.action)).toEqual(['created', 'confirmed', 'completed']);
    expect(historyProblems(after, Date.parse(await server.service.control.clock.now()))).toEqual([]);
  });
});
