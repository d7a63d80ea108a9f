// src/resources/tables.ts: list, on a stub fetch whose replies are validated against openapi.yaml.
import { describe, expect, it } from 'vitest';
import { clientOn } from '../support/client';
import { API, SLUG, table } from '../support/fixtures';
import { reply, stubFetch } from '../support/stub-fetch';

const P = `/api/v1/${SLUG}`;

describe('tables on a stub fetch', () => {
  it('tables.list sends the filters and returns the array of tables', async () => {
    const stub = stubFetch(reply('GET', `${P}/tables`, 200, { success: true, count: 1, tables: [table] }));
    const { client } = clientOn(stub);
    await expect(client.tables.list({ branchId: 'br_old_town', zoneId: 'zone_terrace' })).resolves.toEqual([
      table,
    ]);
    expect(stub.calls[0]?.url.href).toBe(`${API}/tables?branchId=br_old_town&zoneId=zone_terrace`);
  });
});
