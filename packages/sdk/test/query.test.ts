// src/query.ts: integers in a query are written as plain digits, never `1e+21` (a 400); a value a query
// cannot carry (an object, null) is refused, not left out.
import { describe, expect, it } from 'vitest';
import { clientOn } from './support/client';
import { reservationList, SLUG } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('integers in the query are written as plain digits', () => {
  it.each([
    ['limit', 1e21, '1000000000000000000000'],
    ['limit', Number.MAX_VALUE, BigInt(Number.MAX_VALUE).toString()],
    ['offset', 1e21, '1000000000000000000000'],
    ['offset', 2 ** 60, '1152921504606846976'],
  ])(
    '%s: %d is sent as digits, which the API accepts (never `1e+21`, a 400)',
    async (name, value, digits) => {
      const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
      const { client } = clientOn(stub);
      await client.reservations.list({ [name]: value });
      const query = stub.calls[0]?.url.search ?? '';
      expect(query).toBe(`?${name}=${digits}`);
      expect(query).not.toMatch(/e\+|e%2B/i);
    },
  );

  it('iterate({ limit: 1e21 }) pages with digits too', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await client.reservations.iterate({ limit: 1e21 }).toArray({ max: 10 });
    expect(stub.calls[0]?.url.searchParams.get('limit')).toBe('1000000000000000000000');
  });

  it('other values are written as before', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await client.reservations.list({ status: 'PENDING', date: '2026-06-15', limit: 5, offset: 0 });
    expect(stub.calls[0]?.url.search).toBe('?status=PENDING&date=2026-06-15&limit=5&offset=0');
  });
});

describe('a filter value the query cannot carry', () => {
  it.each([
    ['a Date', new Date('2030-06-18T00:00:00Z'), 'an object'],
    ['null', null, 'null'],
    ['an array', ['PENDING', 'CONFIRMED'], 'an object'],
  ])('is a TypeError before any request, not a filter silently left out (%s)', async (_, value, got) => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await expect(client.reservations.list({ date: value } as unknown as { date: string })).rejects.toThrow(
      new TypeError(`date must be a string, number or boolean, got ${got}`),
    );
    // Nothing was sent: it listed every reservation, unfiltered.
    expect(stub.calls).toHaveLength(0);
  });

  it('undefined leaves the filter out, as documented', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await client.reservations.list({ date: undefined, status: 'PENDING' });
    expect(stub.calls[0]?.url.search).toBe('?status=PENDING');
  });
});
