import { describe, expect, it } from 'vitest';
import { clientOn } from './support/client';
import {
  API,
  API_KEY,
  availability,
  cancelled,
  createdReservation,
  photo,
  projectInfo,
  reservation,
  reservationDetail,
  reservationList,
  review,
  SLUG,
  schedule,
  service,
  statusChanged,
  table,
} from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('resource methods on a stub fetch', () => {
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

  it('availability.get sends the day and filters and returns the day without success', async () => {
    const stub = stubFetch(reply('GET', `${P}/availability`, 200, availability));
    const { client } = clientOn(stub);

    const day = await client.availability.get({ date: '2026-06-15', serviceId: 'svc_tasting', duration: 90 });

    const { success: _, ...expected } = availability;
    expect(day).toEqual(expected);
    expect(stub.calls[0]?.url.pathname).toBe('/prefix/api/v1/demo-bistro/availability');
    expect(query(stub.calls[0]?.url)).toEqual({
      date: '2026-06-15',
      serviceId: 'svc_tasting',
      duration: '90',
    });
  });

  it('schedule.get returns openingHours and holidays', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    await expect(client.schedule.get()).resolves.toEqual({
      openingHours: schedule.openingHours,
      holidays: schedule.holidays,
    });
    expect(stub.calls[0]?.url.href).toBe(`${API}/schedule`);
  });

  it('tables.list sends the filters and returns the array of tables', async () => {
    const stub = stubFetch(reply('GET', `${P}/tables`, 200, { success: true, count: 1, tables: [table] }));
    const { client } = clientOn(stub);
    await expect(client.tables.list({ branchId: 'br_old_town', zoneId: 'zone_terrace' })).resolves.toEqual([
      table,
    ]);
    expect(stub.calls[0]?.url.href).toBe(`${API}/tables?branchId=br_old_town&zoneId=zone_terrace`);
  });

  it('services.list sends the branch filter and returns the array of services', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/services`, 200, { success: true, count: 1, services: [service] }),
    );
    const { client } = clientOn(stub);
    await expect(client.services.list({ branchId: 'br_old_town' })).resolves.toEqual([service]);
    expect(stub.calls[0]?.url.href).toBe(`${API}/services?branchId=br_old_town`);
  });

  it('info.get returns project, settings and branding', async () => {
    const stub = stubFetch(reply('GET', `${P}/info`, 200, projectInfo));
    const { client } = clientOn(stub);
    const { success: _, ...expected } = projectInfo;
    await expect(client.info.get()).resolves.toEqual(expected);
    expect(stub.calls[0]?.url.href).toBe(`${API}/info`);
  });

  it('gallery.list sends limit and offset and returns the page without success', async () => {
    const body = { success: true as const, count: 1, total: 5, photos: [photo(1)] };
    const stub = stubFetch(reply('GET', `${P}/gallery`, 200, body));
    const { client } = clientOn(stub);
    await expect(client.gallery.list({ limit: 1, offset: 0 })).resolves.toEqual({
      count: 1,
      total: 5,
      photos: [photo(1)],
    });
    expect(stub.calls[0]?.url.href).toBe(`${API}/gallery?limit=1&offset=0`);
  });

  it('reviews.list returns the page with averageRating and totalReviews', async () => {
    const body = {
      success: true as const,
      count: 1,
      total: 5,
      averageRating: 4.6,
      totalReviews: 5,
      reviews: [review(1)],
    };
    const stub = stubFetch(reply('GET', `${P}/reviews`, 200, body));
    const { client } = clientOn(stub);
    const { success: _, ...expected } = body;
    await expect(client.reviews.list({ limit: 1 })).resolves.toEqual(expected);
    expect(stub.calls[0]?.url.href).toBe(`${API}/reviews?limit=1`);
  });

  it('sends client headers and per-call headers, and the API key cannot be overridden by either', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { headers: { 'X-App': 'booking', 'X-API-Key': 'nope' } });
    await client.schedule.get({ headers: { 'X-Request-Id': 'req-1', 'x-api-key': 'nope either' } });
    const headers = stub.calls[0]?.headers;
    expect(headers?.get('x-app')).toBe('booking');
    expect(headers?.get('x-request-id')).toBe('req-1');
    expect(headers?.get('x-api-key')).toBe(API_KEY);
  });

  it('the API key wins over a client-level X-API-Key header, with or without per-call options', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { headers: { 'X-API-Key': 'nope' } });
    await client.schedule.get();
    await client.schedule.get({ timeoutMs: 5_000 });
    await client.raw.GET('/api/v1/{slug}/schedule', { params: { path: { slug: SLUG } } });
    expect(stub.calls.map((call) => call.headers.get('x-api-key'))).toEqual([API_KEY, API_KEY, API_KEY]);
  });

  it('the API key wins over an X-API-Key header given to client.raw', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
      headers: { 'X-API-Key': 'nope' },
    });
    expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
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

  it('joins a base URL with a trailing slash and a path prefix without doubling slashes', async () => {
    const stub = stubFetch(reply('GET', `${P}/info`, 200, projectInfo));
    const { client } = clientOn(stub, { baseUrl: 'http://api.test/prefix/' });
    await client.info.get();
    expect(stub.calls[0]?.url.href).toBe(`${API}/info`);
  });

  it('client.raw is openapi-fetch with the same auth: it returns { data, error, response }', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const { data, response } = await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
    });
    expect(data).toEqual(schedule);
    expect(response.status).toBe(200);
    expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it('uses globalThis.fetch as it is at call time when no fetch option is given', async () => {
    const { createReservationClient } = await import('../src/index');
    const client = createReservationClient({
      baseUrl: 'http://api.test/prefix',
      apiKey: API_KEY,
      project: SLUG,
    });
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const original = globalThis.fetch;
    // Replaced after the client exists, as MSW's server.listen() does.
    globalThis.fetch = stub.fetch as typeof fetch;
    try {
      await client.schedule.get();
    } finally {
      globalThis.fetch = original;
    }
    expect(stub.calls).toHaveLength(1);
  });
});
