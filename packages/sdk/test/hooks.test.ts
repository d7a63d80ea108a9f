// client.use() middleware around each attempt (openapi-fetch's semantics: onRequest may replace the
// request or answer itself, onError may recover with a Response), `raw` sharing the same hooks, and
// the request id of an answer on errors and in withResponse() (undefined when the answer had none).
import { describe, expect, it } from 'vitest';
import { isReservationApiError, type Middleware } from '../src/index';
import { clientOn } from './support/client';
import { SLUG, schedule, service, table } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

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

  it('rejects something that is not a middleware at once', () => {
    const { client } = clientOn(stubFetch());
    expect(() => client.use(42 as unknown as Middleware)).toThrow(
      /client\.use: a middleware must be an object/,
    );
  });
});

describe('request ids', () => {
  it('are undefined on errors and in withResponse() when the answer has no X-Request-Id', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/tables`, 200, { success: true, count: 0, tables: [] }),
      reply('GET', `${P}/reservations/{id}`, 404, {
        error: 'Not Found',
        code: 'RESERVATION_NOT_FOUND',
        message: 'Reservation not found',
      }),
    );
    const { client } = clientOn(stub);
    await expect(client.tables.list().withResponse()).resolves.toMatchObject({ requestId: undefined });
    const error = await client.reservations.get('res_x').catch((e: unknown) => e);
    expect(isReservationApiError(error) && error.requestId).toBeUndefined();
    expect(isReservationApiError(error) && 'requestId' in error.toJSON()).toBe(true);
  });

  it('come from X-Request-Id of the answer on errors', async () => {
    const stub = stubFetch(
      reply(
        'GET',
        `${P}/reservations/{id}`,
        404,
        { error: 'Not Found', code: 'RESERVATION_NOT_FOUND', message: 'Reservation not found' },
        { 'X-Request-Id': 'req_000123' },
      ),
    );
    const { client } = clientOn(stub);
    const error = await client.reservations.get('res_x').catch((e: unknown) => e);
    expect(isReservationApiError(error) && error.toJSON()).toMatchObject({
      name: 'NotFoundError',
      requestId: 'req_000123',
    });
  });
});
