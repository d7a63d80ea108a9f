import { describe, expect, it } from 'vitest';
import { paginate } from '../src/paginate';
import { clientOn } from './support/client';
import { photo, reservation, reservationList, review, SLUG } from './support/fixtures';
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
