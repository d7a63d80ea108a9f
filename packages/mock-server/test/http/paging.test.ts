// Paging over real HTTP: any limit clamps, an offset past the end is an empty page with the right total.
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';

const P = '/api/v1/demo-bistro';

describe('paging', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it.each([
    ['reservations', 100],
    ['gallery', 100],
    ['reviews', 50],
  ])('%s: limit=2^53 (and far beyond) clamps to %i; a huge offset is an empty page', async (path, max) => {
    await harness.start();
    const all = (await harness.call(`${P}/${path}`)).body as { total: number; count: number };
    for (const limit of ['9007199254740992', '1'.repeat(400)]) {
      const answer = await harness.call(`${P}/${path}?limit=${limit}`);
      expect(answer.status).toBe(200);
      const body = answer.body as { count: number; total: number };
      expect(body.count).toBe(Math.min(max, body.total));
      expect(body.total).toBe(all.total);
    }
    for (const offset of ['9007199254740993', '1'.repeat(400)]) {
      const answer = await harness.call(`${P}/${path}?offset=${offset}&limit=${max * 10}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ count: 0, total: all.total });
    }
  });

  it('still refuses a limit below 1 and a negative offset', async () => {
    await harness.start();
    expect((await harness.call(`${P}/reservations?limit=0`)).status).toBe(400);
    expect((await harness.call(`${P}/gallery?offset=-1`)).status).toBe(400);
  });
});
