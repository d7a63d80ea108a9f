// The journal over HTTP on the standalone server: GET/DELETE /__mock/requests, and no key values.
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS, type JournalEntry } from '../../src/index';
import { startMockServer } from '../../src/node';
import { booking } from '../support/api';

const P = '/api/v1/demo-bistro';

describe('GET /__mock/requests', () => {
  it('never holds a key value, over HTTP or in JavaScript', async () => {
    const server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    try {
      const created = await server.service.control.keys.create('demo-bistro', { permissions: ['read'] });
      const values = [...DEMO_KEYS.map((k) => k.key), created.key];
      for (const key of [...values, 'rk_guess_1234']) {
        await fetch(`${server.url}${P}/reservations?limit=1`, { headers: { 'X-API-Key': key } });
        await fetch(`${server.url}${P}/reservations`, {
          method: 'POST',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          body: JSON.stringify(booking()),
        });
      }
      const overHttp = await (await fetch(`${server.url}/__mock/requests`)).text();
      const inJs = JSON.stringify(server.service.control.requests.list());
      expect(JSON.parse(overHttp).requests).toHaveLength(12);
      for (const value of [...values, 'rk_guess_1234']) {
        expect(overHttp).not.toContain(value);
        expect(inJs).not.toContain(value);
      }
      const filtered = (await (await fetch(`${server.url}/__mock/requests?status=401`)).json()) as {
        requests: JournalEntry[];
      };
      expect(filtered.requests.map((r) => r.key)).toEqual(['unknown', 'unknown']);
      expect((await fetch(`${server.url}/__mock/requests`, { method: 'DELETE' })).status).toBe(200);
      expect(server.service.control.requests.list()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
