// Journal queries by operation (mock README, "The request journal"): control.requests.list({
// operationId }) and GET /__mock/requests?operationId=… keep the requests routed to that operation of
// openapi.yaml; an operationId the API does not have is refused (400) rather than matching nothing.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMockCore, type JournalFilter, MockControlError, silentLogger } from '../../src/index';
import { startServer } from '../support/server';

const NOW = '2026-06-15T08:00:00.000Z';
const headers = { 'x-api-key': 'rk_demo_full' };

describe('requests.list({ operationId })', () => {
  it('keeps only the requests routed to that operation', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const get = (path: string) =>
      core.fetch(new Request(`${core.baseUrl}/api/v1/demo-bistro${path}`, { headers }));
    await get('/info');
    await get('/reservations');
    await get('/availability?date=2026-06-16');
    await get('/reservations?limit=1');
    const listed = core.control.requests.list({ operationId: 'listReservations' });
    expect(listed.map((e) => e.query)).toEqual(['', '?limit=1']);
    expect(listed.every((e) => e.operationId === 'listReservations')).toBe(true);
    expect(core.control.requests.list({ operationId: 'getAvailability' })).toHaveLength(1);
  });

  it('refuses an operationId openapi.yaml does not have', () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    expect(() =>
      core.control.requests.list({ operationId: 'listReservation' as 'listReservations' }),
    ).toThrow(MockControlError);
  });

  it('is typed by the operations of openapi.yaml', () => {
    expectTypeOf<'createReservation'>().toExtend<NonNullable<JournalFilter['operationId']>>();
    expectTypeOf<'nope'>().not.toExtend<NonNullable<JournalFilter['operationId']>>();
  });
});

describe('GET /__mock/requests?operationId=', () => {
  it('filters by operation, beside the other filters; an unknown one is 400', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers });
    await fetch(`${server.url}/api/v1/demo-bistro/reservations`, { headers });
    await fetch(`${server.url}/api/v1/demo-bistro/reservations`, {
      headers: { 'x-api-key': 'rk_demo_basic' },
    });
    const list = async (query: string) =>
      (await (await fetch(`${server.url}/__mock/requests?${query}`)).json()) as {
        requests: { operationId: string; status: number }[];
      };
    const all = await list('operationId=listReservations');
    expect(all.requests.map((r) => r.status)).toEqual([200, 403]);
    const denied = await list('operationId=listReservations&status=403');
    expect(denied.requests).toHaveLength(1);
    const bad = await fetch(`${server.url}/__mock/requests?operationId=dropTables`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('operationId must be one of');
  });
});
