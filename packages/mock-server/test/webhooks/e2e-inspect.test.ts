// The delivery log over real HTTP (mock README, "Webhooks"): what each attempt sent and what the
// receiver answered, the filters of GET /__mock/webhooks/deliveries, redelivery to another URL,
// and per-project targets.
import { afterEach, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/observers/webhooks';
import { call, closeAll, DEMO_SECRET, startMock, startReceiver } from './e2e-support';

afterEach(closeAll);

async function trigger(server: Parameters<typeof call>[0], slug: string, json: Record<string, unknown>) {
  const answer = await call<{ reservationId: string; deliveries: string[] }>(
    server,
    'POST',
    `/__mock/projects/${slug}/trigger`,
    json,
    null,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function list(server: Parameters<typeof call>[0], query = ''): Promise<Delivery[]> {
  const answer = await call<{ deliveries: Delivery[] }>(server, 'GET', `/__mock/webhooks/deliveries${query}`);
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

describe('the delivery log', () => {
  it("records the headers sent and the receiver's status, headers and first 4 KiB of body", async () => {
    const answerBody = `${'é'.repeat(2048)}and more`; // 4096 bytes, then more
    // Answers 503 with a header and a body longer than the 4 KiB the log keeps.
    const { url } = await startReceiver({
      answer: () => ({
        status: 503,
        headers: { 'X-Receiver': 'chatty', 'Content-Type': 'text/plain' },
        body: answerBody,
      }),
    });
    const server = await startMock({ webhookUrl: url });
    const { deliveries } = await trigger(server, 'demo-bistro', { event: 'reservation.created' });
    await server.service.control.settled();

    const [delivery] = await list(server);
    expect(delivery?.id).toBe(deliveries[0]);
    const attempt = delivery?.attempts[0];
    expect(attempt).toMatchObject({
      number: 1,
      url,
      responseStatus: 503,
      request: {
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'reservation-mock',
          'X-Webhook-Delivery': delivery?.id,
          'X-Webhook-Signature': delivery?.signature,
        },
      },
      response: {
        status: 503,
        headers: expect.objectContaining({ 'x-receiver': 'chatty', 'content-type': 'text/plain' }),
        body: 'é'.repeat(2048),
        truncated: true,
      },
    });
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('filters by event, status, project and reservation, and lists the newest first on request', async () => {
    const receiver = await startReceiver({ answer: (i) => (i === 0 ? 500 : 200) });
    const server = await startMock({ webhookUrl: receiver.url });
    const first = await trigger(server, 'demo-bistro', { event: 'reservation.created' });
    await server.service.control.settled();
    const second = await trigger(server, 'demo-salon', { event: 'reservation.confirmed' });
    await server.service.control.settled();
    const all = await list(server);
    expect(all.map((d) => d.id)).toEqual([...first.deliveries, ...second.deliveries]);

    expect((await list(server, '?order=newest')).map((d) => d.id)).toEqual(all.map((d) => d.id).reverse());
    expect((await list(server, '?event=reservation.confirmed')).map((d) => d.id)).toEqual([
      second.deliveries[1],
    ]);
    expect((await list(server, '?status=pending')).map((d) => d.id)).toEqual(first.deliveries);
    expect((await list(server, '?project=demo-salon')).map((d) => d.id)).toEqual(second.deliveries);
    expect((await list(server, `?reservationId=${first.reservationId}`)).map((d) => d.id)).toEqual(
      first.deliveries,
    );
    // A project filter is a lookup, as on every control route: an unknown slug is a 404.
    expect(await call(server, 'GET', '/__mock/webhooks/deliveries?project=nowhere')).toMatchObject({
      status: 404,
      body: { message: 'Unknown project slug "nowhere"' },
    });
    expect(
      server.service.control.deliveries({ project: 'demo-salon', order: 'newest' }).map((d) => d.id),
    ).toEqual([...second.deliveries].reverse());

    const bad = await call(server, 'GET', '/__mock/webhooks/deliveries?status=lost');
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('status') } });
  });
});

describe('redeliver to another URL', () => {
  it('sends the byte-identical body with the same signature and logs a manual attempt to that URL', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET, answer: () => 500 });
    const other = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: receiver.url });
    const { deliveries } = await trigger(server, 'demo-bistro', { event: 'reservation.created' });
    await server.service.control.settled();

    const answer = await call<{ delivery: Delivery }>(
      server,
      'POST',
      `/__mock/webhooks/deliveries/${deliveries[0]}/redeliver`,
      { url: other.url },
    );
    expect(answer.status).toBe(200);
    const [original] = receiver.requests;
    const [copy] = other.requests;
    if (!original || !copy) throw new Error('expected a request at each receiver');
    expect(copy.body.equals(original.body)).toBe(true);
    expect(copy.headers['x-webhook-signature']).toBe(original.headers['x-webhook-signature']);
    expect(copy.headers['x-webhook-delivery']).toBe(deliveries[0]);
    expect(other.events).toHaveLength(1);

    const { delivery } = answer.body;
    expect(delivery.attempts.map((a) => [a.url, a.responseStatus, a.manual ?? false])).toEqual([
      [receiver.url, 500, false],
      [other.url, 200, true],
    ]);
    // Only the project's own target can settle the delivery: it keeps its schedule.
    expect(delivery).toMatchObject({ status: 'pending', url: receiver.url });
    expect(delivery.nextAttemptAt).not.toBeNull();

    const refused = await call(server, 'POST', `/__mock/webhooks/deliveries/${deliveries[0]}/redeliver`, {
      url: 'ftp://example.com/x',
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'url: url must be an http(s) URL' } });
  });
});

describe('per-project targets', () => {
  it("webhookUrl { 'demo-bistro': URL } sends demo-bistro's events there and none of demo-salon's", async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: { 'demo-bistro': receiver.url } });
    const bistro = await trigger(server, 'demo-bistro', { event: 'reservation.created' });
    const salon = await trigger(server, 'demo-salon', { event: 'reservation.completed' });
    await server.service.control.settled();

    expect(salon.deliveries).toEqual([]);
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.events.map((e) => [e.projectId, e.data.reservation.id])).toEqual([
      ['prj_demo_bistro', bistro.reservationId],
    ]);
  });

  it('refuses a slug the seed does not have', async () => {
    await expect(startMock({ webhookUrl: { 'demo-bistr': 'http://127.0.0.1:9/x' } })).rejects.toThrow(
      /unknown project "demo-bistr".*demo-bistro, demo-salon/,
    );
  });
});
