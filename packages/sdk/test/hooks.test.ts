// src/hooks.ts: client.use() middleware around each attempt (openapi-fetch's semantics: onRequest may
// replace the request or answer itself, onError may recover with a Response), `raw` sharing the same
// hooks, and a hook that throws: a HookError, never a network error, never retried.
import { describe, expect, it } from 'vitest';
import { ConnectionError, HookError, type Middleware } from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, createdReservation, errorBody, SLUG, schedule, service, table } from './support/fixtures';
import { networkFailure, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('middleware', () => {
  it('sees the request with the SDK headers, may replace it, and sees the response', async () => {
    const stub = stubFetch(reply('GET', `${P}/tables`, 200, { success: true, count: 1, tables: [table] }));
    const { client } = clientOn(stub);
    const order: string[] = [];
    client.use(
      {
        onRequest({ request }) {
          order.push(`first ${request.headers.has('x-api-key')}`);
          const copy = new Request(request);
          copy.headers.set('X-Trace', 't-1');
          return copy;
        },
        onResponse: () => void order.push('first response'),
      },
      { onRequest: () => void order.push('second'), onResponse: () => void order.push('second response') },
    );
    await client.tables.list();
    expect(order).toEqual(['first true', 'second', 'second response', 'first response']);
    expect(stub.calls[0]?.headers.get('x-trace')).toBe('t-1');
  });

  it('answers without sending when onRequest returns a Response', async () => {
    const stub = stubFetch(reply('GET', `${P}/services`, 200, { success: true, count: 0, services: [] }));
    const { client } = clientOn(stub);
    client.use({ onRequest: () => Response.json({ success: true, count: 1, services: [service] }) });
    await expect(client.services.list()).resolves.toEqual([service]);
    expect(stub.calls).toHaveLength(0);
  });

  it('can recover from a network error with a Response from onError', async () => {
    const { client } = clientOn({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const fallback: Middleware = {
      onError: () => Response.json({ success: true, count: 1, services: [service] }),
    };
    client.use(fallback);
    await expect(client.services.list({}, { maxRetries: 0 })).resolves.toEqual([service]);
  });

  it('applies to client.raw too (raw.use is client.use)', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const seen: string[] = [];
    client.raw.use({ onRequest: ({ schemaPath }) => void seen.push(schemaPath) });
    await client.raw.GET('/api/v1/{slug}/schedule', { params: { path: { slug: SLUG } } });
    await client.schedule.get();
    expect(seen).toEqual(['/api/v1/{slug}/schedule', '/api/v1/{slug}/schedule']);
  });

  it('eject() removes one copy of a middleware added twice, as openapi-fetch does, and the SDK still watches the other', async () => {
    const stub = stubFetch(reply('POST', `${P}/reservations`, 201, createdReservation));
    const { client } = clientOn(stub);
    const boom: Middleware = {
      onResponse: () => {
        throw new TypeError('boom');
      },
    };
    client.use(boom, boom);
    client.eject(boom);
    const error = await client.reservations
      .create({ email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HookError', hook: 'onResponse', status: 201 });
  });

  it('rejects something that is not a middleware at once', () => {
    const { client } = clientOn(stubFetch());
    expect(() => client.use(42 as unknown as Middleware)).toThrow(
      /client\.use: a middleware must be an object/,
    );
  });
});

describe('a hook that throws', () => {
  const booking = { email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00' };
  const created = reply('POST', `${P}/reservations`, 201, createdReservation, {
    'X-Request-Id': 'req_000201',
  });
  const boom = (): never => {
    throw new TypeError('x');
  };

  it('in onResponse after a 201: a HookError with the answer, one request, no retry', async () => {
    const stub = stubFetch(created);
    const { client, sleeps } = clientOn(stub);
    client.use({ onResponse: boom });
    const error = await client.reservations.create(booking).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HookError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ hook: 'onResponse', status: 201, requestId: 'req_000201', method: 'POST' });
    expect(stub.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a body an onResponse re-wrapped that breaks off while read: a ConnectionError with the status, one request, no retry', async () => {
    // A header-adding middleware must re-wrap (a fetch Response's headers are immutable); a failure of
    // that body cannot be told from the network's (README, "Hooks"), and reads as one, not retried.
    const stub = stubFetch(created);
    const { client, sleeps } = clientOn(stub);
    client.use({
      onResponse: ({ response }) =>
        new Response(
          response.body?.pipeThrough(
            new TransformStream({
              transform() {
                throw new TypeError('terminated');
              },
            }),
          ),
          response,
        ),
    });
    const error = await client.reservations.create(booking).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 201, requestId: 'req_000201' });
    expect(stub.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a non-JSON body an onResponse re-wrapped: the SDK\'s own "not JSON" error, the body never quoted', async () => {
    const html = async () => new Response(`<html>${API_KEY}`, { headers: { 'content-type': 'text/html' } });
    const { client } = clientOn(stubFetch(html));
    client.use({ onResponse: ({ response }) => new Response(response.body, response) });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^The Reservation API answered 200 with a body that is not JSON \(text\/html\); check baseUrl/,
    );
    expect(JSON.stringify(error)).not.toContain(API_KEY.slice(0, 6));
  });

  it('that locks a body without reading it (getReader()): a HookError naming the hook, not a network error', async () => {
    const stub = stubFetch(created);
    const { client } = clientOn(stub);
    client.use({ onResponse: ({ response }) => void response.body?.getReader() });
    const error = await client.reservations.create(booking).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'HookError',
      hook: 'onResponse',
      status: 201,
      requestId: 'req_000201',
    });
    expect(stub.calls).toHaveLength(1);
    const sent = stubFetch(created);
    const locking = clientOn(sent).client;
    locking.use({ onRequest: ({ request }) => void request.body?.getReader() });
    const before = await locking.reservations.create(booking).catch((e: unknown) => e);
    expect(before).toMatchObject({ name: 'HookError', hook: 'onRequest', status: 0 });
    expect((before as Error).message).toMatch(/^onRequest threw; nothing was sent/);
    expect(sent.calls).toHaveLength(0);
  });

  it('whose onResponse swaps the answer: onRetry and the retry are about the answer the call judged', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/schedule`, 200, schedule),
      reply('GET', `${P}/schedule`, 200, schedule),
    );
    const seen: unknown[] = [];
    const { client } = clientOn(stub, { maxRetries: 1, onRetry: (info) => void seen.push(info.status) });
    let swapped = false;
    client.use({
      onResponse: () => {
        if (swapped) return undefined;
        swapped = true;
        return Response.json(errorBody('Service Unavailable', 'down', 'INTERNAL_ERROR'), { status: 503 });
      },
    });
    await client.schedule.get();
    expect(seen).toEqual([503]);
  });

  it('in onResponse of a read: a HookError, and the read is not retried', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/schedule`, 200, schedule),
      reply('GET', `${P}/schedule`, 200, schedule),
    );
    const { client } = clientOn(stub);
    client.use({ onResponse: boom });
    await expect(client.schedule.get()).rejects.toMatchObject({
      name: 'HookError',
      hook: 'onResponse',
      status: 200,
    });
    expect(stub.calls).toHaveLength(1);
  });

  it('in onRequest: a HookError that says nothing was sent, for reads and writes', async () => {
    const stub = stubFetch(created, reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    client.use({ onRequest: boom });
    for (const call of [client.reservations.create(booking), client.schedule.get()]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'HookError',
        hook: 'onRequest',
        status: 0,
        message: 'onRequest threw; nothing was sent: x',
      });
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('returning something that is not a Request or Response from onRequest (openapi-fetch refuses it): a HookError', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    client.use({ onRequest: () => 'nope' as unknown as Request });
    await expect(client.schedule.get()).rejects.toMatchObject({ name: 'HookError', hook: 'onRequest' });
    expect(stub.calls).toHaveLength(0);
  });

  it('in onRetry: a HookError with the failed answer, and no further attempt', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/schedule`, 503, errorBody('Service Unavailable', 'Down', 'INTERNAL_ERROR'), {
        'X-Request-Id': 'req_000503',
      }),
      reply('GET', `${P}/schedule`, 200, schedule),
    );
    const { client, sleeps } = clientOn(stub, { onRetry: boom });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HookError', hook: 'onRetry', status: 503, requestId: 'req_000503' });
    expect((error as HookError).cause).toBeInstanceOf(TypeError);
    expect(stub.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('in onRetry after a network error: a HookError without a status', async () => {
    const stub = stubFetch(networkFailure, reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { onRetry: boom });
    await expect(client.schedule.get()).rejects.toMatchObject({
      name: 'HookError',
      hook: 'onRetry',
      status: 0,
    });
    expect(stub.calls).toHaveLength(1);
  });

  it('in onError: replaces the network error, which stays a ConnectionError (no answer came)', async () => {
    const stub = stubFetch(networkFailure);
    const { client } = clientOn(stub, { maxRetries: 0 });
    client.use({ onError: boom });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
  });

  it('in a per-request middleware of client.raw: a HookError too', async () => {
    const stub = stubFetch(created);
    const { client } = clientOn(stub);
    const error = await client.raw
      .POST('/api/v1/{slug}/reservations', {
        params: { path: { slug: SLUG } },
        body: booking,
        middleware: [{ onResponse: boom }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'HookError',
      hook: 'onResponse',
      status: 201,
      requestId: 'req_000201',
    });
    expect(stub.calls).toHaveLength(1);
  });

  it('an SDK header is set before any middleware sees the request, also for a raw per-request one', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const seen: (string | null)[] = [];
    await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
      middleware: [{ onRequest: ({ request }) => void seen.push(request.headers.get('x-api-key')) }],
    });
    expect(seen).toEqual([stub.calls[0]?.headers.get('x-api-key')]);
    expect(seen[0]).toBeTruthy();
  });
});
