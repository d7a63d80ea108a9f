// Against a real node:http server on 127.0.0.1: what actually goes over the wire, with the global
// fetch (undici), not a stub.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDispatcher } from '../../src/observers/webhooks/dispatcher';
import type { WebhookDispatcherOptions } from '../../src/observers/webhooks/types';
import { createManualClock } from '../../src/runtime/clock';
import { createScheduler } from '../../src/runtime/scheduler';
import { closeAll, deadUrl, startReceiver } from './e2e-support';
import { createdEvent, HOUR, inWorld, nodeSignature, SECRET, START, sequentialDeliveryIds } from './support';

afterEach(closeAll);

function dispatcherFor(url: string, overrides: Partial<WebhookDispatcherOptions> = {}) {
  const clock = createManualClock(START);
  const scheduler = createScheduler({ clock, ...(overrides.timers ? { timers: overrides.timers } : {}) });
  const dispatcher = inWorld(
    createWebhookDispatcher({
      clock,
      deliveryIds: sequentialDeliveryIds(),
      getTarget: () => ({ url, secret: SECRET }),
      ...overrides,
      scheduler,
    }),
    scheduler,
  );
  return { clock, dispatcher, scheduler };
}

describe('webhook delivery to a real HTTP receiver', () => {
  it('puts the documented headers and the exact signed bytes on the wire', async () => {
    const receiver = await startReceiver({ answer: () => 204 });
    const { dispatcher } = dispatcherFor(receiver.url);
    const event = createdEvent();

    dispatcher.enqueue('demo-bistro', event);
    await dispatcher.idle();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/hooks/reservations');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe('reservation-mock');
    expect(request?.headers['x-webhook-delivery']).toBe('whd_0001');
    // UTF-8 bytes of the one serialisation (the event has non-ASCII text), and the signature over them.
    expect(request?.body.equals(Buffer.from(JSON.stringify(event, null, 2), 'utf8'))).toBe(true);
    expect(request?.headers['x-webhook-signature']).toBe(nodeSignature(request?.body ?? Buffer.alloc(0)));
    expect(request?.headers['content-length']).toBe(String(request?.body.length));
    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'delivered',
      attempts: [{ number: 1, responseStatus: 204 }],
    });
  });

  it('retries after a 500 with byte-identical body and signature, and drains the error body', async () => {
    const receiver = await startReceiver({
      answer: (index) =>
        index === 0
          ? { status: 500, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(100_000) }
          : { status: 200, body: 'ok' },
    });
    const { dispatcher, scheduler } = dispatcherFor(receiver.url);

    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);

    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests;
    expect(second?.body.equals(first?.body ?? Buffer.alloc(0))).toBe(true);
    expect(second?.headers['x-webhook-signature']).toBe(first?.headers['x-webhook-signature']);
    expect(dispatcher.deliveries()[0]?.attempts.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
  });

  it('does not follow a redirect: a 301 is a failed attempt and the POST is not re-sent elsewhere', async () => {
    const receiver = await startReceiver({
      answer: () => ({ status: 301, headers: { location: '/elsewhere' } }),
    });
    const { dispatcher } = dispatcherFor(receiver.url);

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(receiver.requests.map((r) => r.path)).toEqual(['/hooks/reservations']);
    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: [{ number: 1, responseStatus: 301 }],
    });
  });

  it('records a refused connection as a failed attempt with the reason', async () => {
    const { dispatcher } = dispatcherFor(await deadUrl());

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const attempt = dispatcher.deliveries()[0]?.attempts[0];
    expect(attempt?.responseStatus).toBeUndefined();
    expect(attempt?.error).toMatch(/ECONNREFUSED/);
  });

  it('abandons a receiver that does not answer in time and closes the connection', async () => {
    const receiver = await startReceiver({ answer: () => new Promise<number>(() => undefined) });
    // The deadline fires when the test says, once the request has arrived: a real 100 ms timer could
    // fire before a stalled machine had even connected, and the receiver would see nothing.
    const deadlines: Array<() => void> = [];
    const timers = {
      setTimeout: (callback: () => void) => deadlines.push(callback),
      clearTimeout: () => undefined,
    };
    const { dispatcher } = dispatcherFor(receiver.url, { timeoutMs: 100, timers });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await receiver.until(() => receiver.requests.length === 1);
    expect(deadlines).toHaveLength(1);
    for (const fire of deadlines) fire();
    await dispatcher.idle();

    expect(dispatcher.deliveries()[0]?.attempts[0]?.error).toBe('timeout after 100 ms');
    // The receiver sees the connection close unanswered (a wait on that event, not on time).
    await receiver.until(() => receiver.abandoned === 1);
    expect(receiver.requests).toHaveLength(1);
  });
});
