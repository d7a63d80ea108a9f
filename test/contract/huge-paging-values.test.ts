// openapi.yaml: "a `limit` above the maximum is clamped to it whatever its size; an `offset` past the
// end gives an empty page". That must hold through the SDK as over raw HTTP, also for numbers that
// JavaScript writes with an exponent (1e21 → "1e+21").
import { describe, expect, it } from 'vitest';
import { useMockService } from './mock';

const mock = useMockService();

describe('huge limit and offset through the SDK', () => {
  it.each([1e21, Number.MAX_VALUE, 2 ** 64])(
    'reservations.list({ limit: %d }) is clamped to 100, never a 400',
    async (limit) => {
      const page = await mock.client().reservations.list({ limit });
      expect(page.reservations.length).toBe(Math.min(page.total, 100));
    },
  );

  it('gallery.list({ offset: 1e21 }) is an empty page with the right total', async () => {
    const client = mock.client();
    const { total } = await client.gallery.list();
    const page = await client.gallery.list({ offset: 1e21 });
    expect(page).toMatchObject({ count: 0, total, photos: [] });
  });

  it('reservations.iterate({ limit: 1e21 }) walks every reservation', async () => {
    const client = mock.client();
    const { total } = await client.reservations.list();
    const all = await client.reservations.iterate({ limit: 1e21 }).toArray({ max: 10_000 });
    expect(all).toHaveLength(total);
  });
});
