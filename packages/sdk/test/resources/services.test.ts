// src/resources/services.ts: list, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, SLUG, service } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('services on a stub fetch', () => {
  it('services.list sends the branch filter and returns the array of services', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/services`, 200, { success: true, count: 1, services: [service] }),
    );
    const { client } = clientOn(stub);
    await expect(client.services.list({ branchId: 'br_old_town' })).resolves.toEqual([service]);
    expect(stub.calls[0]?.url.href).toBe(`${API}/services?branchId=br_old_town`);
  });
});
