// The clock rules (mock README, "The control interface"; openapi.yaml's control notes): the mock
// clock only moves forward (an earlier `now` is 409 CLOCK_BACKWARDS and changes nothing), its range
// is checked inside the queued move (so concurrent moves cannot leave it), and reset({ now }) starts
// over at any instant with the demo data laid out around it.
import { describe, expect, it } from 'vitest';
import { createMockCore, MockControlError, silentLogger } from '../../src/index';
import { controlError } from '../support/control-error';
import { startServer } from '../support/server';

const START = '2030-06-17T08:00:00.000Z';
const HOUR = 3_600_000;

const mock = (now: string = START) => createMockCore({ now, logger: silentLogger });

describe('the mock clock only moves forward', () => {
  it('clock.set() to an earlier instant is a conflict with code CLOCK_BACKWARDS and leaves the clock', async () => {
    const core = mock();
    const error = await controlError(core.control.clock.set('2030-06-16T08:00:00Z'));
    expect(error.kind).toBe('conflict');
    expect(error.code).toBe('CLOCK_BACKWARDS');
    expect(error.message).toBe('The mock clock only moves forward; reset with a now to start over earlier');
    expect(core.control.clock.now()).toBe(START);
  });

  it('clock.set() to the same instant or later is accepted', async () => {
    const core = mock();
    await core.control.clock.set(START);
    await core.control.clock.set('2030-06-18T08:00:00Z');
    expect(core.control.clock.now()).toBe('2030-06-18T08:00:00.000Z');
  });

  it('POST /__mock/clock { now } earlier than the clock is 409 CLOCK_BACKWARDS and changes nothing', async () => {
    const server = await startServer({ now: START, logger: silentLogger });
    const response = await fetch(`${server.url}/__mock/clock`, {
      method: 'POST',
      body: JSON.stringify({ now: '2030-06-16T08:00:00Z' }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'Conflict',
      message: 'The mock clock only moves forward; reset with a now to start over earlier',
      code: 'CLOCK_BACKWARDS',
    });
    expect(server.service.control.clock.now()).toBe(START);
  });

  it('a set queued behind an advance is judged against the clock that advance leaves', async () => {
    const core = mock();
    const [advanced, set] = await Promise.allSettled([
      core.control.clock.advance(2 * HOUR),
      core.control.clock.set('2030-06-17T09:00:00Z'),
    ]);
    expect(advanced.status).toBe('fulfilled');
    expect(set.status === 'rejected' && set.reason instanceof MockControlError && set.reason.code).toBe(
      'CLOCK_BACKWARDS',
    );
    expect(core.control.clock.now()).toBe('2030-06-17T10:00:00.000Z');
  });

  it('a reservation confirmed after a refused move back keeps its history in time order, none after now', async () => {
    const core = mock();
    const api = (method: string, path: string, body: unknown) =>
      core.fetch(
        new Request(`${core.baseUrl}/api/v1/demo-bistro/reservations${path}`, {
          method,
          headers: { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const created = await api('POST', '', {
      email: 'a@x.test',
      date: '2030-06-18',
      from: '12:00',
      to: '13:00',
    });
    if (!created) throw new Error('the mock did not answer');
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { reservation: { id: string } }).reservation;
    await expect(core.control.clock.set('2030-06-16T08:00:00Z')).rejects.toThrow(MockControlError);
    await core.control.clock.advance(60_000);
    const confirmed = await api('PATCH', `/${id}/status`, { status: 'CONFIRMED' });
    expect(confirmed?.status).toBe(200);
    const detail = await core.control.getReservation('demo-bistro', id);
    const times = detail.statusHistory.map((h) => h.changedAt);
    expect(times).toEqual([...times].sort());
    expect(times.every((t) => t <= core.control.clock.now())).toBe(true);
  });
});

describe('the clock range is checked inside the queued move', () => {
  it('two concurrent advance(20 h) from 9999-12-31T00:00Z: one moves, the other is refused, the clock stays in range', async () => {
    // No project: the limit is 9999-12-31T23:59:59.999Z itself (a project's zone brings it forward).
    const core = createMockCore({ now: '9999-12-31T00:00:00.000Z', seed: 'empty', logger: silentLogger });
    const results = await Promise.allSettled([
      core.control.clock.advance(20 * HOUR),
      core.control.clock.advance(20 * HOUR),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason instanceof MockControlError).toBe(true);
    expect(core.control.clock.now()).toBe('9999-12-31T20:00:00.000Z');
  });

  it('over HTTP: two concurrent { advanceMs: 20 h } answer 200 and 400, the clock stays in range', async () => {
    const server = await startServer({
      now: '9999-12-31T00:00:00.000Z',
      seed: 'empty',
      logger: silentLogger,
    });
    const advance = () =>
      fetch(`${server.url}/__mock/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 20 * HOUR }) });
    const answers = await Promise.all([advance(), advance()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(server.service.control.clock.now()).toBe('9999-12-31T20:00:00.000Z');
  });
});

describe('reset({ now }) starts over at any instant', () => {
  it('freezes the clock there, earlier than the clock too, and lays the demo data around it', async () => {
    const core = mock();
    await core.control.clock.advance(HOUR);
    await core.control.reset({ now: '2027-03-02T09:30:00Z' });
    expect(core.control.clock.now()).toBe('2027-03-02T09:30:00.000Z');
    const dates = (await core.control.reservations('demo-bistro')).map((r) => r.date);
    // The demo bookings sit a few days either side of "today" (README "Demo data").
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      const days = (Date.parse(date) - Date.parse('2027-03-02')) / (24 * HOUR);
      expect(Math.abs(days)).toBeLessThanOrEqual(7);
    }
  });

  it('freezes a mock that started on real time', async () => {
    const core = createMockCore({ logger: silentLogger });
    await core.control.reset({ now: START });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(core.control.clock.now()).toBe(START);
  });

  it('reset() without now returns to the clock the mock started with', async () => {
    const core = mock();
    await core.control.reset({ now: '2027-03-02T09:30:00Z' });
    await core.control.reset();
    expect(core.control.clock.now()).toBe(START);
  });

  it('POST /__mock/reset { now } starts over there; a bad now is 400 and changes nothing', async () => {
    const server = await startServer({ now: START, logger: silentLogger });
    const reset = (body: unknown) =>
      fetch(`${server.url}/__mock/reset`, { method: 'POST', body: JSON.stringify(body) });
    const bad = await reset({ now: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(server.service.control.clock.now()).toBe(START);
    const good = await reset({ now: '2029-01-01T10:00:00Z' });
    expect(good.status).toBe(200);
    expect(server.service.control.clock.now()).toBe('2029-01-01T10:00:00.000Z');
  });
});
