// Ending a world (mock README, "Ending a world"): a session's DELETE, its idle expiry and
// server.close() refuse new requests first; a request waiting on a fault delay never takes effect;
// pending and in-flight webhook attempts end; the DELETE answers only when nothing is left. Each
// test shows that nothing of the ended world happens afterwards.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockCore, silentLogger } from '../../src/index';
import { startMockServer } from '../../src/node';
import { SESSION_NOT_FOUND_MESSAGE } from '../../src/pipeline/responses';
import { WorldResetError } from '../../src/runtime/scheduler';
import { createSessionRegistry } from '../../src/transports/sessions';
import { mockRequest } from '../support/mock-request';
import { startServer } from '../support/server';
import { emptyReply } from '../support/webhook-reply';
import { closeAll, startReceiver } from '../webhooks/e2e-support';

afterEach(closeAll);

const NOW = '2030-06-17T08:00:00.000Z';
const headers = { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' };
const BOOKING = { email: 'ada@example.com', date: '2030-06-18', from: '18:00', to: '19:00' };

async function session(serverUrl: string, id: string): Promise<string> {
  const created = await fetch(`${serverUrl}/__mock/sessions`, {
    method: 'POST',
    body: JSON.stringify({ id, now: NOW }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { baseUrl: string }).baseUrl;
}

/** How many reservations the root mock holds in demo-bistro. */
async function rootTotal(serverUrl: string): Promise<number> {
  const list = await fetch(`${serverUrl}/api/v1/demo-bistro/reservations`, { headers });
  return ((await list.json()) as { total: number }).total;
}

/** Resolves once the session's fault was taken by a request (it now waits on the delay). */
async function faultTaken(sessionUrl: string): Promise<void> {
  for (;;) {
    const faults = (await (await fetch(`${sessionUrl}/__mock/faults`)).json()) as {
      faults: { remaining: number | null }[];
    };
    if (faults.faults.length === 0 || faults.faults[0]?.remaining === 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('ending a session', () => {
  it('a booking waiting on a fault delay when the session is deleted never takes effect: 404 SESSION_NOT_FOUND, no webhook', async () => {
    const receiver = await startReceiver();
    const server = await startServer({ now: NOW, logger: silentLogger, webhookUrl: receiver.url });
    const w1 = await session(server.url, 'w1');
    await fetch(`${w1}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/api/v1/*', delayMs: 60_000, times: 1 }),
    });
    const booking = fetch(`${w1}/api/v1/demo-bistro/reservations`, {
      method: 'POST',
      headers,
      body: JSON.stringify(BOOKING),
    });
    await faultTaken(w1);
    const deleted = await fetch(`${server.url}/__mock/sessions/w1`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const answer = await booking;
    expect(answer.status).toBe(404);
    // Numbered like every answer (mock README, "Request ids").
    expect(answer.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/);
    expect(await answer.json()).toMatchObject({
      code: 'SESSION_NOT_FOUND',
      message: SESSION_NOT_FOUND_MESSAGE,
    });
    // Nothing of w1 reached the receiver, before or after the DELETE answered.
    expect(receiver.requests).toEqual([]);
    expect((await fetch(`${w1}/__mock/clock`)).status).toBe(404);
  });

  it('a booking whose body is still arriving when the session is deleted never takes effect: 404 SESSION_NOT_FOUND, no webhook', async () => {
    const receiver = await startReceiver();
    const server = await startServer({ now: NOW, logger: silentLogger, webhookUrl: receiver.url });
    const w1 = await session(server.url, 'w1');
    const before = await rootTotal(server.url);
    const body = JSON.stringify(BOOKING);
    const half = body.length >> 1;
    const target = new URL(`${w1}/api/v1/demo-bistro/reservations`);
    const sent = httpRequest(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      sent.on('response', resolve);
      sent.on('error', reject);
    });
    sent.flushHeaders();
    sent.write(body.slice(0, half));
    // The head and half the body are in; the session's mock waits for the rest. Nothing outside the
    // server tells when the head has arrived, so this waits a while: were it late, the request would
    // reach a session already gone and get the same 404, never a 201.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const deleted = await fetch(`${server.url}/__mock/sessions/w1`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    sent.end(body.slice(half));
    const answer = await answered;
    const text = await new Promise<string>((resolve) => {
      let received = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        received += chunk;
      });
      answer.on('end', () => resolve(received));
    });
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(text)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    // Nothing of it took effect: no delivery, and no booking in the root mock either.
    expect(receiver.requests).toEqual([]);
    expect(await rootTotal(server.url)).toBe(before);
  });

  it('an attempt in flight to a receiver that never answers is aborted; the DELETE answers at once and no attempt follows', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<number>((resolve) => {
      release = () => resolve(204);
    });
    const receiver = await startReceiver({ answer: () => held });
    const server = await startServer({ now: NOW, logger: silentLogger, webhookUrl: receiver.url });
    const w1 = await session(server.url, 'w1');
    const triggered = await fetch(`${w1}/__mock/projects/demo-bistro/trigger`, {
      method: 'POST',
      body: JSON.stringify({ event: 'reservation.created' }),
    });
    expect(triggered.status).toBe(201);
    await receiver.until(() => receiver.requests.length === 1);
    expect(receiver.requests[0]?.headers['x-mock-session']).toBe('w1');
    const deleted = await fetch(`${server.url}/__mock/sessions/w1`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    // The attempt's request was aborted by the session's end: the receiver saw its client go.
    await receiver.until(() => receiver.abandoned === 1);
    release();
    expect(receiver.requests).toHaveLength(1);
  });

  it('the idle sweep leaves a session alone while a request (or an event stream) of it is in flight', async () => {
    let wall = 1_000_000;
    const registry = createSessionRegistry({
      serverUrl: 'http://127.0.0.1:9',
      maxSessions: 4,
      idleMs: 1000,
      wallClock: () => wall,
      createCore: ({ baseUrl }) => createMockCore({ baseUrl, now: NOW, logger: silentLogger }),
    });
    await registry.answer(
      '/sessions',
      mockRequest('POST', 'http://127.0.0.1:9/__mock/sessions', { text: '{"id":"w1"}' }),
    );
    const visit = registry.resolve(new URL('http://127.0.0.1:9/sessions/w1/__mock/events'));
    if (typeof visit !== 'object') throw new Error('no session');
    wall += 5000;
    await registry.sweep();
    expect(registry.list().map((s) => s.id)).toEqual(['w1']);
    // Idle counts from the end of the last request.
    visit.leave();
    wall += 999;
    await registry.sweep();
    expect(registry.list().map((s) => s.id)).toEqual(['w1']);
    wall += 2;
    await registry.sweep();
    expect(registry.list()).toEqual([]);
    expect(visit.core.ended.aborted).toBe(true);
    await registry.close();
  });

  it('one rule for a session id on every route: %42 is B for its routes and for DELETE', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await session(server.url, 'B');
    expect((await fetch(`${server.url}/sessions/%42/__mock/clock`)).status).toBe(200);
    expect((await fetch(`${server.url}/sessions/%42/api/v1/demo-bistro/info`, { headers })).status).toBe(200);
    expect((await fetch(`${server.url}/__mock/sessions/%42`, { method: 'DELETE' })).status).toBe(200);
    const routed = await fetch(`${server.url}/sessions/B/__mock/clock`);
    const deleted = await fetch(`${server.url}/__mock/sessions/B`, { method: 'DELETE' });
    expect([routed.status, deleted.status]).toEqual([404, 404]);
    // SESSION_NOT_FOUND has one message, whichever route answers it.
    const bodies = [
      (await routed.json()) as { message: string },
      (await deleted.json()) as { message: string },
    ];
    expect(bodies.map((b) => b.message)).toEqual([SESSION_NOT_FOUND_MESSAGE, SESSION_NOT_FOUND_MESSAGE]);
  });
});

describe('a reset', () => {
  it('ends what waits (a fault delay): a booking of the world before never takes effect in the new one', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    await core.control.faults.add({ method: 'POST', path: '/api/v1/demo-bistro/reservations', delayMs: 300 });
    const booking = core.fetch(
      new Request(`${core.baseUrl}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...BOOKING, email: 'leak@example.com' }),
      }),
    );
    // Taken by the booking (it now waits on the delay), then the reset.
    while (core.control.faults.list().length > 0) await new Promise((resolve) => setImmediate(resolve));
    await core.control.reset();
    const answer = await booking;
    if (!answer) throw new Error('the API route answers');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: 'Service Unavailable',
      message: 'The mock was reset while this request waited: it did not take effect',
    });
    expect(answer.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const emails = (await core.control.reservations('demo-bistro')).map((r) => r.customer.email);
    expect(emails).not.toContain('leak@example.com');
    expect(core.control.requests.list()).toEqual([]);
    // The new world's ids start where a fresh world's do.
    const next = await core.fetch(
      new Request(`${core.baseUrl}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers,
        body: JSON.stringify(BOOKING),
      }),
    );
    if (!next) throw new Error('the API route answers');
    expect(((await next.json()) as { reservation: { id: string } }).reservation.id).toBe('res_0001');
    await core.close();
  });
});

/** Sends `body` in two halves to `url`: resolves once the first half is in, with the rest to send. */
async function halfSent(url: string, body: string, method = 'POST') {
  const half = body.length >> 1;
  const sent = httpRequest(new URL(url), {
    method,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    sent.on('response', (answer: IncomingMessage) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) }));
    });
    sent.on('error', reject);
  });
  sent.flushHeaders();
  sent.write(body.slice(0, half));
  // Nothing outside the server tells when the head has arrived: a while, as in the test above.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    finish: () => {
      sent.end(body.slice(half));
      return answered;
    },
  };
}

describe('a control request still waiting on its body', () => {
  const FAULT = JSON.stringify({ path: '/api/v1/*', status: 503, times: 'always' });

  it('when the mock is reset: 503, and nothing of it is done in the new world', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const pending = await halfSent(`${server.url}/__mock/faults`, FAULT);
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    const answer = await pending.finish();
    expect(answer).toEqual({
      status: 503,
      body: {
        error: 'Service Unavailable',
        message: 'The mock was reset while this request waited: it did not take effect',
      },
    });
    expect(server.service.control.faults.list()).toEqual([]);
  });

  it('to a route that takes no body (a key revoked), when the mock is reset: 503, the new world keeps the key', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const pending = await halfSent(
      `${server.url}/__mock/projects/demo-bistro/keys/key_demo_full`,
      '{ }',
      'DELETE',
    );
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await pending.finish()).toMatchObject({ status: 503 });
    const keys = await server.service.control.keys.list('demo-bistro');
    const key = keys.find((listed) => listed.id === 'key_demo_full');
    expect(key).toBeDefined();
    expect(key).not.toHaveProperty('revokedAt', expect.anything());
  });

  it('when its session is deleted: 404 SESSION_NOT_FOUND, and the ended world is not changed', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const w1 = await session(server.url, 'w1');
    const pending = await halfSent(`${w1}/__mock/faults`, FAULT);
    expect((await fetch(`${server.url}/__mock/sessions/w1`, { method: 'DELETE' })).status).toBe(200);
    const answer = await pending.finish();
    expect(answer).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });
  });
});

describe('a clock move cut short by a reset', () => {
  it('is refused (WorldResetError; 503 over HTTP), never reported as made, and sends no clock event', async () => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const core = createMockCore({
      now: NOW,
      logger: silentLogger,
      // The first attempt fails; the retry a minute on holds the move until released.
      webhookTransport: async () => {
        await held;
        return emptyReply(500);
      },
    });
    await core.control.setWebhook('demo-bistro', { url: 'https://hooks.test/in' });
    await core.control.trigger('demo-bistro', 'reservation.created');
    const kinds: string[] = [];
    core.control.subscribe((event) => {
      if (event.type === 'state') kinds.push(event.data.kind);
    });
    const move = core.control.clock.advance(3_600_000).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reset = core.control.reset();
    release();
    await reset;
    const refused = await move;
    expect(refused).toBeInstanceOf(WorldResetError);
    expect(core.control.clock.now()).toBe(NOW);
    expect(kinds).toEqual(['reset']);
    await core.close();
  });
});

describe('a clock move queued (not started) when a reset comes', () => {
  it('runs in the new world, as a request queued behind the reset does: never refused', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const move = core.control.clock.advance(60_000);
    const reset = core.control.reset();
    await expect(move).resolves.toBeUndefined();
    await reset;
    await core.close();
  });
});

describe('a reset and webhook attempts', () => {
  it('lets an attempt in flight finish (the dispatcher starts over by itself): only the world end aborts one', async () => {
    let aborted: boolean | undefined;
    let release = (): void => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const core = createMockCore({
      now: NOW,
      logger: silentLogger,
      webhookTransport: async (post) => {
        await answered;
        aborted = post.signal.aborted;
        return emptyReply(204);
      },
    });
    await core.control.setWebhook('demo-bistro', { url: 'https://hooks.test/in' });
    await core.control.trigger('demo-bistro', 'reservation.created');
    await core.control.reset();
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toBe(false);
    await core.close();
  });
});

describe('server.close()', () => {
  it('refuses new requests with 503 while it closes and resolves once every world has ended', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const w1 = await session(server.url, 'w1');
    await fetch(`${w1}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/api/v1/*', delayMs: 60_000, times: 1 }),
    });
    const booking = fetch(`${w1}/api/v1/demo-bistro/reservations`, {
      method: 'POST',
      headers,
      body: JSON.stringify(BOOKING),
    });
    await faultTaken(w1);
    await server.close();
    // Refused as every request is while the server closes (503, not the 404 of a session ended
    // alone); nothing was booked.
    const refused = await booking;
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ message: 'The mock is shutting down' });
    expect(server.sessions()).toEqual([]);
  });

  it('while it closes, a request gets 503 with a request id and the connection closes after it', async () => {
    // The server serves a mock whose end is held open, so the closing phase lasts until released.
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const end = core.close.bind(core);
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    core.close = async () => {
      await held;
      return end();
    };
    const server = await startMockServer({ port: 0, service: core, logger: silentLogger });
    const closed = server.close();
    const answer = await fetch(`${server.url}/api/v1/demo-bistro/services`, { headers });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ message: 'The mock is shutting down' });
    expect(answer.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/);
    expect(answer.headers.get('connection')).toBe('close');
    // Nothing of the refused request was recorded: the journal holds no request.
    expect(core.control.requests.list()).toEqual([]);
    release();
    await closed;
  });
});
