// src/resources/availability.ts: get, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { availability, SLUG } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('availability on a stub fetch', () => {
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
});
