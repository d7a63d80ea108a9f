// src/api-promise.ts: the request id of an answer (X-Request-Id) on errors and in withResponse(),
// undefined when the answer had none.
import { describe, expect, it } from 'vitest';
import { isReservationApiError } from '../src/index';
import { clientOn } from './support/client';
import { SLUG } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;

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
