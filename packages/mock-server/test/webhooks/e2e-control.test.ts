// The delivery log's control operations over real HTTP: reset clears deliveries and their pending
// retries, and a redelivery (JavaScript control.redeliver or the HTTP route) sends the very same
// bytes and signature again, which a deduplicating receiver answers without processing twice.
import { afterEach, describe, expect, it } from 'vitest';
import { MockControlError } from '../../src/index';
import {
  advance,
  call,
  closeAll,
  create,
  DAY,
  DEMO_SECRET,
  deliveries,
  firstAttemptsMade,
  startMock,
  startReceiver,
  T0,
  waitForDeliveries,
} from './e2e-support';

afterEach(closeAll);

describe('POST /__mock/reset and webhook deliveries', () => {
  it('clears the delivery log and cancels pending retries; the --webhook-url target stays', async () => {
    const receiver = await startReceiver({ answer: () => 500 });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    expect(await deliveries(server)).toMatchObject([{ status: 'pending' }]);

    expect(await call(server, 'POST', '/__mock/reset')).toEqual({ status: 200, body: { success: true } });
    expect(await deliveries(server)).toEqual([]);
    // The retry that was due a minute later is gone: nothing is sent even a day later.
    expect(await advance(server, DAY)).toBe(new Date(Date.parse(T0) + DAY).toISOString());
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveries(server)).toEqual([]);

    // The seed's target (from webhookUrl) is part of what reset restores.
    await create(server);
    const log = await waitForDeliveries(server, firstAttemptsMade, 'the first attempt after reset');
    expect(log).toMatchObject([{ event: 'reservation.created', url: receiver.url, status: 'pending' }]);
    expect(receiver.requests).toHaveLength(2);
  });

  it('forgets a target set with PUT /__mock/projects/:slug/webhook (it is not seed data)', async () => {
    const receiver = await startReceiver();
    const server = await startMock();
    await call(server, 'PUT', '/__mock/projects/demo-bistro/webhook', { url: receiver.url });
    await call(server, 'POST', '/__mock/reset');
    await create(server);
    await server.service.control.settled();
    expect(await deliveries(server)).toEqual([]);
    expect(receiver.requests).toEqual([]);
  });
});

describe('redelivery', () => {
  it('control.redeliver(id) resends identical bytes and signature; the receiver sees a duplicate', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    const [original] = await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    if (!original) throw new Error('no delivery');

    const redelivered = await server.service.control.redeliver(original.id);
    expect(redelivered).toMatchObject({ id: original.id, status: 'delivered', body: original.body });
    expect(redelivered.attempts).toMatchObject([
      { number: 1, at: T0, url: receiver.url, responseStatus: 200 },
      { number: 2, at: T0, url: receiver.url, responseStatus: 200, manual: true },
    ]);
    const [first, second] = receiver.requests;
    if (!first || !second) throw new Error('expected two requests');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['x-webhook-signature']).toBe(first.headers['x-webhook-signature']);
    expect(receiver.events).toHaveLength(1);
    expect(receiver.duplicates).toHaveLength(1);
    expect(await deliveries(server)).toEqual([redelivered]);
  });

  it('redelivers a failed delivery with the original bytes; a 2xx marks it delivered', async () => {
    const receiver = await startReceiver({ answer: (index) => (index < 5 ? 500 : 200) });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    await advance(server, DAY);
    const [failed] = await deliveries(server);
    if (!failed) throw new Error('no delivery');
    expect(failed.status).toBe('failed');

    // Over HTTP this time; the same operation as control.redeliver.
    const answer = await call<{ delivery: { status: string; attempts: unknown[] } }>(
      server,
      'POST',
      `/__mock/webhooks/deliveries/${failed.id}/redeliver`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.delivery.status).toBe('delivered');
    expect(answer.body.delivery.attempts).toHaveLength(6);
    expect(receiver.requests).toHaveLength(6);
    for (const request of receiver.requests) {
      expect(request.body.toString('utf8')).toBe(failed.body);
      expect(request.headers['x-webhook-signature']).toBe(failed.signature);
    }
  });

  it('a failed manual redelivery leaves the schedule as it was', async () => {
    const receiver = await startReceiver({ answer: () => 500 });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    const [pending] = await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    if (!pending) throw new Error('no delivery');
    const after = await server.service.control.redeliver(pending.id);
    expect(after).toMatchObject({ status: 'pending', nextAttemptAt: pending.nextAttemptAt });
    await advance(server, DAY);
    // 5 scheduled attempts plus the manual one.
    expect((await deliveries(server))[0]).toMatchObject({ status: 'failed' });
    expect(receiver.requests).toHaveLength(6);
  });

  it('rejects an unknown delivery id: MockControlError in JavaScript, 404 over HTTP', async () => {
    const server = await startMock();
    await expect(server.service.control.redeliver('whd_nope')).rejects.toBeInstanceOf(MockControlError);
    const answer = await call(server, 'POST', '/__mock/webhooks/deliveries/whd_nope/redeliver');
    expect(answer.status).toBe(404);
  });
});
