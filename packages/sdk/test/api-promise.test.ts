// src/api-promise.ts: what a resource method returns (a plain Promise of the data with
// withResponse()), and the request id of an answer (X-Request-Id) on errors and in withResponse(),
// undefined when the answer had none.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiPromise, isReservationApiError, NotFoundError } from '../src/index';
import { clientOn } from './support/client';
import { SLUG } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const TABLES = reply(
  'GET',
  `${P}/tables`,
  200,
  { success: true, count: 0, tables: [] },
  { 'X-Request-Id': 'req_000007' },
);
const MISSING = reply('GET', `${P}/reservations/{id}`, 404, {
  error: 'Not Found',
  code: 'RESERVATION_NOT_FOUND',
  message: 'Reservation not found',
});

describe('ApiPromise', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => {
    unhandled.push(reason);
  };
  afterEach(() => {
    process.off('unhandledRejection', record);
    unhandled.length = 0;
  });

  it('is a plain Promise (so await takes the fast path) that instanceof ApiPromise recognises', async () => {
    const { client } = clientOn(stubFetch(TABLES));
    const pending = client.tables.list();
    expect(Object.getPrototypeOf(pending)).toBe(Promise.prototype);
    expect(pending).toBeInstanceOf(ApiPromise);
    expect(Promise.resolve(1)).not.toBeInstanceOf(ApiPromise);
    await expect(pending).resolves.toEqual([]);
  });

  it('gives the data, the final response and its request id from withResponse(), as often as asked', async () => {
    const { client } = clientOn(stubFetch(TABLES));
    const pending = client.tables.list();
    const first = await pending.withResponse();
    expect(first).toMatchObject({ data: [], requestId: 'req_000007' });
    expect(first.response.status).toBe(200);
    expect(await pending.withResponse()).toEqual(first);
    expect(await pending).toEqual([]);
  });

  it('leaves no unhandled rejection when a failed call is used only through withResponse()', async () => {
    process.on('unhandledRejection', record);
    const { client } = clientOn(stubFetch(MISSING));
    await expect(client.reservations.get('res_x').withResponse()).rejects.toBeInstanceOf(NotFoundError);
    // Unhandled rejections are reported after the microtasks of the turn: one macrotask later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
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
