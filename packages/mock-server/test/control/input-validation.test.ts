// Control input is validated before anything changes (mock README, "The control interface"): a bad
// clock or fault is 400 over HTTP and a MockControlError in JavaScript, naming the field, and the mock
// keeps answering as before (never a 5xx afterwards).
import { describe, expect, it } from 'vitest';
import { MockControlError } from '../../src/index';
import type { MockServer } from '../../src/node';
import { booking, send, startServer, TUESDAY_NOON } from '../support/standalone';

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
  expect(answer.body).toEqual({ error: 'Bad Request', message: expect.stringContaining(field) });
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
];

describe('POST /__mock/clock with bad input', () => {
  it.each(BAD_CLOCK)('%j is 400 naming %s; the clock and the API are unchanged', async (body, field) => {
    const server = await startServer({ now: TUESDAY_NOON });
    expectRefused(await send(server, 'POST', '/__mock/clock', { json: body }), field);
    expect(await server.service.control.clock.now()).toBe(TUESDAY_NOON);
    await expectApiWorks(server);
  });

  it('keeps the clock before 10000-01-01: the last day works, a move past it is refused', async () => {
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

  it.each([1e20, -1, 1.5, Number.NaN])(
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
