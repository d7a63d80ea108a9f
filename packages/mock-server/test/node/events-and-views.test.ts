// What the dashboard reads: the live event stream (/__mock/events) and the control views of the
// mock's state (clock, projects, reservations by date, one fault removed).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/node';
import { booking } from '../support/api';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
});
afterEach(() => server.close());

const json = async (path: string, init?: RequestInit) => (await fetch(`${server.url}${path}`, init)).json();

/** Reads the SSE stream until `count` events of `type` arrived; returns their data. */
async function collect(stream: ReadableStream<Uint8Array>, type: string, count: number): Promise<unknown[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const found: unknown[] = [];
  let buffer = '';
  while (found.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event === type && data) found.push(JSON.parse(data));
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return found;
}

describe('GET /__mock/events', () => {
  it('streams each API request as it is answered, and state changes', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/__mock/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = response.body;
    if (!body) throw new Error('no stream');
    const requests = collect(body, 'request', 2);
    await fetch(`${server.url}/api/v1/demo-bistro/tables`, { headers: { 'X-API-Key': 'rk_demo_full' } });
    await fetch(`${server.url}/api/v1/demo-bistro/tables`);
    const entries = (await requests) as { status: number; path: string }[];
    expect(entries.map((e) => [e.status, e.path])).toEqual([
      [200, '/api/v1/demo-bistro/tables'],
      [401, '/api/v1/demo-bistro/tables'],
    ]);
    controller.abort();
  });

  it('is refused to web pages of other sites', async () => {
    const response = await fetch(`${server.url}/__mock/events`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe('control views', () => {
  it('GET /__mock/clock and /__mock/projects', async () => {
    expect(await json('/__mock/clock')).toEqual({ now: '2026-06-15T08:00:00.000Z' });
    expect(await json('/__mock/projects')).toEqual({
      projects: [
        { id: 'prj_demo_bistro', slug: 'demo-bistro', name: expect.any(String), timeZone: 'Europe/Prague' },
        { id: 'prj_demo_salon', slug: 'demo-salon', name: expect.any(String), timeZone: 'Europe/Prague' },
      ],
    });
  });

  it('GET /__mock/projects/:slug/reservations lists a date with histories, in list order', async () => {
    await fetch(`${server.url}/api/v1/demo-bistro/reservations`, {
      method: 'POST',
      headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
      body: JSON.stringify(booking({ from: '11:00', to: '12:00' })),
    });
    const { reservations } = (await json('/__mock/projects/demo-bistro/reservations?date=2026-06-16')) as {
      reservations: { date: string; from: string; statusHistory: unknown[] }[];
    };
    expect(reservations.length).toBeGreaterThanOrEqual(2);
    expect(reservations.every((r) => r.date === '2026-06-16' && r.statusHistory.length > 0)).toBe(true);
    const froms = reservations.map((r) => r.from);
    expect(froms).toEqual([...froms].sort());
    expect((await fetch(`${server.url}/__mock/projects/demo-bistro/reservations?date=16.6.`)).status).toBe(
      400,
    );
    expect((await fetch(`${server.url}/__mock/projects/nope/reservations`)).status).toBe(404);
  });

  it('DELETE /__mock/faults/:id removes one fault', async () => {
    const add = (status: number) =>
      json('/__mock/faults', { method: 'POST', body: JSON.stringify({ status, times: 5 }) }) as Promise<{
        fault: { id: string };
      }>;
    const first = await add(500);
    const second = await add(503);
    expect((await fetch(`${server.url}/__mock/faults/${first.fault.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(((await json('/__mock/faults')) as { faults: { id: string }[] }).faults.map((f) => f.id)).toEqual([
      second.fault.id,
    ]);
    expect((await fetch(`${server.url}/__mock/faults/${first.fault.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });
});
