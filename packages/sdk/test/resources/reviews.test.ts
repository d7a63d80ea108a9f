// src/resources/reviews.ts: list, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, review, SLUG } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('reviews on a stub fetch', () => {
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
});
