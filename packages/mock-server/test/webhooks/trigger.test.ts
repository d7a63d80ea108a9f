// control.trigger() and POST /__mock/projects/:slug/trigger (mock README, "Trigger an event"): real
// transitions through the domain, so the reservation, its history and the deliveries agree.
import { describe, expect, it } from 'vitest';
import { createMockCore, MockControlError, type MockCore } from '../../src/index';
import { MONDAY_MORNING } from '../support/time';

const HOOK = 'http://hooks.test/reservations';
const DAY = 24 * 60 * 60 * 1000;

interface Sent {
  url: string;
  body: string;
  delivery: string | null;
}

async function setup(): Promise<{ core: MockCore; sent: Sent[] }> {
  const sent: Sent[] = [];
  const core = createMockCore({
    now: MONDAY_MORNING,
    fetch: async (request) => {
      sent.push({
        url: request.url,
        body: await request.text(),
        delivery: request.headers.get('X-Webhook-Delivery'),
      });
      return new Response(null, { status: 204 });
    },
  });
  await core.control.setWebhook('demo-bistro', { url: HOOK });
  return { core, sent };
}

async function control(core: MockCore, method: string, path: string, json?: unknown) {
  const response = await core.fetch(
    new Request(`${core.baseUrl}/__mock${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }),
  );
  if (!response) throw new Error('not a control route');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const eventNames = (sent: Sent[]) => sent.map((s) => (JSON.parse(s.body) as { event: string }).event);

describe('control.trigger', () => {
  it('reservation.created books the first free slot a day ahead on a free table for the test customer', async () => {
    const { core, sent } = await setup();
    const result = await core.control.trigger('demo-bistro', 'reservation.created');
    await core.control.settled();

    const reservation = await core.control.getReservation('demo-bistro', result.reservationId);
    // Monday 10:00 in Prague + one day is Tuesday 10:00; the bistro opens at 11:00.
    expect(reservation).toMatchObject({
      date: '2026-06-16',
      from: '11:00',
      status: 'PENDING',
      customer: { email: 'trigger@example.com' },
    });
    expect(reservation.table).not.toBeNull();
    expect(reservation.statusHistory).toEqual([
      expect.objectContaining({ action: 'created', changedBy: 'system' }),
    ]);
    expect(Date.parse(`${reservation.date}T${reservation.from}:00+02:00`)).toBeGreaterThanOrEqual(
      Date.parse(MONDAY_MORNING) + DAY,
    );
    expect(result.deliveries).toHaveLength(1);
    expect(sent.map((s) => s.delivery)).toEqual(result.deliveries);
    expect(JSON.parse(sent[0]?.body ?? '')).toMatchObject({
      event: 'reservation.created',
      data: { reservation: { id: result.reservationId } },
    });
  });

  it('never books a table twice: repeated triggers take other tables or later slots', async () => {
    const { core } = await setup();
    const ids = [];
    for (let i = 0; i < 12; i++)
      ids.push((await core.control.trigger('demo-bistro', 'reservation.created')).reservationId);
    const booked = await Promise.all(ids.map((id) => core.control.getReservation('demo-bistro', id)));
    const places = booked.map((r) => `${r.table?.id} ${r.date} ${r.from}`);
    expect(new Set(places).size).toBe(booked.length);
  });

  it('reservation.completed on a new reservation sends created, confirmed and completed, all by system', async () => {
    const { core, sent } = await setup();
    const result = await core.control.trigger('demo-bistro', 'reservation.completed');
    await core.control.settled();
    // In delivery order (ids are random, so by their place in the result): three independent
    // deliveries may arrive in any order (each first attempt waits for its own signature).
    const order = (s: (typeof sent)[number]) => result.deliveries.indexOf(s.delivery ?? '');
    const received = [...sent].sort((x, y) => order(x) - order(y));

    expect(eventNames(received)).toEqual([
      'reservation.created',
      'reservation.confirmed',
      'reservation.completed',
    ]);
    expect(received.map((s) => s.delivery)).toEqual(result.deliveries);
    expect(core.control.deliveries().map((d) => d.id)).toEqual(result.deliveries);
    expect(JSON.parse(received[1]?.body ?? '')).toMatchObject({
      data: { reservation: { id: result.reservationId, confirmedBy: 'system' } },
    });
    const reservation = await core.control.getReservation('demo-bistro', result.reservationId);
    expect(reservation.status).toBe('COMPLETED');
    expect(reservation.statusHistory.map((h) => [h.action, h.changedBy])).toEqual([
      ['created', 'system'],
      ['confirmed', 'system'],
      ['completed', 'system'],
    ]);
  });

  it('moves a given reservation: cancelled from CONFIRMED sends only reservation.cancelled', async () => {
    const { core, sent } = await setup();
    const { reservationId } = await core.control.trigger('demo-bistro', 'reservation.confirmed');
    await core.control.settled();
    sent.length = 0;

    const result = await core.control.trigger('demo-bistro', 'reservation.cancelled', { reservationId });
    await core.control.settled();
    expect(result.reservationId).toBe(reservationId);
    expect(result.deliveries).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '')).toMatchObject({
      event: 'reservation.cancelled',
      data: { reservation: { id: reservationId, previousStatus: 'CONFIRMED', cancelledBy: 'system' } },
    });
  });

  it('refuses a transition the state machine refuses with a conflict, changing nothing', async () => {
    const { core } = await setup();
    const { reservationId } = await core.control.trigger('demo-bistro', 'reservation.cancelled');
    await core.control.settled();
    const before = await core.control.snapshot();
    const deliveries = core.control.deliveries().length;

    const refused = core.control.trigger('demo-bistro', 'reservation.completed', { reservationId });
    await expect(refused).rejects.toThrow(MockControlError);
    await expect(refused).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Cannot change status from CANCELLED to COMPLETED',
    });
    expect(await core.control.snapshot()).toEqual(before);
    expect(core.control.deliveries()).toHaveLength(deliveries);
  });

  it('sends nothing for a project without a webhook URL, but still makes the change', async () => {
    const { core, sent } = await setup();
    const result = await core.control.trigger('demo-salon', 'reservation.confirmed');
    await core.control.settled();
    expect(result.deliveries).toEqual([]);
    expect(sent).toEqual([]);
    expect((await core.control.getReservation('demo-salon', result.reservationId)).status).toBe('CONFIRMED');
  });
});

describe('POST /__mock/projects/:slug/trigger', () => {
  it('answers 201 with the reservation id and the delivery ids', async () => {
    const { core } = await setup();
    const answer = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.confirmed',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      reservationId: expect.stringMatching(/^res_/),
      deliveries: expect.any(Array),
    });
    expect(answer.body.deliveries).toEqual(core.control.deliveries().map((d) => d.id));
    expect(answer.body.deliveries).toHaveLength(2);
  });

  it('400 for an unknown event, naming the four; 404 for an unknown reservation; 409 for a refused transition', async () => {
    const { core } = await setup();
    const unknown = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.moved',
    });
    expect(unknown.status).toBe(400);
    for (const name of [
      'reservation.created',
      'reservation.confirmed',
      'reservation.cancelled',
      'reservation.completed',
    ])
      expect(unknown.body.message).toContain(name);

    const missing = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.confirmed',
      reservationId: 'res_nope',
    });
    expect(missing.status).toBe(404);

    const { reservationId } = await core.control.trigger('demo-bistro', 'reservation.confirmed');
    const again = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.confirmed',
      reservationId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cannot change status from CONFIRMED to CONFIRMED');
    expect(core.control.deliveries()).toHaveLength(2);
  });
});

describe('trigger overrides of the event data', () => {
  const payload = (sent: Sent[], event: string) => {
    const found = sent.map((s) => JSON.parse(s.body) as { event: string; data: Record<string, unknown> });
    const match = found.find((e) => e.event === event);
    if (!match) throw new Error(`no ${event} among ${found.map((e) => e.event).join(', ')}`);
    return match.data;
  };

  it('reason is the cancellation reason in the event and the history', async () => {
    const { core, sent } = await setup();
    const { reservationId } = await core.control.trigger('demo-bistro', 'reservation.cancelled', {
      reason: 'Kitchen flooded',
    });
    await core.control.settled();
    expect(payload(sent, 'reservation.cancelled')).toMatchObject({
      reservation: { reason: 'Kitchen flooded', cancelledBy: 'system' },
    });
    const reservation = await core.control.getReservation('demo-bistro', reservationId);
    expect(reservation.statusHistory.at(-1)).toMatchObject({
      status: 'CANCELLED',
      reason: 'Kitchen flooded',
    });
  });

  it('guests picks a table that seats them; table and date book there', async () => {
    const { core } = await setup();
    const big = await core.control.trigger('demo-bistro', 'reservation.created', { guests: 5 });
    expect(await core.control.getReservation('demo-bistro', big.reservationId)).toMatchObject({
      guests: 5,
      table: { id: 'tbl_04' },
    });
    const placed = await core.control.trigger('demo-bistro', 'reservation.created', {
      tableId: 'tbl_03',
      date: '2026-06-20',
      guests: 2,
    });
    expect(await core.control.getReservation('demo-bistro', placed.reservationId)).toMatchObject({
      date: '2026-06-20',
      guests: 2,
      table: { id: 'tbl_03' },
    });
  });

  it('date books that day after the mock’s now, even within the usual day of lead', async () => {
    const { core } = await setup();
    // MONDAY_MORNING is 10:00 in Prague: the bistro's first free slot today is 11:00.
    const today = await core.control.trigger('demo-bistro', 'reservation.created', { date: '2026-06-15' });
    expect(await core.control.getReservation('demo-bistro', today.reservationId)).toMatchObject({
      date: '2026-06-15',
      from: '11:00',
    });
  });

  it('refuses overrides that do not fit, changing nothing', async () => {
    const { core } = await setup();
    const before = (await core.control.reservations('demo-bistro')).length;
    const refusals: Array<[string, Record<string, unknown>, RegExp, string]> = [
      ['reservation.created', { reason: 'x' }, /reason is the reason of a cancellation/, 'invalid'],
      [
        'reservation.cancelled',
        { reservationId: 'res_0001', guests: 2 },
        /guests shape a new booking/,
        'invalid',
      ],
      ['reservation.created', { tableId: 'tbl_07' }, /Unknown table "tbl_07"/, 'invalid'],
      [
        'reservation.created',
        { tableId: 'tbl_01', guests: 3 },
        /exceeds the capacity of table tbl_01 \(2\)/,
        'invalid',
      ],
      [
        'reservation.created',
        { date: '2026-06-14' },
        /No free slot in demo-bistro on 2026-06-14/,
        'conflict',
      ],
      ['reservation.created', { guests: 0 }, /guests must be a positive integer/, 'invalid'],
      ['reservation.created', { date: '2026-02-30' }, /date must be a date YYYY-MM-DD/, 'invalid'],
      [
        'reservation.cancelled',
        { reason: 'x'.repeat(1001) },
        /reason must be at most 1000 characters/,
        'invalid',
      ],
    ];
    for (const [event, options, message, kind] of refusals) {
      const error = await core.control.trigger('demo-bistro', event as 'reservation.created', options).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, JSON.stringify(options)).toBeInstanceOf(MockControlError);
      expect((error as MockControlError).message).toMatch(message);
      expect((error as MockControlError).kind).toBe(kind);
    }
    expect(await core.control.reservations('demo-bistro')).toHaveLength(before);
    expect(core.control.deliveries()).toHaveLength(0);
  });

  it('POST /__mock/projects/:slug/trigger takes the overrides in its body', async () => {
    const { core, sent } = await setup();
    const answer = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.cancelled',
      reason: 'Private event',
      guests: 3,
    });
    expect(answer.status).toBe(201);
    await core.control.settled();
    expect(payload(sent, 'reservation.cancelled')).toMatchObject({
      reservation: { reason: 'Private event' },
    });
    expect(payload(sent, 'reservation.created')).toMatchObject({ reservation: { guests: 3 } });
    const refused = await control(core, 'POST', '/projects/demo-bistro/trigger', {
      event: 'reservation.confirmed',
      reason: 'x',
    });
    expect(refused.status).toBe(400);
  });
});
