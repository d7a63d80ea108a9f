// Paging over real HTTP (openapi.yaml, "Conventions"): a `limit` above the maximum is clamped however
// large it is (also past 2^53), and an `offset` past the end is an empty page with the right total;
// neither is ever 400 for being large.
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/node';
import { send, startServer, TUESDAY_NOON } from '../support/server';

const KEY = 'rk_paging_full';
const CREATED = '2026-06-01T10:00:00.000Z';

/** A project with more rows than any page holds: 120 reservations, 120 photos, 60 reviews. */
async function startWithLongLists(): Promise<MockServer> {
  const server = await startServer({ now: TUESDAY_NOON });
  await server.service.control.createProject({
    id: 'prj_paging',
    slug: 'paging',
    name: 'Paging',
    openingHours: { monday: { open: '08:00', close: '20:00' } },
    apiKeys: [{ id: 'key_paging_full', name: 'full', key: KEY, permissions: ['read', 'media'] }],
    photos: Array.from({ length: 120 }, (_, i) => ({
      id: `pho_${i}`,
      imageUrl: `https://images.example.com/paging/${i}.jpg`,
      createdAt: CREATED,
    })),
    reviews: Array.from({ length: 60 }, (_, i) => ({
      id: `rev_${i}`,
      customerName: `Guest ${i}`,
      rating: 4,
      createdAt: CREATED,
    })),
    reservations: Array.from({ length: 120 }, (_, i) => ({
      id: `res_paging_${i}`,
      date: '2026-06-22',
      from: '10:00',
      to: '11:00',
      customer: { email: `guest${i}@example.com` },
      createdAt: CREATED,
    })),
  });
  return server;
}

const HUGE = ['9007199254740992', '9007199254740993', `1${'0'.repeat(30)}`, '1'.repeat(400)];

describe.each([
  ['reservations', 'reservations', 100, 120],
  ['gallery', 'photos', 100, 120],
  ['reviews', 'reviews', 50, 60],
] as const)('GET /%s', (path, list, max, total) => {
  const page = async (server: MockServer, query: string) => {
    const answer = await send(server, 'GET', `/api/v1/paging/${path}?${query}`, { key: KEY });
    expect(answer.status, `${query}: ${answer.text}`).toBe(200);
    const body = answer.body as Record<string, unknown> & { count: number; total: number };
    return { ...body, items: body[list] as { id: string }[] };
  };

  it.each(HUGE)(`clamps limit=%s to ${max}`, async (limit) => {
    const server = await startWithLongLists();
    const { count, total: all, items } = await page(server, `limit=${limit}`);
    expect({ count, total: all, items: items.length }).toEqual({ count: max, total, items: max });
  });

  it.each(HUGE)('gives an empty page with the right total at offset=%s', async (offset) => {
    const server = await startWithLongLists();
    const answer = await page(server, `offset=${offset}`);
    expect({ count: answer.count, total: answer.total, items: answer.items }).toEqual({
      count: 0,
      total,
      items: [],
    });
    if (path === 'reviews') expect(answer).toMatchObject({ averageRating: 4, totalReviews: total });
  });

  it('the guard: a small excess is clamped, offset = total is empty, total - 1 has the last row', async () => {
    const server = await startWithLongLists();
    expect((await page(server, `limit=${max + 1}`)).count).toBe(max);
    expect((await page(server, `offset=${total}`)).items).toEqual([]);
    expect((await page(server, `offset=${total - 1}`)).items).toHaveLength(1);
  });

  it('still refuses limit=0 and offset=-1 with 400 VALIDATION_ERROR', async () => {
    const server = await startWithLongLists();
    for (const query of ['limit=0', 'offset=-1']) {
      const answer = await send(server, 'GET', `/api/v1/paging/${path}?${query}`, { key: KEY });
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});
