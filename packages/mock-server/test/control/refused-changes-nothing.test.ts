// A refused control call changes nothing (mock README, "The control interface"), also where the
// refusal comes late: createProject with an id or key value already in use (or given twice), a
// duplicate reservation id, a createdAt in the future, and a body sent to a route that takes none.
// Before, createProject left the project and what it had inserted so far (a second try then read
// "a project with slug u already exists"), and addReservation rewrote the customer's name first.
import { describe, expect, it } from 'vitest';
import { createMockCore, MockControlError, silentLogger } from '../../src/index';
import { send, startServer, TUESDAY_NOON } from '../support/server';

const PROJECT = {
  id: 'prj_u',
  slug: 'u',
  name: 'U',
  openingHours: { monday: { open: '09:00', close: '17:00' } },
};

type Extra = Record<string, unknown>;

const clashes: [string, Extra][] = [
  [
    'a key value another project uses',
    { apiKeys: [{ id: 'key_u', name: 'k', key: 'rk_demo_full', permissions: [] }] },
  ],
  [
    'one key value twice',
    {
      apiKeys: [
        { id: 'key_u1', key: 'rk_twice_12345', permissions: [] },
        { id: 'key_u2', key: 'rk_twice_12345', permissions: [] },
      ],
    },
  ],
  ['a key id in use', { apiKeys: [{ id: 'key_demo_full', key: 'rk_fresh_12345', permissions: [] }] }],
  [
    'a photo id in use',
    {
      photos: [{ id: 'pho_01', imageUrl: 'https://example.com/a.jpg', createdAt: '2026-01-01T00:00:00Z' }],
    },
  ],
  [
    'a reservation id in use',
    {
      reservations: [
        {
          id: 'res_demo_0001',
          date: '2026-06-15',
          from: '10:00',
          to: '11:00',
          customer: { email: 'u@example.com' },
        },
      ],
    },
  ],
  [
    'one reservation id twice',
    {
      reservations: [
        { id: 'res_u', date: '2026-06-15', from: '10:00', to: '11:00', customer: { email: 'u@example.com' } },
        { id: 'res_u', date: '2026-06-15', from: '12:00', to: '13:00', customer: { email: 'v@example.com' } },
      ],
    },
  ],
];

describe('createProject', () => {
  it.each(clashes)('with %s is refused whole: nothing of it is stored', async (_, extra) => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    const { control } = core;
    const before = await control.snapshot();
    await expect(control.createProject({ ...PROJECT, ...extra } as never)).rejects.toBeInstanceOf(
      MockControlError,
    );
    expect(await control.snapshot()).toEqual(before);
    // The corrected project is then added as any other.
    await expect(control.createProject(PROJECT)).resolves.toEqual({ id: 'prj_u', slug: 'u' });
    core.close();
  });
});

describe('addReservation', () => {
  it('with an id in use is refused before the customer is written', async () => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    const { control } = core;
    const before = await control.snapshot();
    const [existing] = await control.reservations('demo-bistro');
    if (!existing) throw new Error('the demo data has reservations');
    for (const email of [existing.customer.email, 'new-customer@example.com']) {
      await expect(
        control.addReservation('demo-bistro', {
          id: existing.id,
          date: '2026-06-24',
          from: '10:00',
          to: '11:00',
          customer: { email, firstName: 'Changed' },
        }),
      ).rejects.toThrow(`Duplicate id ${existing.id}`);
    }
    expect(await control.snapshot()).toEqual(before);
    core.close();
  });

  it('refuses a createdAt later than the mock clock, and stores an offset one in UTC', async () => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    const { control } = core;
    const before = await control.snapshot();
    const booking = { date: '2026-06-24', from: '10:00', to: '11:00', customer: { email: 'c@example.com' } };
    await expect(
      control.addReservation('demo-bistro', {
        ...booking,
        createdAt: '2099-01-01T00:00:00Z',
        status: 'COMPLETED',
      }),
    ).rejects.toThrow(
      `createdAt must not be later than the mock's current time, ${new Date(TUESDAY_NOON).toISOString()}`,
    );
    expect(await control.snapshot()).toEqual(before);
    const added = await control.addReservation('demo-bistro', {
      ...booking,
      createdAt: '2026-06-01T10:00:00+02:00',
    });
    expect(added.createdAt).toBe('2026-06-01T08:00:00.000Z');
    expect(added.statusHistory[0]?.changedAt).toBe('2026-06-01T08:00:00.000Z');
    core.close();
  });
});

describe('a control route that takes no body', () => {
  it.each([
    [
      'POST',
      '/__mock/projects/demo-bistro/keys/key_demo_read/regenerate',
      '{"foo":1}',
      400,
      'VALIDATION_ERROR',
    ],
    [
      'POST',
      '/__mock/projects/demo-bistro/keys/key_demo_read/regenerate',
      'garbage',
      400,
      'VALIDATION_ERROR',
    ],
    ['DELETE', '/__mock/projects/demo-bistro/keys/key_demo_read', '{"id":"x"}', 400, 'VALIDATION_ERROR'],
    ['DELETE', '/__mock/faults', 'garbage', 400, 'VALIDATION_ERROR'],
    ['DELETE', '/__mock/requests', '{"all":true}', 400, 'VALIDATION_ERROR'],
    ['POST', '/__mock/settled', '[]', 400, 'VALIDATION_ERROR'],
  ])('%s %s with body %s is %i %s and changes nothing', async (method, path, body, status, code) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    control.faults.add({ path: '/api/v1/demo-bistro/info', status: 503, times: 'always' });
    const state = async () => ({ snapshot: await control.snapshot(), faults: control.faults.list() });
    const before = await state();
    const answer = await send(server, method, path, { key: null, body });
    expect({ status: answer.status, code: (answer.body as { code?: string }).code }, answer.text).toEqual({
      status,
      code,
    });
    expect(await state()).toEqual(before);
    // With an empty object (as with no body) the route works as before.
    expect((await send(server, method, path, { key: null, body: '{}' })).status).toBe(200);
  });
});

describe('a control body with a key the body reader drops', () => {
  it('is refused, not widened: a fault for ?constructor=1 is not added as a fault for every request', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { control } = server.service;
    const body = JSON.stringify({
      path: '/api/v1/demo-bistro/info',
      query: { constructor: '1' },
      status: 503,
      times: 'always',
    });
    const answer = await send(server, 'POST', '/__mock/faults', { key: null, body });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('"constructor"'),
    });
    expect(control.faults.list()).toEqual([]);
    expect((await send(server, 'GET', '/api/v1/demo-bistro/info')).status).toBe(200);
  });
});

describe('control input that could never take effect', () => {
  it.each([
    [{ path: 'api/v1/*', status: 503 }, 'path must start with / (or *)'],
    [{ method: 'FROB', status: 503 }, 'method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS'],
  ])('a fault %j is refused: %s', async (spec, message) => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    expect(() => core.control.faults.add(spec as never)).toThrow(message);
    expect(core.control.faults.list()).toEqual([]);
    // In any case, a method is still taken: `get` matches GET.
    expect(core.control.faults.add({ method: 'get', status: 503 }).method).toBe('GET');
    core.close();
  });

  it('a trigger for more guests than any table seats is invalid at once, and changes nothing', async () => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    const before = await core.control.snapshot();
    await expect(
      core.control.trigger('demo-bistro', 'reservation.created', { guests: 1000 }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(
        /^guests 1000 exceeds what any table of demo-bistro seats \(at most \d+\)$/,
      ),
    });
    expect(await core.control.snapshot()).toEqual(before);
    core.close();
  });
});

describe('a control filter given twice', () => {
  it.each([
    '/__mock/requests?status=200&status=404',
    '/__mock/webhooks/deliveries?status=pending&status=failed',
    '/__mock/projects/demo-bistro/reservations?date=2026-06-16&date=2026-06-17',
  ])('%s is 400 naming it, as on the API (not the last value taken)', async (path) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const answer = await send(server, 'GET', path, { key: null });
    const name = /[?&](\w+)=/.exec(path)?.[1];
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: { error: 'Bad Request', message: `${name}: must be given once`, code: 'VALIDATION_ERROR' },
    });
  });
});

describe('a query on a control route that takes none', () => {
  it.each([
    ['DELETE', '/__mock/faults?id=flt_0001', 'id'],
    ['DELETE', '/__mock/requests?since=req_999999', 'since'],
    ['POST', '/__mock/reset?now=2031-01-01T00:00:00Z', 'now'],
    ['GET', '/__mock/projects/demo-bistro/keys?id=key_demo_read', 'id'],
    ['POST', '/__mock/sessions?id=w1', 'id'],
  ])(
    '%s %s is 400 naming it, and changes nothing (it was ignored: the call went ahead)',
    async (method, path, name) => {
      const server = await startServer({ now: TUESDAY_NOON });
      const { control } = server.service;
      control.faults.add({ path: '/api/v1/demo-bistro/info', status: 503, times: 'always' });
      control.faults.add({ path: '/api/v1/demo-bistro/services', status: 503, times: 'always' });
      await send(server, 'GET', '/api/v1/demo-bistro/tables');
      const state = async () => ({
        snapshot: await control.snapshot(),
        faults: control.faults.list(),
        journal: control.requests.list().length,
        now: control.clock.now(),
        sessions: server.sessions().length,
      });
      const before = await state();
      const answer = await send(server, method, path, {
        key: null,
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: {
          error: 'Bad Request',
          message: `${method} ${path.split('?')[0]} takes no query parameters (got ${name})`,
          code: 'VALIDATION_ERROR',
        },
      });
      expect(await state()).toEqual(before);
    },
  );
});

describe('a readiness probe', () => {
  it.each(['GET', 'HEAD'])('%s /__mock/health answers with a cache-busting query too', async (method) => {
    const server = await startServer({ now: TUESDAY_NOON });
    expect((await send(server, method, '/__mock/health?t=1', { key: null })).status).toBe(200);
  });
});

describe('journal filters, as documented', () => {
  it.each([
    ['status=', 'status must be a whole number'],
    ['status=0x1F4', 'status must be a whole number'],
    ['since=12', 'since must be a request id'],
    ['since=June%201', 'since must be a request id'],
  ])('?%s is refused (it was read as 0, 500 or a date in the local zone)', async (query, message) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const answer = await send(server, 'GET', `/__mock/requests?${query}`, { key: null });
    expect(answer.status, answer.text).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
  });

  it('takes a status as digits or a number, and since as an id, an ISO date or date-time', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    await send(server, 'GET', '/api/v1/demo-bistro/tables');
    await send(server, 'GET', '/api/v1/demo-bistro/services');
    const { control } = server.service;
    const [first] = control.requests.list();
    expect(control.requests.list({ status: 200 })).toHaveLength(2);
    const overHttp = async (query: string) =>
      (
        (await send(server, 'GET', `/__mock/requests?${query}`, { key: null })).body as {
          requests: unknown[];
        }
      ).requests.length;
    expect(await overHttp('status=200')).toBe(2);
    expect(await overHttp(`since=${first?.id}`)).toBe(1);
    expect(control.requests.list({ since: first?.id ?? '' })).toHaveLength(1);
    for (const since of [
      '2000-01-01',
      '2000-01-01T00:00Z',
      '2000-01-01T00:00:00+02:00',
      '2000-01-01T00:00:00+0200',
    ])
      expect(await overHttp(`since=${encodeURIComponent(since)}`), since).toBe(2);
  });
});

describe('a fault from JavaScript that could not be answered, or would match every request', () => {
  it.each<[string, () => Record<string, unknown>, string]>([
    [
      'a body that holds itself',
      () => {
        const body: Record<string, unknown> = {};
        body.self = body;
        return { status: 500, body };
      },
      'body must be a JSON value nested at most 32 levels (no cycles)',
    ],
    ...[33, 2_000, 20_000].map(
      (levels) =>
        [
          `a body nested ${levels} deep`,
          () => {
            const body: Record<string, unknown> = {};
            let inner = body;
            for (let i = 1; i < levels; i++) {
              inner.a = {};
              inner = inner.a as Record<string, unknown>;
            }
            return { status: 500, body };
          },
          'body must be a JSON value nested at most 32 levels (no cycles)',
        ] as [string, () => Record<string, unknown>, string],
    ),
    [
      'a query with an own __proto__ key',
      () => ({ status: 500, query: JSON.parse('{"__proto__":"1"}') }),
      'query: "__proto__" cannot be matched or sent',
    ],
    [
      'headers with an own __proto__ key',
      () => ({ status: 500, headers: JSON.parse('{"__proto__":"x"}') }),
      'headers: "__proto__" cannot be matched or sent',
    ],
  ])('%s is a MockControlError, and no fault is added', (_, spec, message) => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    let caught: unknown;
    try {
      core.control.faults.add({ path: '/api/v1/demo-bistro/info', ...spec() } as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MockControlError);
    expect((caught as Error).message).toContain(message);
    expect(core.control.faults.list()).toEqual([]);
    core.close();
  });
});

describe('the session routes, as the other control routes', () => {
  it('refuse a body key the reader would drop, and a body sent to DELETE; nothing changes', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const created = await send(server, 'POST', '/__mock/sessions', {
      key: null,
      body: '{"id":"s1","constructor":{"seed":"empty"}}',
    });
    expect({ status: created.status, code: (created.body as { code?: string }).code }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(server.sessions()).toEqual([]);
    expect((await send(server, 'POST', '/__mock/sessions', { key: null, body: '{"id":"s1"}' })).status).toBe(
      201,
    );
    const ended = await send(server, 'DELETE', '/__mock/sessions/s1', { key: null, body: '{"now":1}' });
    expect({ status: ended.status, message: (ended.body as { message?: string }).message }).toEqual({
      status: 400,
      message: 'DELETE /__mock/sessions/s1 takes no body; got "now"',
    });
    expect(server.sessions().map((s) => s.id)).toEqual(['s1']);
    expect((await send(server, 'DELETE', '/__mock/sessions/s1', { key: null })).status).toBe(200);
  });
});

describe('a seeded booking created later than the mock clock (its history would be in the future)', () => {
  const future = {
    ...PROJECT,
    reservations: [
      {
        id: 'res_later',
        date: '2026-06-15',
        from: '10:00',
        to: '11:00',
        status: 'COMPLETED',
        customer: { email: 'later@example.com' },
        createdAt: '2099-01-01T00:00:00Z',
      },
    ],
  };
  const message =
    /^reservation res_later of u was created at 2099-01-01T00:00:00Z, later than the mock's now, .+: a status history is never in the future$/;

  it('is refused by createProject, and nothing of the project is stored', async () => {
    const core = createMockCore({ now: TUESDAY_NOON, logger: silentLogger });
    const before = await core.control.snapshot();
    await expect(core.control.createProject(future as never)).rejects.toThrow(message);
    expect(await core.control.snapshot()).toEqual(before);
    core.close();
  });

  it('in a seed: refused at the start, and by a reset to an instant before it (which changes nothing)', async () => {
    const seed = { projects: [future] };
    expect(() => createMockCore({ now: TUESDAY_NOON, seed: seed as never, logger: silentLogger })).toThrow(
      message,
    );
    const core = createMockCore({ now: '2099-06-01T00:00:00Z', seed: seed as never, logger: silentLogger });
    const before = await core.control.snapshot();
    await expect(core.control.reset({ now: TUESDAY_NOON })).rejects.toThrow(message);
    expect(await core.control.snapshot()).toEqual(before);
    core.close();
  });
});
