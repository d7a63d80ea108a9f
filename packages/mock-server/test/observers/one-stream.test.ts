// Every write of a world, whoever makes it (an API request, a control data helper, trigger, a reset,
// a clock move), is one typed outcome on one bus, with the store changes the store itself reported;
// persistence saves from those changes, not from what the event stream was told.
import { describe, expect, it } from 'vitest';
import { createMockCore, type MockPersistence, type MockSnapshot } from '../../src/index';
import type { Outcome } from '../../src/observers/outcome';
import { booking } from '../support/api';

const NOW = '2026-06-15T08:00:00Z';

function recorded() {
  let saves = 0;
  let saved: MockSnapshot | null = null;
  const persistence: MockPersistence = {
    load: async () => null,
    async save(snapshot) {
      saves++;
      saved = snapshot;
    },
  };
  const mock = createMockCore({
    now: NOW,
    persistence,
    fetch: async () => new Response(null, { status: 204 }),
  });
  const outcomes: Outcome[] = [];
  mock.outcomes.subscribe((outcome) => outcomes.push(outcome));
  return { mock, outcomes, saves: () => saves, saved: () => saved };
}

async function api(mock: ReturnType<typeof createMockCore>, method: string, path: string, body?: unknown) {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/api/v1/demo-bistro${path}`, {
      method,
      headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response?.status, json: (await response?.json()) as Record<string, { id: string }> };
}

describe('one stream of change', () => {
  it('each control data helper publishes one outcome with the store changes it made, and persistence saves each', async () => {
    const { mock, outcomes, saves } = recorded();
    const { control } = mock;
    await control.settled();
    const writes: [string, () => Promise<unknown>][] = [
      [
        'createProject',
        () =>
          control.createProject({
            id: 'prj_t',
            slug: 'tiny',
            name: 'Tiny',
            openingHours: { monday: { open: '08:00', close: '12:00' } },
            branches: [{ id: 'br_t', name: 'Main', address: 'Here 1' }],
          }),
      ],
      [
        'addTable',
        () => control.addTable('tiny', { id: 'tbl_t1', name: 'T1', capacity: 2, branchId: 'br_t' }),
      ],
      [
        'addService',
        () => control.addService('tiny', { id: 'svc_t', name: 'Coffee', duration: 15, price: 60 }),
      ],
      ['keys.create', () => control.keys.create('demo-bistro', { permissions: ['read'] })],
      ['blacklist', () => control.blacklist('demo-bistro', { email: 'no@example.com' })],
      ['setWebhook', () => control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' })],
      ['trigger', () => control.trigger('demo-bistro', 'reservation.created')],
    ];
    for (const [source, write] of writes) {
      const before = outcomes.length;
      const savesBefore = saves();
      await write();
      await control.settled();
      const published = outcomes.slice(before);
      expect(published, source).toHaveLength(1);
      expect(published[0], source).toMatchObject({ kind: 'control', source });
      expect(published[0]?.changes.length, source).toBeGreaterThan(0);
      expect(saves(), source).toBe(savesBefore + 1);
    }
  });

  it("a trigger's outcome carries what an API outcome does: reservations, deliveries and the state-machine moves", async () => {
    const { mock, outcomes } = recorded();
    await mock.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' });
    const before = outcomes.length;
    const result = await mock.control.trigger('demo-bistro', 'reservation.completed');
    await mock.control.settled();
    const [outcome] = outcomes.slice(before);
    expect(outcome).toMatchObject({
      kind: 'control',
      source: 'trigger',
      operationId: null,
      error: null,
      answer: { status: 200 },
      reservations: [result.reservationId],
      transitions: [
        { reservation: result.reservationId, from: 'PENDING', to: 'CONFIRMED' },
        { reservation: result.reservationId, from: 'CONFIRMED', to: 'COMPLETED' },
      ],
    });
    expect(outcome?.deliveries.map((d) => d.id)).toEqual(result.deliveries);
    expect(mock.control.deliveries().map((d) => d.id)).toEqual(result.deliveries);
  });

  it('an API status change lists its transition; a refused one lists none and changes nothing', async () => {
    const { mock, outcomes } = recorded();
    const created = await api(mock, 'POST', '/reservations', booking());
    const id = created.json.reservation?.id ?? '';
    const before = outcomes.length;
    expect((await api(mock, 'PATCH', `/reservations/${id}/status`, { status: 'CONFIRMED' })).status).toBe(
      200,
    );
    expect((await api(mock, 'PATCH', `/reservations/${id}/status`, { status: 'PENDING' })).status).toBe(409);
    const [moved, refused] = outcomes.slice(before);
    expect(moved).toMatchObject({
      kind: 'api',
      operationId: 'updateReservationStatus',
      transitions: [{ reservation: id, from: 'PENDING', to: 'CONFIRMED' }],
    });
    expect(refused).toMatchObject({ kind: 'api', transitions: [], changes: [] });
    expect(refused?.answer.status).toBe(409);
  });

  it('a clock move, a fault, a journal clear and a reset are outcomes too; only the reset is saved', async () => {
    const { mock, outcomes, saves } = recorded();
    await mock.control.settled();
    const savesBefore = saves();
    const before = outcomes.length;
    await mock.control.clock.advance(60_000);
    const fault = mock.control.faults.add({ path: '/api/v1/*', status: 500 });
    mock.control.faults.remove(fault.id);
    mock.control.requests.clear();
    await mock.control.reset();
    await mock.control.settled();
    const published = outcomes.slice(before);
    expect(published.map((o) => (o.kind === 'control' ? o.source : o.kind))).toEqual([
      'clock.advance',
      'faults.add',
      'faults.remove',
      'requests.clear',
      'reset',
    ]);
    expect(published.map((o) => o.kind === 'control' && o.notice.kind)).toEqual([
      'clock',
      'faults',
      'faults',
      'requests-cleared',
      'reset',
    ]);
    expect(saves()).toBe(savesBefore + 1);
  });

  it('deliveries of API writes and of trigger are recorded in the order the writes took effect', async () => {
    const { mock } = recorded();
    await mock.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' });
    const writes = await Promise.all([
      api(mock, 'POST', '/reservations', booking({ tableId: 'tbl_01', from: '18:00', to: '20:00' })),
      mock.control.trigger('demo-bistro', 'reservation.created'),
      api(mock, 'POST', '/reservations', booking({ tableId: 'tbl_02', from: '18:00', to: '20:00' })),
    ]);
    await mock.control.settled();
    const [first, triggered, third] = writes;
    const made = [first.json.reservation?.id, triggered.reservationId, third.json.reservation?.id];
    // Reservation ids are taken as each write takes effect: their order is the commit order.
    expect(mock.control.deliveries().map((d) => d.reservationId)).toEqual([...made].sort());
  });
});
