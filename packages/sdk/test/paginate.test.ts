// src/paginate.ts: iterate(), pages() and toArray() by offset and limit.
//
// Paging never goes round in circles: a page must bring records the previous one did not have and repeat no page
// seen before in the walk, `total` must be a
// whole number ≥ 0 and the list an array; otherwise iterate() throws a ReservationApiError saying
// what the server did, instead of looping (a server or cache that ignores `offset`) or yielding junk.
import { describe, expect, it } from 'vitest';
import { createReservationClient, isReservationApiError, type ReservationApiError } from '../src/index';
import { paginate } from '../src/paginate';
import { clientOn } from './support/client';
import { API_KEY, photo, reservation, reservationList, review, SLUG } from './support/fixtures';
import { localServer } from './support/local-server';
import { type Responder, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const offsets = (calls: { url: URL }[]) =>
  calls.map((c) => [c.url.searchParams.get('offset'), c.url.searchParams.get('limit')]);

/** Pages of `size` reservations out of `total`, validated against the contract. */
function reservationPages(total: number, size: number): Responder[] {
  const pages: Responder[] = [];
  for (let start = 0; start < total; start += size) {
    const items = Array.from({ length: Math.min(size, total - start) }, (_, i) => reservation(start + i));
    pages.push(reply('GET', `${P}/reservations`, 200, reservationList(items, total)));
  }
  return pages;
}

describe('iterate()', () => {
  it('walks every page by offset/limit until total is reached', async () => {
    const stub = stubFetch(...reservationPages(5, 2));
    const { client } = clientOn(stub);

    const ids: string[] = [];
    for await (const r of client.reservations.iterate({ limit: 2, status: 'CONFIRMED' })) ids.push(r.id);

    expect(ids).toEqual(['res_0', 'res_1', 'res_2', 'res_3', 'res_4']);
    expect(offsets(stub.calls)).toEqual([
      ['0', '2'],
      ['2', '2'],
      ['4', '2'],
    ]);
    expect(stub.calls.every((c) => c.url.searchParams.get('status') === 'CONFIRMED')).toBe(true);
  });

  it('makes no request until iteration starts', () => {
    const stub = stubFetch(...reservationPages(1, 1));
    const { client } = clientOn(stub);
    client.reservations.iterate();
    expect(stub.calls).toHaveLength(0);
  });

  it('uses the largest page the API allows when no limit is given', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/reservations`, 200, reservationList([], 0)),
      reply('GET', `${P}/gallery`, 200, { success: true, count: 0, total: 0, photos: [] }),
      reply('GET', `${P}/reviews`, 200, {
        success: true,
        count: 0,
        total: 0,
        averageRating: null,
        totalReviews: 0,
        reviews: [],
      }),
    );
    const { client } = clientOn(stub);
    await client.reservations.iterate().toArray({ max: 10 });
    await client.gallery.iterate().toArray({ max: 10 });
    await client.reviews.iterate().toArray({ max: 10 });
    expect(offsets(stub.calls)).toEqual([
      ['0', '100'],
      ['0', '100'],
      ['0', '50'],
    ]);
  });

  it('stops on break without requesting another page', async () => {
    const stub = stubFetch(...reservationPages(10, 3));
    const { client } = clientOn(stub);

    for await (const r of client.reservations.iterate({ limit: 3 })) {
      if (r.id === 'res_1') break;
    }
    expect(stub.calls).toHaveLength(1);
  });

  it('toArray({ max }) returns at most max items and requests only the pages it needs', async () => {
    const stub = stubFetch(...reservationPages(10, 3));
    const { client } = clientOn(stub);

    const items = await client.reservations.iterate({ limit: 3 }).toArray({ max: 4 });

    expect(items.map((r) => r.id)).toEqual(['res_0', 'res_1', 'res_2', 'res_3']);
    expect(stub.calls).toHaveLength(2);
  });

  it('toArray({ max }) returns everything when max exceeds total', async () => {
    const stub = stubFetch(...reservationPages(3, 2));
    const { client } = clientOn(stub);
    await expect(client.reservations.iterate({ limit: 2 }).toArray({ max: 1000 })).resolves.toHaveLength(3);
    expect(stub.calls).toHaveLength(2);
  });

  it('toArray({ max: 0 }) makes no request', async () => {
    const stub = stubFetch(...reservationPages(3, 2));
    const { client } = clientOn(stub);
    await expect(client.reservations.iterate().toArray({ max: 0 })).resolves.toEqual([]);
    expect(stub.calls).toHaveLength(0);
  });

  it('toArray({ max: Infinity }) collects every item', async () => {
    const stub = stubFetch(...reservationPages(3, 2));
    const { client } = clientOn(stub);
    await expect(client.reservations.iterate({ limit: 2 }).toArray({ max: Infinity })).resolves.toHaveLength(
      3,
    );
  });

  it.each([
    ['no options', undefined, 'undefined'],
    ['no max', {}, 'undefined'],
    ['NaN', { max: Number.NaN }, 'NaN'],
    ['a negative max', { max: -1 }, '-1'],
    ['null', { max: null }, 'null'],
    ['a string', { max: '2' }, '2'],
    ['a fraction (2.5 collected 3)', { max: 2.5 }, '2.5'],
  ])('toArray with %s is a TypeError naming max, before any request', async (_, options, got) => {
    const stub = stubFetch(...reservationPages(3, 2));
    const { client } = clientOn(stub);
    await expect(client.reservations.iterate().toArray(options as { max: number })).rejects.toThrow(
      new TypeError(`toArray: \`max\` must be a whole number ≥ 0 (Infinity: all); got ${got}`),
    );
    expect(stub.calls).toHaveLength(0);
  });

  it('starts at the given offset', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/gallery`, 200, { success: true, count: 1, total: 3, photos: [photo(2)] }),
    );
    const { client } = clientOn(stub);
    await expect(client.gallery.iterate({ offset: 2, limit: 1 }).toArray({ max: 5 })).resolves.toEqual([
      photo(2),
    ]);
    expect(offsets(stub.calls)).toEqual([['2', '1']]);
  });

  it('advances by the items received when the server clamps the page size', async () => {
    // Asked for 500, the server gives its maximum (here 2): the next offset must be 2, not 500.
    const stub = stubFetch(
      reply('GET', `${P}/reviews`, 200, {
        success: true,
        count: 2,
        total: 3,
        averageRating: 5,
        totalReviews: 3,
        reviews: [review(1), review(2)],
      }),
      reply('GET', `${P}/reviews`, 200, {
        success: true,
        count: 1,
        total: 3,
        averageRating: 5,
        totalReviews: 3,
        reviews: [review(3)],
      }),
    );
    const { client } = clientOn(stub);
    await expect(client.reviews.iterate({ limit: 500 }).toArray({ max: 10 })).resolves.toHaveLength(3);
    expect(offsets(stub.calls)).toEqual([
      ['0', '500'],
      ['2', '500'],
    ]);
  });

  it('stops on an empty page even when total claims more (no infinite loop)', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/reservations`, 200, reservationList([reservation(0)], 99)),
      reply('GET', `${P}/reservations`, 200, reservationList([], 99)),
    );
    const { client } = clientOn(stub);
    await expect(client.reservations.iterate({ limit: 1 }).toArray({ max: 1000 })).resolves.toHaveLength(1);
    expect(stub.calls).toHaveLength(2);
  });

  it('keeps only the current page: a page is fetched only after the previous one is consumed', async () => {
    const requested: number[] = [];
    const iterable = paginate(
      async (offset, limit) => {
        requested.push(offset);
        const items = Array.from({ length: limit }, (_, i) => offset + i);
        return { items, total: 6, response: new Response(), requestId: undefined };
      },
      0,
      2,
    );
    const iterator = iterable[Symbol.asyncIterator]();
    await iterator.next(); // 0
    expect(requested).toEqual([0]);
    await iterator.next(); // 1
    expect(requested).toEqual([0]);
    await iterator.next(); // 2: second page
    expect(requested).toEqual([0, 2]);
  });

  it('can be iterated again, starting over', async () => {
    const stub = stubFetch(...reservationPages(2, 2));
    const { client } = clientOn(stub);
    const all = client.reservations.iterate({ limit: 2 });
    await all.toArray({ max: 10 });
    await all.toArray({ max: 10 });
    expect(offsets(stub.calls)).toEqual([
      ['0', '2'],
      ['0', '2'],
    ]);
  });

  it('passes per-call options to every page request', async () => {
    const stub = stubFetch(...reservationPages(4, 2));
    const { client } = clientOn(stub);
    await client.reservations.iterate({ limit: 2 }, { headers: { 'X-Trace': 't1' } }).toArray({ max: 10 });
    expect(stub.calls.map((c) => c.headers.get('x-trace'))).toEqual(['t1', 't1']);
  });
});

const json =
  (body: unknown): Responder =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });

/** What `walk` fails with, asserted to be a ReservationApiError. */
async function apiErrorOf(walk: Promise<unknown>): Promise<ReservationApiError> {
  const error = await walk.catch((e: unknown) => e);
  expect(isReservationApiError(error)).toBe(true);
  return error as ReservationApiError;
}

/** Walks the reservations of the server at `origin`, two a page, until it fails: the ids seen, the error. */
async function walkUntilError(origin: string): Promise<{ ids: string[]; failure: ReservationApiError }> {
  const client = createReservationClient({ baseUrl: origin, apiKey: API_KEY, project: SLUG });
  const ids: string[] = [];
  const failure = await apiErrorOf(
    (async () => {
      for await (const item of client.reservations.iterate({ limit: 2 })) ids.push(item.id);
    })(),
  );
  return { ids, failure };
}

describe('iterate() against a server that ignores offset', () => {
  it('stops at the second page with an error naming the offset, instead of ~5×10⁸ requests', async () => {
    // A cache that drops the query string: always the first two records, and a huge total.
    const server = await localServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          success: true,
          count: 2,
          total: 1e9,
          reservations: [reservation(1), reservation(2)],
        }),
      );
    });
    const { ids, failure } = await walkUntilError(server.origin);
    expect(failure.status).toBe(200);
    expect(failure.method).toBe('GET');
    expect(failure.url).toContain('offset=2');
    expect(failure.message).toMatch(/same records for offset 2 as for the page before it/);
    expect(failure.message).toMatch(/ignores `offset`.*, or the list changed under the walk \(start again\)/);
    expect(ids).toEqual(['res_1', 'res_2']);
    expect(server.requests).toHaveLength(2);
  });

  it('stops when a page repeats any page seen before (A, B, A, B…), not only the one before it', async () => {
    // A server that ignores `offset` and alternates two pages, with a huge total.
    let served = 0;
    const server = await localServer((_request, response) => {
      const pair = served++ % 2 === 0 ? [reservation(1), reservation(2)] : [reservation(3), reservation(4)];
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ success: true, count: 2, total: 1e9, reservations: pair }));
    });
    const { ids, failure } = await walkUntilError(server.origin);
    expect(failure.status).toBe(200);
    expect(failure.url).toContain('offset=4');
    expect(failure.message).toMatch(/same records for offset 4 as for offset 0/);
    expect(failure.message).toMatch(/ignores `offset`/);
    expect(ids).toEqual(['res_1', 'res_2', 'res_3', 'res_4']);
    expect(server.requests).toHaveLength(3);
  });

  it('stops when a page repeats the records of one seen before with some of them twice ([1, 2], [3, 4], [1, 2, 1])', async () => {
    // Each page holds the same records as one before it, one of them twice: as a list it is new
    // every time, by the records it holds it is not.
    let served = 0;
    const server = await localServer((_request, response) => {
      const n = served++;
      const pair = n % 2 === 0 ? [1, 2] : [3, 4];
      const page = [...pair, ...(n >= 2 ? [pair[0] as number] : [])].map((i) => reservation(i));
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ success: true, count: page.length, total: 1e9, reservations: page }));
    });
    const { ids, failure } = await walkUntilError(server.origin);
    expect(failure.message).toMatch(/same records for offset 4 as for offset 0/);
    expect(ids).toEqual(['res_1', 'res_2', 'res_3', 'res_4']);
    expect(server.requests).toHaveLength(3);
  });

  it('remembers the pages of one walk only: iterating again starts over', async () => {
    const stub = stubFetch(
      json({ success: true, count: 2, total: 2, reservations: [reservation(1), reservation(2)] }),
      json({ success: true, count: 2, total: 2, reservations: [reservation(1), reservation(2)] }),
    );
    const { client } = clientOn(stub);
    const walk = client.reservations.iterate({ limit: 2 });
    expect(await walk.toArray({ max: 10 })).toHaveLength(2);
    expect(await walk.toArray({ max: 10 })).toHaveLength(2);
    expect(stub.calls).toHaveLength(2);
  });

  it('accepts pages that overlap (a record inserted meanwhile shifts the list) as long as each brings a new one', async () => {
    const stub = stubFetch(
      json({ success: true, count: 2, total: 3, reservations: [reservation(1), reservation(2)] }),
      json({ success: true, count: 2, total: 3, reservations: [reservation(2), reservation(3)] }),
    );
    const { client } = clientOn(stub);
    const items = await client.reservations.iterate({ limit: 2 }).toArray({ max: 10 });
    expect(items.map((r) => r.id)).toEqual(['res_1', 'res_2', 'res_2', 'res_3']);
  });

  it('gallery.iterate stops the same way', async () => {
    const page = json({ success: true, count: 1, total: 50, photos: [photo(1)] });
    const stub = stubFetch(page);
    const { client } = clientOn(stub);
    await expect(client.gallery.iterate({ limit: 1 }).toArray({ max: 100 })).rejects.toThrow(
      /same records for offset 1/,
    );
    expect(stub.calls).toHaveLength(2);
  });
});

describe('a page whose total or list is not what the contract says', () => {
  it.each([
    ['missing', undefined, /`total` is not a whole number ≥ 0 \(got undefined\)/],
    ['a string', 'abc', /`total` is not a whole number ≥ 0 \(got string\)/],
    ['Infinity (1e400 in JSON)', '1e400', /got Infinity/],
    ['negative', -1, /got -1/],
    ['a fraction', 2.5, /got 2\.5/],
  ])('total %s: a ReservationApiError, not an endless walk', async (_, total, message) => {
    const text =
      total === '1e400'
        ? `{"success":true,"count":1,"total":1e400,"reservations":[${JSON.stringify(reservation(1))}]}`
        : { success: true, count: 1, total, reservations: [reservation(1)] };
    const stub = stubFetch(json(text), json({ success: true, count: 0, total: 0, reservations: [] }));
    const { client } = clientOn(stub);
    const error = await apiErrorOf(client.reservations.iterate().toArray({ max: 10 }));
    expect(error.status).toBe(200);
    expect(error.message).toMatch(message);
    expect(stub.calls).toHaveLength(1);
  });

  it.each([
    ['null', null, /`reservations` is not an array \(got null\)/],
    ['a string', 'abc', /`reservations` is not an array \(got string\)/],
    ['an object', { 0: 'a' }, /`reservations` is not an array \(got object\)/],
  ])('reservations %s: a ReservationApiError, not a TypeError or junk items', async (_, list, message) => {
    const { client } = clientOn(stubFetch(json({ success: true, count: 1, total: 3, reservations: list })));
    const error = await apiErrorOf(client.reservations.iterate().toArray({ max: 10 }));
    expect(error.message).toMatch(message);
  });
});

describe('paging options are checked at run time', () => {
  // From plain JavaScript: offset '0' was sent, then concatenated ('0250'), silently skipping records.
  it.each([
    [{ offset: '0' }, /`offset` must be a whole number ≥ 0; got "0"/],
    [{ offset: -1 }, /`offset` must be a whole number ≥ 0; got -1/],
    [{ offset: 1.5 }, /`offset` must be a whole number ≥ 0; got 1\.5/],
    [{ limit: '250' }, /`limit` must be a whole number ≥ 1; got "250"/],
    [{ limit: 0 }, /`limit` must be a whole number ≥ 1; got 0/],
    [{ limit: Number.NaN }, /`limit` must be a whole number ≥ 1; got NaN/],
    [{ limit: Number.POSITIVE_INFINITY }, /`limit` must be a whole number ≥ 1; got Infinity/],
  ])('iterate(%o) throws a TypeError before any request', (query, message) => {
    const stub = stubFetch(json({}));
    const { client } = clientOn(stub);
    const bad = query as unknown as { offset?: number; limit?: number };
    expect(() => client.reservations.iterate(bad)).toThrow(TypeError);
    expect(() => client.gallery.iterate(bad)).toThrow(message);
    expect(() => client.reviews.iterate(bad)).toThrow(/^reviews\.iterate: /);
    expect(stub.calls).toHaveLength(0);
  });

  it('undefined offset and limit keep their defaults', async () => {
    const stub = stubFetch(json({ success: true, count: 0, total: 0, reservations: [] }));
    const { client } = clientOn(stub);
    await client.reservations.iterate({ offset: undefined, limit: undefined }).toArray({ max: 1 });
    expect(stub.calls[0]?.url.searchParams.get('offset')).toBe('0');
    expect(stub.calls[0]?.url.searchParams.get('limit')).toBe('100');
  });
});
