// Control input is validated before anything changes (mock README, "The control interface"): a bad
// clock or fault is 400 over HTTP and a MockControlError in JavaScript, naming the field, and the mock
// keeps answering as before (never a 5xx afterwards).
import { describe, expect, it } from 'vitest';
import { MockControlError } from '../../src/index';
import type { MockServer } from '../../src/node';
import { booking, send, startServer, TUESDAY_NOON } from '../support/server';

const RESERVATIONS = '/api/v1/demo-bistro/reservations';

/** Availability, a booking and a status change all still work (the clock is still sane). */
async function expectApiWorks(server: MockServer, date = '2026-06-16'): Promise<void> {
  const availability = await send(server, 'GET', `/api/v1/demo-bistro/availability?date=${date}`);
  expect(availability.status, availability.text).toBe(200);
  const created = await send(server, 'POST', RESERVATIONS, { json: booking({ date }) });
  expect(created.status, created.text).toBe(201);
  const { id } = (created.body as { reservation: { id: string } }).reservation;
  const confirmed = await send(server, 'PATCH', `${RESERVATIONS}/${id}/status`, {
    json: { status: 'CONFIRMED' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

/** A 400 control error whose message names `field`. */
function expectRefused(answer: { status: number; body: unknown; text: string }, field: string): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toEqual({
    error: 'Bad Request',
    message: expect.stringContaining(field),
    code: 'VALIDATION_ERROR',
  });
}

const BAD_CLOCK: [body: Record<string, unknown>, field: string][] = [
  [{ now: 1e20 }, 'now'],
  [{ now: 8_640_000_000_000_000 }, 'now'],
  [{ now: 'not a date' }, 'now'],
  [{ now: -1 }, 'now'],
  [{ now: '10000-01-01T00:00:00.000Z' }, 'now'],
  [{ advanceMs: 1e20 }, 'advanceMs'],
  [{ advanceMs: -1 }, 'advanceMs'],
  [{ advanceMs: 1.5 }, 'advanceMs'],
  [{ now: '2026-06-15' }, 'now'],
  [{ now: 1.5 }, 'now'],
  [{ advanceMs: '60000' }, 'advanceMs'],
  [{ now: TUESDAY_NOON, advanceMs: 1 }, 'either now or advanceMs'],
  [{}, 'either now or advanceMs'],
];

describe('POST /__mock/clock with bad input', () => {
  it.each(BAD_CLOCK)('%j is 400 naming %s; the clock and the API are unchanged', async (body, field) => {
    const server = await startServer({ now: TUESDAY_NOON });
    expectRefused(await send(server, 'POST', '/__mock/clock', { json: body }), field);
    expect(await server.service.control.clock.now()).toBe(TUESDAY_NOON);
    await expectApiWorks(server);
  });

  it('keeps every local date before 10000-01-01: the last instant in Prague is accepted, a move past it is refused', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    // The demo projects are in Prague, UTC+1 in December: its 10000-01-01 starts at 23:00Z.
    const latest = '9999-12-31T22:59:59.999Z';
    expect((await send(server, 'POST', '/__mock/clock', { json: { now: latest } })).status).toBe(200);
    expectRefused(await send(server, 'POST', '/__mock/clock', { json: { advanceMs: 1 } }), 'advanceMs');
    expect(await server.service.control.clock.now()).toBe(latest);
  });

  it('on the last day the API still works, and a move past it is refused', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const lastDay = '9999-12-31T12:00:00.000Z';
    const set = await send(server, 'POST', '/__mock/clock', { json: { now: lastDay } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ now: lastDay });
    expectRefused(
      await send(server, 'POST', '/__mock/clock', { json: { advanceMs: 86_400_000 } }),
      'advanceMs',
    );
    expect(await server.service.control.clock.now()).toBe(lastDay);
    // 9999-12-31 is a Friday: the bistro is open until 22:00, and it is 13:00 in Prague.
    await expectApiWorks(server, '9999-12-31');
  });
});

describe('control.clock with bad input', () => {
  it.each([1e20, 8_640_000_000_000_000, 'not a date', -1, '10000-01-01T00:00:00.000Z'])(
    'set(%j) rejects with a MockControlError naming now; nothing changes',
    async (time) => {
      const server = await startServer({ now: TUESDAY_NOON });
      const { clock } = server.service.control;
      const error = await (async () => clock.set(time))().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockControlError);
      expect((error as Error).message).toContain('now');
      expect(await clock.now()).toBe(TUESDAY_NOON);
      await expectApiWorks(server);
    },
  );

  it.each([1e20, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'advance(%s) rejects with a MockControlError naming advanceMs; nothing changes',
    async (ms) => {
      const server = await startServer({ now: TUESDAY_NOON });
      const { clock } = server.service.control;
      const error = await (async () => clock.advance(ms))().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockControlError);
      expect((error as Error).message).toContain('advanceMs');
      expect(await clock.now()).toBe(TUESDAY_NOON);
      await expectApiWorks(server);
    },
  );
});

const BAD_FAULTS: [spec: Record<string, unknown>, field: string][] = [
  [{ status: 500, delayMs: 2_147_483_648 }, 'delayMs'],
  [{ status: 500, times: 0 }, 'times'],
  [{ status: 500, times: 1.5 }, 'times'],
  [{ status: 429, retryAfter: 0 }, 'retryAfter'],
  [{ status: 429, retryAfter: 1.5 }, 'retryAfter'],
  [{ status: 500, delayMs: -1 }, 'delayMs'],
  [{ status: 399 }, 'status'],
  [{ status: 600 }, 'status'],
  [{ status: 450.5 }, 'status'],
  [{ status: 500, path: `/api/v1/${'*a'.repeat(253)}` }, 'path'],
  [{ method: 'GET' }, 'give a status, a connection, a delayMs'],
  [{ status: 500, unknown: true }, 'unknown'],
];

describe('faults with bad input', () => {
  it.each(BAD_FAULTS)('POST /__mock/faults %j is 400 naming %s; no fault is added', async (spec, field) => {
    const server = await startServer({ now: TUESDAY_NOON });
    expectRefused(await send(server, 'POST', '/__mock/faults', { json: spec }), field);
    expect((await send(server, 'GET', '/__mock/faults')).body).toEqual({ faults: [] });
    // No fault fires: the next API request is answered normally.
    expect((await send(server, 'GET', RESERVATIONS)).status).toBe(200);
  });

  it.each(BAD_FAULTS)('control.faults.add(%j) rejects naming %s; no fault is added', async (spec, field) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { faults } = server.service.control;
    const error = await (async () => faults.add(spec))().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockControlError);
    expect((error as Error).message).toContain(field);
    expect(await faults.list()).toEqual([]);
    expect((await send(server, 'GET', RESERVATIONS)).status).toBe(200);
  });
});

describe('valid control input at the limits (the guard)', () => {
  it('accepts the largest delay and a Date for the clock', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    const fault = await control.faults.add({ delayMs: 2_147_483_647, path: '/nowhere' });
    expect(fault.delayMs).toBe(2_147_483_647);
    await control.clock.set(new Date('2026-06-17T00:00:00Z'));
    expect(await control.clock.now()).toBe('2026-06-17T00:00:00.000Z');
  });
});

describe('other control input', () => {
  it('is refused with 400 or 404 and changes nothing', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    const before = await control.snapshot();
    const cases: [string, string, unknown, number][] = [
      ['POST', '/__mock/projects/demo-bistro/keys', { permissions: ['admin'] }, 400],
      ['POST', '/__mock/projects/nope/keys', { permissions: [] }, 404],
      ['POST', '/__mock/projects/demo-bistro/blacklist', {}, 400],
      ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'ftp://x' }, 400],
      ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'not a url' }, 400],
      ['POST', '/__mock/projects/demo-bistro/keys/key_nope/regenerate', undefined, 404],
      ['POST', '/__mock/webhooks/deliveries/whd_nope/redeliver', undefined, 404],
      ['GET', '/__mock/requests?since=whenever', undefined, 400],
    ];
    for (const [method, path, json, status] of cases) {
      const answer = await send(server, method, path, { key: null, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body, `${method} ${path}`).toMatchObject({ message: expect.any(String) });
    }
    expect(await control.snapshot()).toEqual(before);
    await expect(
      control.keys.create('demo-bistro', { permissions: ['admin' as never] }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(control.keys.create('nope', { permissions: [] })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

const EVENTS = 'reservation.created, reservation.confirmed, reservation.cancelled, reservation.completed';
const INSTANT = 'now must be an ISO 8601 date-time or epoch milliseconds between 1970-01-01 and 9999-12-31';

// Every /__mock route that takes a body or a query hands it to the control method, which parses it:
// one bad field (the rest valid) is 400 with the message the method's schema gives, word for word.
const BAD_ROUTE_INPUT: [method: string, path: string, json: unknown, message: string][] = [
  ['POST', '/__mock/reset', { now: 'yesterday' }, `now: ${INSTANT}`],
  ['POST', '/__mock/reset', { later: 1 }, 'Unrecognized key: "later"'],
  ['POST', '/__mock/clock', { now: 'yesterday' }, INSTANT],
  ['POST', '/__mock/clock', { advanceMs: -1 }, 'advanceMs must be a non-negative integer'],
  [
    'GET',
    '/__mock/projects/demo-bistro/reservations?date=2026-13-40',
    undefined,
    'date: date must be a date in YYYY-MM-DD format',
  ],
  [
    'POST',
    '/__mock/projects',
    { id: 'prj_x', slug: 'BAD SLUG', name: 'X', openingHours: {} },
    'slug: must be lower-case letters, digits and dashes',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/tables',
    { id: 'tbl_x', name: 'X', capacity: 0 },
    'capacity: Too small: expected number to be >0',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/services',
    { id: 'svc_x', name: 'X', duration: -5, price: 10 },
    'duration: Too small: expected number to be >0',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/reservations',
    { date: '2026-13-40', from: '18:00', to: '19:00', customer: { email: 'a@example.com' } },
    'date: is not a calendar date',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/keys',
    { permissions: ['admin'] },
    'permissions.0: Invalid option: expected one of "read"|"write"|"delete"|"media"',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/blacklist',
    { email: 5 },
    'email: Invalid input: expected string, received number',
  ],
  ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'ftp://x' }, 'url: url must be an http(s) URL'],
  [
    'GET',
    '/__mock/webhooks/deliveries?status=lost',
    undefined,
    'status: status must be pending, delivered or failed',
  ],
  // Input is judged before the id: a bad url to an unknown delivery is 400, not 404.
  [
    'POST',
    '/__mock/webhooks/deliveries/whd_nope/redeliver',
    { url: 'ftp://x' },
    'url: url must be an http(s) URL',
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/trigger',
    { event: 'reservation.moved' },
    `event: event must be one of ${EVENTS}`,
  ],
  [
    'POST',
    '/__mock/projects/demo-bistro/trigger',
    { event: 'reservation.created', reservationId: '' },
    'reservationId: reservationId must not be empty',
  ],
  ['POST', '/__mock/faults', { status: 600 }, 'status: status must be an integer from 400 to 599'],
  ['GET', '/__mock/requests?status=abc', undefined, 'status: status must be a whole number (an HTTP status)'],
  ['GET', '/__mock/requests?status=2.5', undefined, 'status: status must be a whole number (an HTTP status)'],
];

describe('each /__mock route with bad input', () => {
  it('is 400 with the control schema message naming the field; nothing changes', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    // A webhook target, so that a trigger let through would cause a delivery too.
    await control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hook' });
    expect((await send(server, 'GET', RESERVATIONS)).status).toBe(200);
    const state = async () => ({
      snapshot: await control.snapshot(),
      now: control.clock.now(),
      faults: control.faults.list(),
      deliveries: control.deliveries(),
      requests: control.requests.list(),
    });
    const before = await state();
    for (const [method, path, json, message] of BAD_ROUTE_INPUT) {
      const answer = await send(server, method, path, { key: null, ...(json === undefined ? {} : { json }) });
      expect({ status: answer.status, body: answer.body }, `${method} ${path}`).toEqual({
        status: 400,
        body: { error: 'Bad Request', message, code: 'VALIDATION_ERROR' },
      });
    }
    expect(await state()).toEqual(before);
  });
});

// Every control input object refuses a field it does not know, the same way on every route
// (control/schemas.ts, controlObject(); mock README, "The control interface"): a misspelt field is
// never taken for an absent one.
describe('an unknown field in any /__mock input', () => {
  it('is 400 VALIDATION_ERROR `Unrecognized key: "bogus"` on every route; nothing changes', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    // A delivery to redeliver (nothing listens on port 9: its attempt fails at once).
    await control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hook' });
    const { deliveries } = await control.trigger('demo-bistro', 'reservation.created');
    await control.settled();
    expect((await send(server, 'GET', RESERVATIONS)).status).toBe(200);
    const state = async () => ({
      snapshot: await control.snapshot(),
      now: control.clock.now(),
      keys: await control.keys.list('demo-bistro'),
      faults: control.faults.list(),
      deliveries: control.deliveries(),
      requests: control.requests.list(),
      sessions: (await send(server, 'GET', '/__mock/sessions')).body,
    });
    const before = await state();
    const cases: [method: string, path: string, json: unknown][] = [
      ['POST', '/__mock/reset', { now: TUESDAY_NOON, bogus: 1 }],
      ['POST', '/__mock/clock', { advanceMs: 60_000, bogus: 1 }],
      ['POST', '/__mock/sessions', { id: 'typo', bogus: 1 }],
      ['POST', '/__mock/projects/demo-bistro/keys', { permissions: ['read'], bogus: 1 }],
      ['POST', '/__mock/projects/demo-bistro/blacklist', { email: 'typo@example.com', bogus: 1 }],
      ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'http://127.0.0.1:9/other', bogus: 1 }],
      ['POST', '/__mock/projects/demo-bistro/trigger', { event: 'reservation.created', bogus: 1 }],
      ['POST', `/__mock/webhooks/deliveries/${deliveries[0]}/redeliver`, { bogus: 1 }],
      ['POST', '/__mock/faults', { status: 500, bogus: 1 }],
      ['GET', '/__mock/webhooks/deliveries?status=failed&bogus=1', undefined],
      ['GET', '/__mock/requests?method=GET&bogus=1', undefined],
      ['GET', '/__mock/projects/demo-bistro/reservations?date=2026-06-16&bogus=1', undefined],
    ];
    for (const [method, path, json] of cases) {
      const answer = await send(server, method, path, { key: null, ...(json === undefined ? {} : { json }) });
      expect({ status: answer.status, body: answer.body }, `${method} ${path}`).toEqual({
        status: 400,
        body: { error: 'Bad Request', message: 'Unrecognized key: "bogus"', code: 'VALIDATION_ERROR' },
      });
    }
    await control.settled();
    expect(await state()).toEqual(before);
  });

  it("is refused by the data helpers too (the seed format's records): a misspelt tableId never books a table", async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    const before = await control.snapshot();
    const reservation = {
      date: '2030-06-18',
      from: '18:00',
      to: '19:00',
      customer: { email: 'typo@example.com' },
      tableID: 'tbl_02',
    };
    const cases: [path: string, json: unknown, message: string][] = [
      ['/__mock/projects/demo-bistro/reservations', reservation, 'Unrecognized key: "tableID"'],
      [
        '/__mock/projects/demo-bistro/tables',
        { id: 'tbl_typo', name: 'T', capacity: 2, seats: 4 },
        'Unrecognized key: "seats"',
      ],
      [
        '/__mock/projects/demo-bistro/services',
        { id: 'svc_typo', name: 'S', duration: 30, price: 0, cost: 1 },
        'Unrecognized key: "cost"',
      ],
      [
        '/__mock/projects',
        { id: 'prj_typo', slug: 'typo', name: 'Typo', openingHours: {}, timezone: 'UTC' },
        'Unrecognized key: "timezone"',
      ],
    ];
    for (const [path, json, message] of cases) {
      const answer = await send(server, 'POST', path, { key: null, json });
      expect({ status: answer.status, body: answer.body }, path).toEqual({
        status: 400,
        body: { error: 'Bad Request', message, code: 'VALIDATION_ERROR' },
      });
    }
    await expect(control.addReservation('demo-bistro', reservation as never)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Unrecognized key: "tableID"',
    });
    expect(await control.snapshot()).toEqual(before);
  });

  it('refuses a trigger with misspelt fields instead of booking and cancelling a new reservation', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    await control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hook' });
    const reservations = await control.reservations('demo-bistro');
    const answer = await send(server, 'POST', '/__mock/projects/demo-bistro/trigger', {
      key: null,
      json: { event: 'reservation.cancelled', reservationID: 'res_demo_0004', Reason: 'typo' },
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        message: 'Unrecognized keys: "reservationID", "Reason"',
        code: 'VALIDATION_ERROR',
      },
    });
    await control.settled();
    expect(await control.reservations('demo-bistro')).toEqual(reservations);
    expect(control.deliveries()).toEqual([]);
  });

  it('refuses trigger options that are no object, or that name the event again, from JavaScript', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    await control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hook' });
    const reservations = await control.reservations('demo-bistro');
    // What plain JavaScript can pass that the types do not allow.
    const trigger = control.trigger as (slug: string, event: string, options: unknown) => Promise<unknown>;
    for (const options of [null, 'x', ['a']])
      await expect(trigger('demo-bistro', 'reservation.created', options)).rejects.toThrow(
        new MockControlError('trigger options must be an object'),
      );
    await expect(
      trigger('demo-bistro', 'reservation.created', {
        event: 'reservation.cancelled',
        reservationId: 'res_demo_0004',
      }),
    ).rejects.toThrow("event is trigger()'s second argument, not one of its options");
    await control.settled();
    expect(await control.reservations('demo-bistro')).toEqual(reservations);
    expect(control.deliveries()).toEqual([]);
  });
});

describe('at most 100 active faults', () => {
  it('the 101st is 409 TOO_MANY_FAULTS over HTTP and in JavaScript; nothing is added, removing one makes room', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { faults } = server.service.control;
    for (let i = 0; i < 100; i += 1) {
      const added = await send(server, 'POST', '/__mock/faults', {
        json: { path: `/api/v1/${'x'.repeat(500)}${i}*`, status: 503, times: 'always' },
      });
      expect(added.status, added.text).toBe(201);
    }
    const refused = await send(server, 'POST', '/__mock/faults', { json: { status: 500 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Conflict',
      message: 'At most 100 faults can be active at once; remove one first',
      code: 'TOO_MANY_FAULTS',
    });
    const error = await (async () => faults.add({ status: 500 }))().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'conflict', code: 'TOO_MANY_FAULTS' });
    expect(await faults.list()).toHaveLength(100);
    // None of the 100 matches an API path: requests are answered as before.
    await expectApiWorks(server);
    const [first] = await faults.list();
    await faults.remove(first?.id ?? '');
    expect(
      (await send(server, 'POST', '/__mock/faults', { json: { status: 500, path: '/nothing' } })).status,
    ).toBe(201);
  });
});
