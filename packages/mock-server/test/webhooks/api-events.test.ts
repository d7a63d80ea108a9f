// Events flow from the domain to the dispatcher only after a request succeeded, with the fields of
// openapi.yaml's `webhooks` (the Reservation*Event schemas), signed with the project's secret.
import { signWebhookPayload } from '@reservation-api/sdk/webhooks';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { booking, type MockApi, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';
const HOOK = 'http://hooks.test/reservations';

interface Received {
  body: string;
  signature: string | null;
}

async function receiver(api: MockApi, status = 200): Promise<Received[]> {
  const received: Received[] = [];
  api.server.use(
    http.post(HOOK, async ({ request }) => {
      received.push({ body: await request.text(), signature: request.headers.get('X-Webhook-Signature') });
      return new HttpResponse(null, { status });
    }),
  );
  await api.service.control.setWebhook('demo-bistro', { url: HOOK });
  return received;
}

const events = (received: Received[]) =>
  received.map(
    (r) => JSON.parse(r.body) as { event: string; data: { reservation: Record<string, unknown> } },
  );

describe('webhook events', () => {
  const api = useMockApi();

  it('sends reservation.created, signed with the project secret, matching the contract', async () => {
    const received = await receiver(api);
    const created = await api.post<{ reservation: { id: string } }>(
      `${P}/reservations`,
      booking({ tableId: 'tbl_02', serviceIds: ['svc_lunch'], firstName: 'Jana', guests: 2 }),
    );
    await api.service.control.settled();
    expect(received).toHaveLength(1);
    const [first] = received;
    if (!first) throw new Error('no delivery');
    expect(first.signature).toBe(await signWebhookPayload(first.body, 'whsec_demo_bistro'));
    expect(JSON.parse(first.body)).toEqual({
      event: 'reservation.created',
      timestamp: '2026-06-15T08:00:00.000Z',
      projectId: 'prj_demo_bistro',
      data: {
        reservation: {
          id: created.body.reservation.id,
          date: '2026-06-16',
          from: '12:00',
          to: '13:00',
          status: 'PENDING',
          guests: 2,
          note: null,
          customer: { firstName: 'Jana', lastName: null, email: 'guest@example.com', phone: null },
          services: [{ id: 'svc_lunch', name: 'Obědové menu' }],
          table: { id: 'tbl_02', name: 'Stůl 2' },
          createdAt: '2026-06-15T08:00:00.000Z',
        },
      },
    });
    expect(api.service.control.deliveries()).toMatchObject([
      { status: 'delivered', event: 'reservation.created', url: HOOK },
    ]);
  });

  it('sends confirmed, completed and cancelled events, and none for NO_SHOW', async () => {
    const received = await receiver(api);
    await api.patch(`${P}/reservations/res_demo_0004/status`, { status: 'CONFIRMED' });
    await api.patch(`${P}/reservations/res_demo_0004/status`, { status: 'COMPLETED' });
    await api.patch(`${P}/reservations/res_demo_0003/status`, { status: 'NO_SHOW' });
    await api.del(`${P}/reservations/res_demo_0005`, { json: { reason: 'Weather' } });
    await api.service.control.settled();
    expect(events(received).map((e) => [e.event, e.data.reservation])).toEqual([
      [
        'reservation.confirmed',
        { id: 'res_demo_0004', status: 'CONFIRMED', previousStatus: 'PENDING', confirmedBy: 'key_demo_full' },
      ],
      ['reservation.completed', { id: 'res_demo_0004', status: 'COMPLETED' }],
      [
        'reservation.cancelled',
        {
          id: 'res_demo_0005',
          status: 'CANCELLED',
          previousStatus: 'PENDING',
          reason: 'Weather',
          cancelledBy: 'key_demo_full',
        },
      ],
    ]);
  });

  it('sends nothing for a rejected request', async () => {
    const received = await receiver(api);
    await api.post(
      `${P}/reservations`,
      booking({ tableId: 'tbl_04', date: '2026-06-16', from: '18:00', to: '19:00' }),
    );
    await api.post(`${P}/reservations`, booking({ email: 'blocked@example.com' }));
    await api.post(`${P}/reservations`, booking({ date: '2026-06-21' }));
    await api.post(`${P}/reservations`, booking({ guests: 0 }));
    await api.patch(`${P}/reservations/res_demo_0001/status`, { status: 'CONFIRMED' });
    await api.del(`${P}/reservations/res_demo_0006`);
    await api.post(`${P}/reservations`, booking(), { key: 'rk_demo_read' });
    await api.service.control.settled();
    expect(received).toEqual([]);
    expect(api.service.control.deliveries()).toEqual([]);
  });

  it('sends nothing while the project has no webhook URL', async () => {
    await api.post(`${P}/reservations`, booking());
    await api.service.control.settled();
    expect(api.service.control.deliveries()).toEqual([]);
  });

  it('retries a failing receiver when the mock clock is advanced, then marks it failed', async () => {
    const received = await receiver(api, 500);
    await api.post(`${P}/reservations`, booking());
    await api.service.control.settled();
    expect(received).toHaveLength(1);
    await api.service.control.clock.advance(60_000);
    expect(received).toHaveLength(2);
    await api.service.control.clock.advance(3 * 60 * 60_000);
    const [delivery] = api.service.control.deliveries();
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts.map((a) => a.at)).toEqual([
      '2026-06-15T08:00:00.000Z',
      '2026-06-15T08:01:00.000Z',
      '2026-06-15T08:06:00.000Z',
      '2026-06-15T08:36:00.000Z',
      '2026-06-15T10:36:00.000Z',
    ]);
    expect(api.service.control.clock.now()).toBe('2026-06-15T11:01:00.000Z');
  });

  it('redelivers on request and forgets deliveries on reset', async () => {
    const received = await receiver(api);
    await api.post(`${P}/reservations`, booking());
    await api.service.control.settled();
    const [delivery] = api.service.control.deliveries();
    if (!delivery) throw new Error('no delivery');
    const again = await api.service.control.redeliver(delivery.id);
    expect(again.attempts).toHaveLength(2);
    expect(received).toHaveLength(2);
    expect(received[0]?.body).toBe(received[1]?.body);
    await api.service.reset();
    expect(api.service.control.deliveries()).toEqual([]);
  });
});
