// src/resources/gallery.ts: list, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, photo, SLUG } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('gallery on a stub fetch', () => {
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
});
