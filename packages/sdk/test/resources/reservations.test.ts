// src/resources/reservations.ts: list, get, create, updateStatus and cancel, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { ReservationApiError } from '../../src/index';
import { clientOn } from '../support/client';
import {
  API,
  API_KEY,
  cancelled,
  createdReservation,
  reservation,
  reservationDetail,
  reservationList,
  SLUG,
  statusChanged,
} from '../support/fixtures';
import { rawReply, reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('reservations on a stub fetch', () => {
  it('reservations.list sends GET with the filters and returns the page without success', async () => {
    const body = reservationList([reservation(1), reservation(2)], 7);
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, body));
    const { client } = clientOn(stub);

    const page = await client.reservations.list({
      date: '2026-06-15',
      status: 'CONFIRMED',
      limit: 2,
      offset: 4,
    });

    expect(page).toEqual({ count: 2, total: 7, reservations: [reservation(1), reservation(2)] });
    expect(page).not.toHaveProperty('success');
    const [call] = stub.calls;
    expect(call?.method).toBe('GET');
    expect(`${call?.url.origin}${call?.url.pathname}`).toBe(`${API}/reservations`);
    expect(query(call?.url)).toEqual({ date: '2026-06-15', status: 'CONFIRMED', limit: '2', offset: '4' });
    expect(call?.headers.get('x-api-key')).toBe(API_KEY);
    expect(call?.body).toBeUndefined();
    expect(call?.headers.has('content-type')).toBe(false);
  });

  it('reservations.get fetches one reservation by id and returns it with its statusHistory', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/reservations/res_1`, 200, { success: true, reservation: reservationDetail }),
    );
    const { client } = clientOn(stub);

    await expect(client.reservations.get('res_1')).resolves.toEqual(reservationDetail);
    expect(stub.calls[0]?.method).toBe('GET');
    expect(stub.calls[0]?.url.href).toBe(`${API}/reservations/res_1`);
  });

  it('reservations.get encodes an id with reserved characters into one path segment', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/reservations/a%2Fb%3Fc`, 200, { success: true, reservation: reservationDetail }),
    );
    const { client } = clientOn(stub);
    await client.reservations.get('a/b?c');
    expect(stub.calls[0]?.url.pathname).toBe('/prefix/api/v1/demo-bistro/reservations/a%2Fb%3Fc');
  });

  it('reservations.create POSTs the JSON body and returns the created reservation', async () => {
    const stub = stubFetch(reply('POST', `${P}/reservations`, 201, createdReservation));
    const { client } = clientOn(stub);
    const input = { email: 'jana@example.com', date: '2026-06-15', from: '18:00', to: '20:00', guests: 2 };

    await expect(client.reservations.create(input)).resolves.toEqual(createdReservation.reservation);
    const [call] = stub.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe(`${API}/reservations`);
    expect(call?.body).toEqual(input);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it('reservations.updateStatus PATCHes /status and returns { id, status }', async () => {
    const stub = stubFetch(reply('PATCH', `${P}/reservations/res_1/status`, 200, statusChanged));
    const { client } = clientOn(stub);

    const result = await client.reservations.updateStatus('res_1', { status: 'CONFIRMED', note: 'VIP' });

    expect(result).toEqual({ id: 'res_1', status: 'CONFIRMED' });
    expect(stub.calls[0]?.method).toBe('PATCH');
    expect(stub.calls[0]?.url.href).toBe(`${API}/reservations/res_1/status`);
    expect(stub.calls[0]?.body).toEqual({ status: 'CONFIRMED', note: 'VIP' });
  });

  it('reservations.cancel DELETEs with an optional reason and returns { message }', async () => {
    const stub = stubFetch(reply('DELETE', `${P}/reservations/res_1`, 200, cancelled));
    const { client } = clientOn(stub);

    await expect(client.reservations.cancel('res_1', { reason: 'Guest called' })).resolves.toEqual({
      message: 'Reservation cancelled',
    });
    await expect(client.reservations.cancel('res_1')).resolves.toEqual({ message: 'Reservation cancelled' });
    expect(stub.calls.map((c) => [c.method, c.url.href, c.body])).toEqual([
      ['DELETE', `${API}/reservations/res_1`, { reason: 'Guest called' }],
      ['DELETE', `${API}/reservations/res_1`, undefined],
    ]);
  });

  it('reservations.cancel refuses a 200 that is no cancellation (no `message`) as the typed error', async () => {
    const stub = stubFetch(
      rawReply(200, JSON.stringify({ success: false, error: 'Bad Gateway', code: 'INTERNAL_ERROR' }), {
        'content-type': 'application/json',
      }),
    );
    const { client } = clientOn(stub);
    const error = await client.reservations.cancel('res_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect((error as Error).message).toMatch(/`message` is not a string \(got undefined\)/);
  });

  it.each([
    ['an empty id', ''],
    ['"."', '.'],
    ['".."', '..'],
  ])('reservations.get, updateStatus and cancel refuse %s before any request', async (_, id) => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([])));
    const { client } = clientOn(stub);
    const message = `\`id\` must be a reservation id such as "res_…"; got ${JSON.stringify(id)}`;
    await expect(client.reservations.get(id)).rejects.toThrow(new TypeError(`reservations.get: ${message}`));
    await expect(client.reservations.updateStatus(id, { status: 'CONFIRMED' })).rejects.toThrow(
      new TypeError(`reservations.updateStatus: ${message}`),
    );
    await expect(client.reservations.cancel(id)).rejects.toThrow(
      new TypeError(`reservations.cancel: ${message}`),
    );
    expect(stub.calls).toHaveLength(0);
  });

  it('reservations.get refuses an id that is not a string (from JavaScript callers)', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([])));
    const { client } = clientOn(stub);
    await expect(client.reservations.get(undefined as unknown as string)).rejects.toThrow(/got undefined$/);
    expect(stub.calls).toHaveLength(0);
  });

  it('reservations.get keeps an id with dots or slashes inside one path segment', async () => {
    const stub = stubFetch(async () => Response.json({ success: true, reservation: reservationDetail }));
    const { client } = clientOn(stub);
    await client.reservations.get('res.1');
    await client.reservations.get('../x');
    expect(stub.calls.map((call) => call.url.pathname)).toEqual([
      `/prefix${P}/reservations/res.1`,
      `/prefix${P}/reservations/..%2Fx`,
    ]);
  });
});
