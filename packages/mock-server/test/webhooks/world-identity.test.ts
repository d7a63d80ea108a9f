// One world, one identity (mock README, "Webhooks" and "Sessions"): delivery ids are random and never
// repeat across worlds, a session's deliveries say which session sent them, and its journal entries
// name it with paths relative to it. The README fixture's scenario (one receiver, three workers on
// sessions, a reset per test, a pinned clock) delivers every event exactly once to a consumer that
// deduplicates by delivery id.
import { constructWebhookEvent, createWebhookDeduplicator } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockCore, silentLogger } from '../../src/index';
import { startServer } from '../support/server';
import { closeAll, startReceiver } from './e2e-support';

afterEach(closeAll);

const NOW = '2030-06-17T08:00:00.000Z';
const headers = { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' };
const BOOKING = { email: 'ada@example.com', date: '2030-06-18', from: '18:00', to: '19:00' };
const DELIVERY_ID = /^whd_[0-9a-f]{16}$/;
/** demo-bistro's webhook secret in the demo seed. */
const DEMO_SECRET = 'whsec_demo_bistro';

describe('one world, one identity', () => {
  it('three workers on sessions, a reset per test, a pinned clock: every event reaches the consumer exactly once', async () => {
    const handled: string[] = [];
    // The consumer as the SDK README writes it: the event verified with the request's headers (so
    // it carries its X-Webhook-Delivery id) and the SDK's deduplicator, which then keys on that id.
    const dedupe = createWebhookDeduplicator();
    const receiver = await startReceiver({
      answer: async (_, request) => {
        const event = await constructWebhookEvent(request.body, request.headers, DEMO_SECRET);
        if (!dedupe.seen(event)) handled.push(`${request.headers['x-mock-session']} ${event.deliveryId}`);
        return 204;
      },
    });
    const server = await startServer({ now: NOW, logger: silentLogger, webhookUrl: receiver.url });
    const workers = ['w1', 'w2', 'w3'];
    for (const id of workers) {
      const created = await fetch(`${server.url}/__mock/sessions`, {
        method: 'POST',
        body: JSON.stringify({ id, now: NOW }),
      });
      expect(created.status).toBe(201);
    }
    const tests = 2;
    for (let test = 0; test < tests; test++) {
      await Promise.all(
        workers.map(async (worker) => {
          const base = `${server.url}/sessions/${worker}`;
          // The fixture resets its session before each test, at the pinned instant.
          expect(
            (await fetch(`${base}/__mock/reset`, { method: 'POST', body: JSON.stringify({ now: NOW }) }))
              .status,
          ).toBe(200);
          const booked = await fetch(`${base}/api/v1/demo-bistro/reservations`, {
            method: 'POST',
            headers,
            body: JSON.stringify(BOOKING),
          });
          expect(booked.status).toBe(201);
        }),
      );
      // Each test waits for its own events before the next one resets (a reset forgets what is
      // still pending: that world is over).
      await receiver.until(() => receiver.requests.length >= workers.length * (test + 1));
    }
    const events = workers.length * tests;
    await receiver.until(() => receiver.requests.length >= events);
    // Byte-identical bodies (same record ids, same clock) in every world: only the id tells them apart.
    expect(new Set(receiver.requests.map((r) => r.body.toString())).size).toBe(1);
    const ids = receiver.requests.map((r) => String(r.headers['x-webhook-delivery']));
    expect(ids.every((id) => DELIVERY_ID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(events);
    // Verification is asynchronous: the last answers may still be on their way to the handler.
    await vi.waitFor(() => expect(handled).toHaveLength(events));
    expect(receiver.requests.map((r) => r.headers['x-mock-session']).sort()).toEqual(
      workers.flatMap((w) => Array(tests).fill(w)).sort(),
    );
  });

  it('two mocks (two processes alike) and a reset never send the same delivery id; the root mock sends no X-Mock-Session', async () => {
    const receiver = await startReceiver();
    const sent: string[] = [];
    const mocks = [0, 1].map(() =>
      createMockCore({ now: NOW, logger: silentLogger, fetch: (request) => fetch(request) }),
    );
    for (const mock of mocks) {
      await mock.control.setWebhook('demo-bistro', { url: receiver.url, secret: 'whsec_same' });
      sent.push(...(await mock.control.trigger('demo-bistro', 'reservation.created')).deliveries);
      // Sent before the reset (a reset forgets the deliveries of the world before it).
      await mock.control.settled();
      await mock.control.reset();
      await mock.control.setWebhook('demo-bistro', { url: receiver.url, secret: 'whsec_same' });
      sent.push(...(await mock.control.trigger('demo-bistro', 'reservation.created')).deliveries);
      await mock.control.settled();
    }
    expect(new Set(sent).size).toBe(4);
    await receiver.until(() => receiver.requests.length >= 4);
    expect(receiver.requests.map((r) => r.headers['x-mock-session'])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    await Promise.all(mocks.map((mock) => mock.close()));
  });

  it('every attempt and every redelivery of one delivery keeps its id', async () => {
    let calls = 0;
    const receiver = await startReceiver({ answer: () => (calls++ === 0 ? 500 : 204) });
    const mock = createMockCore({ now: NOW, logger: silentLogger, fetch: (request) => fetch(request) });
    await mock.control.setWebhook('demo-bistro', { url: receiver.url });
    const [id] = (await mock.control.trigger('demo-bistro', 'reservation.created')).deliveries;
    await mock.control.clock.advance(60_000);
    await mock.control.redeliver(id ?? '');
    await mock.control.settled();
    expect(receiver.requests.map((r) => r.headers['x-webhook-delivery'])).toEqual([id, id, id]);
    await mock.close();
  });

  it("a session's journal entries carry its id and the path relative to it", async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await fetch(`${server.url}/__mock/sessions`, { method: 'POST', body: JSON.stringify({ id: 'w1' }) });
    await fetch(`${server.url}/sessions/w1/api/v1/demo-bistro/info`, { headers });
    const journal = (await (await fetch(`${server.url}/sessions/w1/__mock/requests`)).json()) as {
      requests: { session?: string; path: string }[];
    };
    expect(journal.requests).toEqual([
      expect.objectContaining({ session: 'w1', path: '/api/v1/demo-bistro/info' }),
    ]);
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers });
    const root = (await (await fetch(`${server.url}/__mock/requests`)).json()) as {
      requests: { session?: string; path: string }[];
    };
    expect(root.requests.map((r) => [r.session, r.path])).toEqual([[undefined, '/api/v1/demo-bistro/info']]);
  });
});
