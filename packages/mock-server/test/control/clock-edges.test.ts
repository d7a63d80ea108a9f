// The clock's edges (mock README, "The control interface"): every instant the clock can reach, by
// `now`, a move or a reset, gives a local date of four digits in every project's time zone, and
// reset({ now }) lays out the seed's data within 9999-12-31 or refuses with 400 naming the latest
// allowed instant, changing nothing. Before, reset({ now: 9999-12-31T00:00Z }) was a 500 and half a
// reset (clock moved, no data), --now 9999-12-30T08:00Z started with no projects, and at
// 9999-12-31T23:30Z the demo bookings landed in 1909 (Prague was already in 10000-01-01).
import { describe, expect, it } from 'vitest';
import { createMockCore, silentLogger } from '../../src/index';
import { controlError } from '../support/control-error';
import { send, startServer } from '../support/server';

const START = '2030-06-17T08:00:00.000Z';
const FAR_EAST = {
  id: 'prj_far_east',
  slug: 'far-east',
  name: 'Far East',
  timeZone: 'Pacific/Kiritimati',
  openingHours: { monday: { open: '08:00', close: '18:00' } },
  apiKeys: [],
};
/** The demo's relative bookings reach 3 days ahead, plus up to a week off closed days; Prague is UTC+1 in December. */
const LATEST_DEMO_RESET = '9999-12-21T22:59:59.999Z';
/** The last instant of 9999-12-31 in Prague (UTC+1). */
const LATEST_PRAGUE = '9999-12-31T22:59:59.999Z';

async function state(core: ReturnType<typeof createMockCore>) {
  return {
    now: core.control.clock.now(),
    snapshot: await core.control.snapshot(),
    faults: core.control.faults.list(),
    requests: core.control.requests.list(),
  };
}

describe('reset({ now }) lays out the seed within the supported dates or refuses', () => {
  it.each(['9999-12-31T00:00:00Z', '9999-12-22T00:00:00Z', '9999-12-31T23:59:59.999Z'])(
    'reset({ now: %s }) is invalid, names the latest allowed instant, and changes nothing',
    async (now) => {
      const core = createMockCore({ now: START, logger: silentLogger });
      core.control.faults.add({ path: '/nothing', status: 503 });
      const before = await state(core);
      const error = await controlError(core.control.reset({ now }));
      expect(error.kind).toBe('invalid');
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(LATEST_DEMO_RESET);
      expect(await state(core)).toEqual(before);
      core.close();
    },
  );

  it('at the latest allowed instant, the demo bookings are laid out around it, never past 9999-12-31', async () => {
    const core = createMockCore({ now: START, logger: silentLogger });
    await core.control.reset({ now: LATEST_DEMO_RESET });
    expect(core.control.clock.now()).toBe(LATEST_DEMO_RESET);
    const dates = (await core.control.reservations('demo-bistro')).map((r) => r.date);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      expect(date).toMatch(/^9999-12-\d\d$/);
    }
    core.close();
  });

  it('POST /__mock/reset { now } past it: 400 VALIDATION_ERROR naming the instant; the mock answers as before', async () => {
    const server = await startServer({ now: START, logger: silentLogger });
    const answer = await send(server, 'POST', '/__mock/reset', { json: { now: '9999-12-31T00:00:00Z' } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual({
      error: 'Bad Request',
      message: expect.stringContaining(LATEST_DEMO_RESET),
      code: 'VALIDATION_ERROR',
    });
    expect(server.service.control.clock.now()).toBe(START);
    expect((await send(server, 'GET', '/api/v1/demo-bistro/reservations')).status).toBe(200);
  });
});

describe('a mock cannot start where its seed does not fit', () => {
  it('createMockCore({ now: 9999-12-30T08:00Z }) with the demo seed throws, naming the latest allowed instant', () => {
    expect(() => createMockCore({ now: '9999-12-30T08:00:00Z', logger: silentLogger })).toThrow(
      LATEST_DEMO_RESET,
    );
  });

  it('an empty seed starts at the last instant', () => {
    const core = createMockCore({ now: '9999-12-31T23:59:59.999Z', seed: 'empty', logger: silentLogger });
    expect(core.control.clock.now()).toBe('9999-12-31T23:59:59.999Z');
    core.close();
  });

  it('a session asked for with such a now is 400, and no session is created', async () => {
    const server = await startServer({ now: START, logger: silentLogger });
    const answer = await send(server, 'POST', '/__mock/sessions', { json: { now: '9999-12-30T08:00:00Z' } });
    expect(answer.status, answer.text).toBe(400);
    expect((answer.body as { message: string }).message).toContain(LATEST_DEMO_RESET);
    expect((await send(server, 'GET', '/__mock/sessions')).body).toEqual({ sessions: [] });
  });
});

describe('clock moves keep every project local date at four digits', () => {
  it('set() past the last instant of 9999-12-31 in Prague is invalid, naming it; the clock stays', async () => {
    const core = createMockCore({ now: START, logger: silentLogger });
    const error = await controlError(core.control.clock.set('9999-12-31T23:30:00Z'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain(LATEST_PRAGUE);
    expect(core.control.clock.now()).toBe(START);
    await core.control.clock.set(LATEST_PRAGUE);
    expect(core.control.clock.now()).toBe(LATEST_PRAGUE);
    const past = await controlError(core.control.clock.advance(1));
    expect(past.message).toContain('advanceMs');
    expect(past.message).toContain(LATEST_PRAGUE);
    expect(core.control.clock.now()).toBe(LATEST_PRAGUE);
    core.close();
  });

  it('a project at UTC+14 (Pacific/Kiritimati) brings the limit forward to 9999-12-31T09:59:59.999Z', async () => {
    const core = createMockCore({ now: START, seed: 'empty', logger: silentLogger });
    await core.control.createProject(FAR_EAST);
    const error = await controlError(core.control.clock.set('9999-12-31T10:00:00Z'));
    expect(error.message).toContain('9999-12-31T09:59:59.999Z');
    await core.control.clock.set('9999-12-31T09:59:59.999Z');
    expect(core.control.clock.now()).toBe('9999-12-31T09:59:59.999Z');
    core.close();
  });

  it("createProject whose local date would have five digits at the clock's now is invalid and adds nothing", async () => {
    const core = createMockCore({ now: '9999-12-31T12:00:00Z', seed: 'empty', logger: silentLogger });
    const error = await controlError(core.control.createProject(FAR_EAST));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('9999-12-31T09:59:59.999Z');
    expect((await core.control.snapshot()).projects).toEqual([]);
    core.close();
  });
});
