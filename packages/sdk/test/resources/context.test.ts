// A 2xx whose body is not the object a method returns (null, a string, a missing field) is a
// ReservationApiError with the status and the request, as the README's "anything else" row says:
// never a raw TypeError, a string spread into an object, or `undefined`.
import { describe, expect, it } from 'vitest';
import { isReservationApiError, type ReservationApiError, type ReservationClient } from '../../src/index';
import { clientOn } from '../support/client';
import { API } from '../support/fixtures';
import { type Responder, stubFetch } from '../support/stub-fetch';

const answer =
  (text: string): Responder =>
  async () =>
    new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });

type Call = [string, (client: ReservationClient) => Promise<unknown>, string, string];
const calls: Call[] = [
  ['reservations.list', (c) => c.reservations.list(), 'GET', `${API}/reservations`],
  ['reservations.get', (c) => c.reservations.get('res_1'), 'GET', `${API}/reservations/res_1`],
  [
    'reservations.create',
    (c) =>
      c.reservations.create({ email: 'a@b.cz', date: '2030-06-18', from: '18:00', to: '20:00', guests: 2 }),
    'POST',
    `${API}/reservations`,
  ],
  [
    'reservations.updateStatus',
    (c) => c.reservations.updateStatus('res_1', { status: 'CONFIRMED' }),
    'PATCH',
    `${API}/reservations/res_1/status`,
  ],
  ['reservations.cancel', (c) => c.reservations.cancel('res_1'), 'DELETE', `${API}/reservations/res_1`],
  [
    'availability.get',
    (c) => c.availability.get({ date: '2030-06-18' }),
    'GET',
    `${API}/availability?date=2030-06-18`,
  ],
  ['schedule.get', (c) => c.schedule.get(), 'GET', `${API}/schedule`],
  ['tables.list', (c) => c.tables.list(), 'GET', `${API}/tables`],
  ['services.list', (c) => c.services.list(), 'GET', `${API}/services`],
  ['info.get', (c) => c.info.get(), 'GET', `${API}/info`],
  ['gallery.list', (c) => c.gallery.list(), 'GET', `${API}/gallery`],
  ['reviews.list', (c) => c.reviews.list(), 'GET', `${API}/reviews`],
];

describe.each(calls)('%s with a 2xx of the wrong shape', (_, call, method, url) => {
  it.each([
    ['null', 'null', /not a JSON object \(got null\)/],
    ['a string', '"hello"', /not a JSON object \(got string\)/],
    ['an array', '[1,2]', /not a JSON object \(got an array\)/],
    ['a number', '42', /not a JSON object \(got 42\)/],
  ])('%s is a ReservationApiError with the status and the request', async (_kind, text, message) => {
    const { client } = clientOn(stubFetch(answer(text)));
    const error = await call(client).catch((e: unknown) => e);
    expect(isReservationApiError(error)).toBe(true);
    const failure = error as ReservationApiError;
    expect(failure.name).toBe('ReservationApiError');
    expect(failure.status).toBe(200);
    expect(failure.method).toBe(method);
    expect(failure.url).toBe(url);
    expect(failure.message).toMatch(/^The Reservation API answered 200 with a body that is/);
    expect(failure.message).toMatch(message);
    expect(failure.body).toEqual(JSON.parse(text));
  });
});

describe('a 2xx object without the field a method returns', () => {
  it.each([
    ['tables.list', (c: ReservationClient) => c.tables.list(), /`tables` is not an array \(got undefined\)/],
    ['services.list', (c: ReservationClient) => c.services.list(), /`services` is not an array/],
    [
      'reservations.get',
      (c: ReservationClient) => c.reservations.get('res_1'),
      /`reservation` is not an object/,
    ],
    ['reservations.list', (c: ReservationClient) => c.reservations.list(), /`reservations` is not an array/],
    ['gallery.list', (c: ReservationClient) => c.gallery.list(), /`photos` is not an array/],
    ['reviews.list', (c: ReservationClient) => c.reviews.list(), /`reviews` is not an array/],
    ['info.get', (c: ReservationClient) => c.info.get(), /`project` is not an object/],
    ['schedule.get', (c: ReservationClient) => c.schedule.get(), /`openingHours` is not an array/],
    [
      'availability.get',
      (c: ReservationClient) => c.availability.get({ date: '2030-06-18' }),
      /`slots` is not an array/,
    ],
  ])('%s: `{"success":true}` is a ReservationApiError, not undefined', async (_, call, message) => {
    const { client } = clientOn(stubFetch(answer('{"success":true}')));
    const error = await call(client).catch((e: unknown) => e);
    expect(isReservationApiError(error)).toBe(true);
    expect((error as ReservationApiError).status).toBe(200);
    expect((error as ReservationApiError).message).toMatch(message);
  });
});
