import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService, type JournalEntry } from '../../src/index';
import { booking, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';

describe('the request journal', () => {
  const api = useMockApi();

  it('records every API request in order with what the mock made of it', async () => {
    await api.get(`${P}/availability?date=2026-06-16`);
    const created = await api.post<{ reservation: { id: string } }>(`${P}/reservations`, booking());
    await api.get(`${P}/reservations`, { key: 'rk_wrong' });
    await api.post(`${P}/reservations`, booking({ tableId: 'tbl_02', from: '18:00', to: '20:00' }));
    await api.post(`${P}/reservations`, booking({ tableId: 'tbl_02', from: '19:00', to: '20:00' }));
    await api.service.control.settled();

    const entries = api.service.control.requests.list();
    expect(entries.map((e) => [e.method, e.status, e.operationId])).toEqual([
      ['GET', 200, 'getAvailability'],
      ['POST', 201, 'createReservation'],
      ['GET', 401, null],
      ['POST', 201, 'createReservation'],
      ['POST', 409, 'createReservation'],
    ]);
    const [availability, booked, refused, , conflict] = entries as JournalEntry[];
    expect(availability).toMatchObject({
      path: `${P}/availability`,
      query: '?date=2026-06-16',
      project: 'demo-bistro',
      key: { id: 'key_demo_full', name: 'demo_full' },
      body: null,
      error: null,
      rule: 'ok',
      at: '2026-06-15T08:00:00.000Z',
    });
    expect(booked?.reservations).toEqual([created.body.reservation.id]);
    expect(booked?.body).toMatchObject({ truncated: false, text: JSON.stringify(booking()) });
    expect(JSON.parse(booked?.response.body ?? '')).toMatchObject({ success: true });
    expect(refused).toMatchObject({
      key: 'unknown',
      error: { code: 'API_KEY_INVALID', message: 'Invalid API key' },
      // The reason after a dash: no bracket inside another.
      rule: 'API_KEY_INVALID: key unknown, revoked or regenerated — no key has this value: unknown, or regenerated',
    });
    expect(conflict?.rule).toMatch(/^DOUBLE_BOOKING: .*held by res_\d+ 18:00-20:00/);
    expect(entries.every((e) => e.durationMs >= 0 && /^req_\d{6}$/.test(e.id))).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('links the webhook deliveries a request caused', async () => {
    await api.service.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' });
    api.server.use(http.post('https://hooks.example.test/in', () => new HttpResponse(null, { status: 204 })));
    await api.post(`${P}/reservations`, booking());
    const [entry] = api.service.control.requests.list({ method: 'POST' });
    expect(entry?.deliveries).toEqual([api.service.control.deliveries()[0]?.id]);
  });

  it('concurrent changes: each entry lists its own deliveries, in the order the changes were made', async () => {
    const { control } = api.service;
    api.server.use(http.post('https://hooks.example.test/in', () => new HttpResponse(null, { status: 204 })));
    await control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' });
    const hours = ['12:00', '13:00', '14:00', '18:00', '19:00', '20:00'];
    await Promise.all(
      hours.map((from, index) => {
        const to = `${String(Number(from.slice(0, 2)) + 1).padStart(2, '0')}:00`;
        return api.post(`${P}/reservations`, booking({ from, to, email: `guest${index}@example.com` }));
      }),
    );
    await control.settled();

    const entries = control.requests.list({ method: 'POST' });
    expect(entries.map((entry) => entry.status)).toEqual(hours.map(() => 201));
    const deliveries = control.deliveries();
    // The dispatcher's order (oldest first) is the journal's: one delivery each, of its own reservation.
    expect(entries.flatMap((entry) => entry.deliveries)).toEqual(deliveries.map((d) => d.id));
    for (const [index, entry] of entries.entries()) {
      expect(entry.deliveries).toHaveLength(1);
      expect(deliveries[index]?.reservationId).toBe(entry.reservations[0]);
    }
  });

  it('filters by method, path, status, code and since; clear() and reset() empty it', async () => {
    await api.get(`${P}/tables`);
    await api.get(`${P}/reservations/res_nope`);
    await api.post(`${P}/reservations`, booking());
    const { requests } = api.service.control;
    expect(requests.list({ method: 'post' })).toHaveLength(1);
    expect(requests.list({ path: '/tables' })).toHaveLength(1);
    expect(requests.list({ status: 404 })).toHaveLength(1);
    expect(requests.list({ code: 'RESERVATION_NOT_FOUND' })).toHaveLength(1);
    const first = requests.list()[0]?.id ?? '';
    expect(requests.list({ since: first })).toHaveLength(2);
    expect(() => requests.list({ since: 'yesterday-ish' })).toThrow(/since/);
    requests.clear();
    expect(requests.list()).toEqual([]);
    await api.get(`${P}/tables`);
    await api.service.reset();
    expect(requests.list()).toEqual([]);
  });

  it('records the key and the operationId of a request a status fault answered', async () => {
    api.service.control.faults.add({ path: `${P}/reservations`, status: 503, times: 3 });
    await api.get(`${P}/reservations`);
    await api.get(`${P}/reservations`, { key: 'rk_wrong' });
    await api.get(`${P}/reservations`, { key: null });
    const entries = api.service.control.requests.list();
    expect(entries.map((e) => [e.status, e.key, e.operationId, e.rule])).toEqual([
      [
        503,
        { id: 'key_demo_full', name: 'demo_full' },
        'listReservations',
        expect.stringMatching(/^fault flt_/),
      ],
      [503, 'unknown', 'listReservations', expect.stringMatching(/^fault flt_/)],
      [503, 'none', 'listReservations', expect.stringMatching(/^fault flt_/)],
    ]);
  });

  it('lists each answer body exactly as it was sent: any script, and a cut that splits a surrogate pair', async () => {
    const text = 'Příliš žluťoučký kůň úpěl ďábelské ódy 😀';
    // `{"mm":"` is 7 characters, so the 4,096th character is the first half of an emoji.
    const emojis = { mm: '😀'.repeat(3000) };
    api.service.control.faults.add({ path: `${P}/services`, status: 503, body: { text }, times: 1 });
    api.service.control.faults.add({ path: `${P}/tables`, status: 503, body: emojis, times: 1 });
    const plain = await api.get(`${P}/services`);
    await api.get(`${P}/tables`);
    await api.get(`${P}/info`);
    const [services, tables, info] = api.service.control.requests.list();
    expect(services?.response).toEqual({ body: JSON.stringify(plain.body), truncated: false });
    expect(JSON.parse(services?.response.body ?? '')).toEqual({ text });
    const cut = JSON.stringify(emojis).slice(0, 4096);
    expect(tables?.response).toEqual({ body: cut, truncated: true });
    expect(tables?.response.body.charCodeAt(4095)).toBe(0xd83d);
    expect(JSON.parse(info?.response.body ?? '')).toMatchObject({ success: true });
  });

  it('takes a whole number of entries as journalLimit, 0 for none, and refuses anything else', () => {
    for (const journalLimit of [2.5, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => createMockService({ journalLimit }), String(journalLimit)).toThrow(
        new TypeError(
          `journalLimit must be a whole number of entries, 0 or more (0 turns the journal off): ${journalLimit}`,
        ),
      );
    for (const journalLimit of [0, 3])
      expect(createMockService({ journalLimit }).control.requests.list()).toEqual([]);
  });

  it('keeps only the last journalLimit entries and cuts bodies over 4 KiB', async () => {
    const mock = createMockService({ now: '2026-06-15T08:00:00Z', journalLimit: 2 });
    const send = (body?: string) =>
      mock.fetch(
        new Request(`${mock.baseUrl}${P}/reservations`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body }),
        }),
      );
    await send();
    await send();
    await send(JSON.stringify(booking({ note: 'x'.repeat(900), firstName: 'y'.repeat(5000) })));
    const entries = mock.control.requests.list();
    expect(entries.map((e) => e.id)).toEqual(['req_000002', 'req_000003']);
    expect(entries[1]?.body).toMatchObject({ truncated: true });
    expect(entries[1]?.body?.text).toHaveLength(4096);
    expect(entries[1]?.body?.bytes).toBeGreaterThan(4096);
    mock.close();
  });
});

describe('journal ids and clears', () => {
  async function freshMock() {
    const { createMockService } = await import('../../src/index');
    return createMockService({ now: '2026-06-15T08:00:00Z' });
  }
  const get = (
    mock: { baseUrl: string; fetch(r: Request): Promise<Response | undefined> },
    path = '/tables',
  ) => mock.fetch(new Request(`${mock.baseUrl}${P}${path}`, { headers: { 'X-API-Key': 'rk_demo_full' } }));
  const idNumbers = (ids: string[]) => ids.map((id) => Number(id.slice(4)));

  it('never repeats an id: clear() and reset() do not restart the counter', async () => {
    const mock = await freshMock();
    await get(mock);
    await get(mock);
    const [first, second] = mock.control.requests.list().map((e) => e.id);
    mock.control.requests.clear();
    await get(mock);
    await mock.reset();
    await get(mock);
    const [afterReset] = mock.control.requests.list().map((e) => e.id);
    expect(idNumbers([first ?? '', second ?? '', afterReset ?? ''])).toEqual([1, 2, 4]);
    mock.close();
  });

  it('compares `since` ids by number, whatever their width', async () => {
    const mock = await freshMock();
    for (let i = 0; i < 3; i++) await get(mock);
    expect(mock.control.requests.list({ since: 'req_2' }).map((e) => e.id)).toEqual(['req_000003']);
    expect(mock.control.requests.list({ since: 'req_0000001' }).map((e) => e.id)).toEqual([
      'req_000002',
      'req_000003',
    ]);
    mock.close();
  });

  it.each(['clear', 'reset'] as const)(
    'drops a request that was in flight during a %s, and numbers the next after it',
    async (how) => {
      const mock = await freshMock();
      mock.control.faults.add({ path: `${P}/info`, delayMs: 20 });
      const inFlight = get(mock, '/info');
      if (how === 'clear') mock.control.requests.clear();
      else await mock.reset();
      const dropped = await inFlight;
      // A clear leaves it to finish; a reset ends what waits (a fault delay): 503, never taken.
      expect(dropped?.status).toBe(how === 'clear' ? 200 : 503);
      // Answered with an id of its own (X-Request-Id), which the journal then never lists.
      const droppedId = dropped?.headers.get('x-request-id') ?? '';
      expect(droppedId).toMatch(/^req_\d{6,}$/);
      await get(mock);
      const entries = mock.control.requests.list();
      expect(entries.map((e) => e.path)).toEqual([`${P}/tables`]);
      expect(idNumbers(entries.map((e) => e.id))[0]).toBeGreaterThan(idNumbers([droppedId])[0] ?? 0);
      mock.close();
    },
  );

  it('lists entries in increasing id order when a slow request finishes after a quick one', async () => {
    const mock = await freshMock();
    mock.control.faults.add({ path: `${P}/info`, delayMs: 20 });
    const slow = get(mock, '/info');
    await get(mock);
    await slow;
    const entries = mock.control.requests.list();
    expect(entries.map((e) => e.path)).toEqual([`${P}/tables`, `${P}/info`]);
    const ids = idNumbers(entries.map((e) => e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    mock.close();
  });
});
