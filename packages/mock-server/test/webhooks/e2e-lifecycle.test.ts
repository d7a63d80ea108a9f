// What the standalone mock sends over real HTTP for each state change, checked by a receiver that
// verifies like a real integration (the SDK's constructWebhookEvent over the raw bytes, and its
// deduplicator): envelope and fields exactly as openapi.yaml's `webhooks` state them, one delivery per
// event, none for NO_SHOW or a rejected request, and an API that never waits for the receiver.
import { verifyWebhookSignature } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  advance,
  at,
  booking,
  call,
  closeAll,
  create,
  DEMO_SECRET,
  deadUrl,
  deliveries,
  firstAttemptsMade,
  MINUTE,
  parsed,
  patchStatus,
  RESERVATIONS,
  startMock,
  startReceiver,
  T0,
  waitForDeliveries,
} from './e2e-support';

afterEach(closeAll);

describe("webhooks over real HTTP: a reservation's life", () => {
  it('sends each event once with the exact envelope and fields, signed over the bytes sent', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: receiver.url });

    // Timestamps differ per step (the clock moves a minute between changes), so each event's
    // timestamp can be checked and the deduplicator's key (event, id, timestamp) is realistic.
    // Deliveries never wait on each other, so two made at once may reach the receiver in either
    // order: each change's delivery is made (settled) before the next change, and the receiver
    // gets them in the order of the events, however fast each one travels.
    const settled = () => server.service.control.settled();
    const completed = await create(server, {
      email: 'jana@example.com',
      firstName: 'Jana',
      lastName: 'Nováková',
      phone: '+420 601 234 567',
      guests: 2,
      note: 'U okna, prosím 🙂',
      tableId: 'tbl_02',
      serviceIds: ['svc_lunch'],
    });
    await settled();
    await advance(server, MINUTE);
    await patchStatus(server, completed, { status: 'CONFIRMED', note: 'ok' });
    await settled();
    await advance(server, MINUTE);
    await patchStatus(server, completed, { status: 'COMPLETED' });
    await settled();
    await advance(server, MINUTE);
    const deleted = await create(server, { email: 'petr@example.com', from: '13:00', to: '14:00' });
    await settled();
    await call(server, 'DELETE', `${RESERVATIONS}/${deleted}`);
    await settled();
    const patched = await create(server, { email: 'eva@example.com', from: '18:00', to: '19:00' });
    await settled();
    await patchStatus(server, patched, { status: 'CONFIRMED' });
    await settled();
    await patchStatus(server, patched, { status: 'CANCELLED', reason: 'Weather' });
    await settled();
    const noShow = await create(server, { email: 'adam@example.com', from: '19:00', to: '20:00' });
    await settled();
    await patchStatus(server, noShow, { status: 'CONFIRMED' });
    await settled();
    await patchStatus(server, noShow, { status: 'NO_SHOW' });
    await settled();

    expect(receiver.rejected).toEqual([]);
    expect(receiver.duplicates).toEqual([]);
    expect(receiver.events).toEqual([
      {
        event: 'reservation.created',
        timestamp: T0,
        projectId: 'prj_demo_bistro',
        data: {
          reservation: {
            id: completed,
            date: '2026-06-16',
            from: '12:00',
            to: '13:00',
            status: 'PENDING',
            guests: 2,
            note: 'U okna, prosím 🙂',
            customer: {
              firstName: 'Jana',
              lastName: 'Nováková',
              email: 'jana@example.com',
              phone: '+420 601 234 567',
            },
            services: [{ id: 'svc_lunch', name: 'Obědové menu' }],
            table: { id: 'tbl_02', name: 'Stůl 2' },
            createdAt: T0,
          },
        },
      },
      {
        event: 'reservation.confirmed',
        timestamp: at(1),
        projectId: 'prj_demo_bistro',
        data: {
          reservation: {
            id: completed,
            status: 'CONFIRMED',
            previousStatus: 'PENDING',
            confirmedBy: 'key_demo_full',
          },
        },
      },
      {
        event: 'reservation.completed',
        timestamp: at(2),
        projectId: 'prj_demo_bistro',
        data: { reservation: { id: completed, status: 'COMPLETED' } },
      },
      expect.objectContaining({ event: 'reservation.created', timestamp: at(3) }),
      {
        event: 'reservation.cancelled',
        timestamp: at(3),
        projectId: 'prj_demo_bistro',
        data: {
          reservation: {
            id: deleted,
            status: 'CANCELLED',
            previousStatus: 'PENDING',
            reason: '',
            cancelledBy: 'key_demo_full',
          },
        },
      },
      expect.objectContaining({ event: 'reservation.created' }),
      expect.objectContaining({ event: 'reservation.confirmed' }),
      {
        event: 'reservation.cancelled',
        timestamp: at(3),
        projectId: 'prj_demo_bistro',
        data: {
          reservation: {
            id: patched,
            status: 'CANCELLED',
            previousStatus: 'CONFIRMED',
            reason: 'Weather',
            cancelledBy: 'key_demo_full',
          },
        },
      },
      expect.objectContaining({ event: 'reservation.created' }),
      // The NO_SHOW reservation's confirmation is the last event: NO_SHOW itself sends nothing.
      expect.objectContaining({
        event: 'reservation.confirmed',
        data: { reservation: expect.objectContaining({ id: noShow }) },
      }),
    ]);

    // One delivery per event, each delivered at its first attempt, and the wire carried exactly the
    // logged body (serialised once) with the documented headers.
    const log = await deliveries(server);
    expect(log).toHaveLength(10);
    expect(receiver.requests).toHaveLength(10);
    for (const [i, request] of receiver.requests.entries()) {
      const delivery = log[i];
      if (!delivery) throw new Error(`no delivery ${i}`);
      expect(delivery).toMatchObject({ status: 'delivered', url: receiver.url, nextAttemptAt: null });
      expect(delivery.attempts).toMatchObject([{ number: 1, at: expect.any(String), responseStatus: 200 }]);
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks/reservations');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(request.headers['x-webhook-signature']).toBe(delivery.signature);
      // The log shows exactly the headers that went over the wire, and the receiver's answer.
      expect(delivery.attempts[0]).toMatchObject({
        url: receiver.url,
        request: {
          headers: {
            'Content-Type': request.headers['content-type'],
            'User-Agent': request.headers['user-agent'],
            'X-Webhook-Delivery': request.headers['x-webhook-delivery'],
            'X-Webhook-Signature': request.headers['x-webhook-signature'],
          },
        },
        response: { status: 200, body: '', truncated: false },
        durationMs: expect.any(Number),
      });
      expect(request.headers['x-webhook-delivery']).toBe(delivery.id);
      expect(request.body.toString('utf8')).toBe(delivery.body);
      expect(delivery.event).toBe(parsed(request).event);
      const envelope: unknown = JSON.parse(delivery.body);
      expect(Object.keys(envelope as object)).toEqual(['event', 'timestamp', 'projectId', 'data']);
    }
  });

  it('sends nothing for NO_SHOW', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: receiver.url });
    // res_demo_0003 is CONFIRMED in the demo data.
    await patchStatus(server, 'res_demo_0003', { status: 'NO_SHOW' });
    await server.service.control.settled();
    expect(await deliveries(server)).toEqual([]);
    expect(receiver.requests).toEqual([]);
  });

  it('sends nothing for rejected requests: 409 DOUBLE_BOOKING, 403, 400, 422, 404, 401, illegal transitions', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: receiver.url });
    const id = await create(server, { tableId: 'tbl_06' });

    const rejected = [
      await call(server, 'POST', RESERVATIONS, booking({ tableId: 'tbl_06', email: 'b@example.com' })),
      await call(server, 'POST', RESERVATIONS, booking({ email: 'blocked@example.com' })),
      await call(server, 'POST', RESERVATIONS, booking(), 'rk_demo_read'),
      await call(server, 'POST', RESERVATIONS, { date: '2026-06-16', from: '12:00', to: '13:00' }),
      await call(server, 'POST', RESERVATIONS, booking({ guests: 0 })),
      await call(server, 'POST', RESERVATIONS, booking({ date: '2026-06-21' })),
      await call(server, 'POST', RESERVATIONS, booking(), null),
      await call(server, 'PATCH', `${RESERVATIONS}/${id}/status`, { status: 'COMPLETED' }),
      await call(server, 'PATCH', `${RESERVATIONS}/${id}/status`, { status: 'PENDING' }),
      await call(server, 'PATCH', `${RESERVATIONS}/res_demo_0001/status`, { status: 'CANCELLED' }),
      await call(server, 'DELETE', `${RESERVATIONS}/res_demo_0006`),
      await call(server, 'DELETE', `${RESERVATIONS}/res_nope`),
      await call(server, 'DELETE', `${RESERVATIONS}/${id}`, undefined, 'rk_demo_read'),
    ];
    expect(rejected.map((answer) => answer.status)).toEqual([
      409, 403, 403, 400, 400, 422, 401, 409, 409, 409, 409, 404, 403,
    ]);
    expect(rejected.map((answer) => (answer.body as { code?: string }).code)).toEqual([
      'DOUBLE_BOOKING',
      'CUSTOMER_BLACKLISTED',
      'PERMISSION_DENIED',
      undefined,
      'VALIDATION_ERROR',
      'OUTSIDE_OPENING_HOURS',
      'API_KEY_MISSING',
      'INVALID_STATUS_TRANSITION',
      'INVALID_STATUS_TRANSITION',
      'INVALID_STATUS_TRANSITION',
      'INVALID_STATUS_TRANSITION',
      'RESERVATION_NOT_FOUND',
      'PERMISSION_DENIED',
    ]);
    await server.service.control.settled();

    // Only the one successful creation.
    const log = await deliveries(server);
    expect(log.map((d) => [d.event, JSON.parse(d.body).data.reservation.id])).toEqual([
      ['reservation.created', id],
    ]);
    expect(receiver.events.map((e) => e.event)).toEqual(['reservation.created']);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('webhook delivery never blocks or fails the API request', () => {
  it('answers API requests and sends other deliveries while the receiver holds the first one open', async () => {
    let release: (status: number) => void = () => undefined;
    const held = new Promise<number>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const receiver = await startReceiver({
      secret: DEMO_SECRET,
      answer: (index) => {
        if (index > 0) return 200;
        holding();
        return held;
      },
    });
    const server = await startMock({ webhookUrl: receiver.url });

    const id = await create(server);
    await isHolding;
    // The receiver has not answered: the API still serves reads and writes.
    await patchStatus(server, id, { status: 'CONFIRMED' });
    const list = await call<{ total: number }>(server, 'GET', RESERVATIONS);
    expect(list.status).toBe(200);
    // Deliveries do not wait on each other: the confirmation goes out while the first one hangs.
    const [created, confirmed] = await waitForDeliveries(
      server,
      (list) => list[1]?.status === 'delivered',
      'the second delivery',
    );
    expect(created).toMatchObject({ event: 'reservation.created', status: 'pending', attempts: [] });
    expect(confirmed).toMatchObject({ event: 'reservation.confirmed', status: 'delivered' });

    release(200);
    await server.service.control.settled();
    expect((await deliveries(server)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(receiver.events.map((e) => e.event)).toEqual(['reservation.confirmed', 'reservation.created']);
  });

  it('answers 201 when the receiver cannot be reached, and logs the failed attempt', async () => {
    const url = await deadUrl();
    const server = await startMock({ webhookUrl: url });
    const id = await create(server);
    const [delivery] = await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    expect(delivery).toMatchObject({
      event: 'reservation.created',
      status: 'pending',
      url,
      nextAttemptAt: at(1),
      attempts: [{ number: 1, at: T0, error: expect.stringMatching(/ECONNREFUSED/) }],
    });
    expect(delivery?.attempts[0]).not.toHaveProperty('responseStatus');
    // The reservation exists regardless.
    expect((await call(server, 'GET', `${RESERVATIONS}/${id}`)).status).toBe(200);
  });
});

describe('where events go: --webhook-url and PUT /__mock/projects/:slug/webhook', () => {
  it('sends nothing until PUT sets a URL, then signs with demo-bistro’s whsec_demo_bistro', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock();
    await create(server, { from: '11:00', to: '12:00' });
    await server.service.control.settled();
    expect(await deliveries(server)).toEqual([]);

    const put = await call(server, 'PUT', '/__mock/projects/demo-bistro/webhook', { url: receiver.url });
    expect(put).toEqual({ status: 200, body: { url: receiver.url, secret: DEMO_SECRET } });
    const id = await create(server);
    await server.service.control.settled();
    expect(receiver.rejected).toEqual([]);
    expect(receiver.events.map((e) => [e.event, e.data.reservation.id])).toEqual([
      ['reservation.created', id],
    ]);
  });

  it('signs with the secret given to PUT instead, and only the new URL receives events', async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    const server = await startMock({ webhookUrl: first.url });
    const put = await call(server, 'PUT', '/__mock/projects/demo-bistro/webhook', {
      url: second.url,
      secret: 'whsec_custom_for_test',
    });
    expect(put.body).toEqual({ url: second.url, secret: 'whsec_custom_for_test' });
    await create(server);
    await server.service.control.settled();
    expect(first.requests).toEqual([]);
    const [request] = second.requests;
    if (!request) throw new Error('nothing received');
    const signature = String(request.headers['x-webhook-signature']);
    expect(await verifyWebhookSignature(request.body, signature, 'whsec_custom_for_test')).toBe(true);
    expect(await verifyWebhookSignature(request.body, signature, DEMO_SECRET)).toBe(false);
  });

  it('rejects PUT with a malformed URL or an unknown project, changing nothing', async () => {
    const receiver = await startReceiver();
    const server = await startMock({ webhookUrl: receiver.url });
    const bad = await call(server, 'PUT', '/__mock/projects/demo-bistro/webhook', { url: 'not a url' });
    expect(bad.status).toBe(400);
    const unknown = await call(server, 'PUT', '/__mock/projects/nope/webhook', { url: receiver.url });
    expect(unknown.status).toBe(404);
    await create(server);
    await server.service.control.settled();
    expect(receiver.requests).toHaveLength(1);
  });

  it('webhookUrl (--webhook-url) sends every project’s events there, each signed with its own secret', async () => {
    const receiver = await startReceiver();
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    const salon = await call<{ reservation: { id: string } }>(
      server,
      'POST',
      '/api/v1/demo-salon/reservations',
      booking({ phone: '+420 777 000 111', from: '10:00', to: '11:00' }),
      'rk_salon_full',
    );
    expect(salon.status).toBe(201);
    await server.service.control.settled();

    // Two deliveries on two connections: they may arrive in either order.
    const projectIds = receiver.requests.map((r) => parsed(r).projectId);
    expect([...projectIds].sort()).toEqual(['prj_demo_bistro', 'prj_demo_salon']);
    const bistro = receiver.requests.find((r) => parsed(r).projectId === 'prj_demo_bistro');
    const salonRequest = receiver.requests.find((r) => parsed(r).projectId === 'prj_demo_salon');
    if (!bistro || !salonRequest) throw new Error('missing deliveries');
    const sig = (r: typeof bistro) => String(r.headers['x-webhook-signature']);
    expect(await verifyWebhookSignature(bistro.body, sig(bistro), DEMO_SECRET)).toBe(true);
    expect(await verifyWebhookSignature(salonRequest.body, sig(salonRequest), 'whsec_demo_salon')).toBe(true);
    expect(await verifyWebhookSignature(salonRequest.body, sig(salonRequest), DEMO_SECRET)).toBe(false);
    expect(parsed(salonRequest).data.reservation.id).toBe(salon.body.reservation.id);
  });
});
