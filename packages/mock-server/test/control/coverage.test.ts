// Coverage per world (mock README, "Coverage"): control.coverage(), GET /__mock/coverage and
// connectMock's coverage() answer the same report; each session counts apart from the root mock and
// from the others; a reset starts the count over, a clear of the journal does not.
import { describe, expect, it } from 'vitest';
import { connectMock } from '../../src/client';
import { type CoverageReport, createMockCore, silentLogger } from '../../src/index';
import { startServer } from '../support/server';

const NOW = '2030-06-17T08:00:00.000Z';
const headers = { 'x-api-key': 'rk_demo_full' };
const count = (report: CoverageReport, id: string) => report.items.find((item) => item.id === id)?.count;

describe('control.coverage()', () => {
  it('counts what the API answered; a journal clear keeps the count, a reset starts it over', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const get = (path: string, init: RequestInit = { headers }) =>
      core.fetch(new Request(`${core.baseUrl}/api/v1/demo-bistro${path}`, init));
    await get('/info');
    await get('/info');
    await get('/info', {});
    const before = core.control.coverage();
    expect(before).toMatchObject({ success: true, summary: { covered: 2 } });
    expect(count(before, 'getProjectInfo 200')).toBe(2);
    expect(count(before, 'getProjectInfo 401 API_KEY_MISSING')).toBe(1);
    expect(before.items.filter((item) => item.count === 0).length).toBe(before.summary.total - 2);

    core.control.requests.clear();
    expect(core.control.coverage()).toEqual(before);

    await core.control.reset();
    const after = core.control.coverage();
    expect(after.summary).toEqual({ covered: 0, total: before.summary.total });
    expect(after.evidence).toEqual({});
  });
});

describe('control.coverage() of a request refused before its route was known (a 401)', () => {
  it('credits the operation its whole path below the base URL names, and no other', async () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/prefix']) {
      const core = createMockCore({ now: NOW, logger: silentLogger, baseUrl });
      const get = (path: string) => core.fetch(new Request(`${core.baseUrl}${path}`));
      expect((await get('/api/v1/demo-bistro/info'))?.status).toBe(401);
      // Not a route: the end of its path is one, the whole path is not.
      expect((await get('/api/v1/x/api/v1/demo-bistro/info'))?.status).toBe(401);
      const report = core.control.coverage();
      expect(count(report, 'getProjectInfo 401 API_KEY_MISSING'), baseUrl).toBe(1);
      expect(report.summary.covered, baseUrl).toBe(1);
      await core.close();
    }
  });
});

describe('GET /__mock/coverage and connectMock', () => {
  it('answer the same report as the control, per world: sessions count apart', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const root = await connectMock(server.url);
    const w1 = await connectMock(server.url, { session: 'w1', now: NOW });
    const w2 = await connectMock(server.url, { session: 'w2', now: NOW });
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers });
    await fetch(`${w1.baseUrl}/api/v1/demo-bistro/reservations`, { headers });
    await fetch(`${w1.baseUrl}/api/v1/demo-bistro/reservations`, { headers });

    const answer = await fetch(`${server.url}/__mock/coverage`);
    expect(answer.status).toBe(200);
    const http = (await answer.json()) as CoverageReport;
    expect(Object.keys(http).sort()).toEqual(['evidence', 'items', 'refused', 'success', 'summary']);
    expect(http.items[0]).toEqual({ kind: 'answer', id: expect.any(String), count: expect.any(Number) });
    expect(await root.control.coverage()).toEqual(http);
    expect(count(http, 'getProjectInfo 200')).toBe(1);
    expect(count(http, 'listReservations 200')).toBe(0);

    const one = await w1.control.coverage();
    expect(count(one, 'listReservations 200')).toBe(2);
    expect(count(one, 'getProjectInfo 200')).toBe(0);
    expect((await w2.control.coverage()).summary.covered).toBe(0);

    // A session's reset starts its own count over, and no one else's.
    await w1.control.reset();
    expect((await w1.control.coverage()).summary.covered).toBe(0);
    expect(count(await root.control.coverage(), 'getProjectInfo 200')).toBe(1);
    await w1.close();
    await w2.close();
  });
});
