// Sessions (mock README, "Sessions"): isolated mocks on one standalone server, each its own core under
// `{server}/sessions/{id}` with its own store, clock, keys, faults and journal.
import { describe, expect, it } from 'vitest';
import { createMockCore, silentLogger } from '../../src/index';
import { createSessionRegistry } from '../../src/transports/sessions';
import { mockRequest } from '../support/mock-request';
import { startServer } from '../support/server';

const NOW = '2030-06-17T08:00:00.000Z';
const headers = { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function createSession(serverUrl: string, body: unknown = {}): Promise<Response> {
  return fetch(`${serverUrl}/__mock/sessions`, { method: 'POST', body: JSON.stringify(body) });
}

describe('sessions over HTTP', () => {
  it('two sessions book the same table and slot at the same time: both 201, neither sees the other', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const [a, b] = await Promise.all([
      createSession(server.url, { id: 'w1', now: NOW }),
      createSession(server.url, { id: 'w2', now: NOW }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const one = await json<{ id: string; baseUrl: string }>(a);
    const two = await json<{ id: string; baseUrl: string }>(b);
    expect(one).toEqual({ id: 'w1', baseUrl: `${server.url}/sessions/w1` });
    const book = (baseUrl: string, email: string) =>
      fetch(`${baseUrl}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, date: '2030-06-18', from: '19:00', to: '20:00', tableId: 'tbl_01' }),
      });
    const answers = await Promise.all([book(one.baseUrl, 'one@x.test'), book(two.baseUrl, 'two@x.test')]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const emails = async (baseUrl: string) =>
      (
        await json<{ reservations: { customer: { email: string } }[] }>(
          await fetch(`${baseUrl}/__mock/projects/demo-bistro/reservations?date=2030-06-18`),
        )
      ).reservations.map((r) => r.customer.email);
    expect(await emails(one.baseUrl)).toContain('one@x.test');
    expect(await emails(one.baseUrl)).not.toContain('two@x.test');
    expect(await emails(two.baseUrl)).not.toContain('one@x.test');
    // The default mock at the server root saw neither.
    const root = await emails(server.url);
    expect(root).not.toContain('one@x.test');
    expect(root).not.toContain('two@x.test');
    // Each journal holds its own request only.
    const journal = await json<{ requests: unknown[] }>(
      await fetch(`${one.baseUrl}/__mock/requests?operationId=createReservation`),
    );
    expect(journal.requests).toHaveLength(1);
    expect(server.service.control.requests.list()).toEqual([]);
  });

  it("moving one session's clock leaves the other's and the root's alone", async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await createSession(server.url, { id: 'a', now: NOW });
    await createSession(server.url, { id: 'b', now: NOW });
    const moved = await fetch(`${server.url}/sessions/a/__mock/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 86_400_000 }),
    });
    expect(await json(moved)).toEqual({ now: '2030-06-18T08:00:00.000Z' });
    expect(await json(await fetch(`${server.url}/sessions/b/__mock/clock`))).toEqual({ now: NOW });
    expect(server.service.control.clock.now()).toBe(NOW);
  });

  it('lists sessions, and a deleted session answers 404 on its API and control routes', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await createSession(server.url, { id: 'gone' });
    const listed = await json<{
      sessions: { id: string; baseUrl: string; createdAt: string; lastUsedAt: string }[];
    }>(await fetch(`${server.url}/__mock/sessions`));
    expect(listed.sessions).toEqual([
      {
        id: 'gone',
        baseUrl: `${server.url}/sessions/gone`,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    expect((await fetch(`${server.url}/sessions/gone/api/v1/demo-bistro/info`, { headers })).status).toBe(
      200,
    );
    expect((await fetch(`${server.url}/__mock/sessions/gone`, { method: 'DELETE' })).status).toBe(200);
    const api = await fetch(`${server.url}/sessions/gone/api/v1/demo-bistro/info`, { headers });
    expect(api.status).toBe(404);
    expect(await json(api)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await fetch(`${server.url}/sessions/gone/__mock/clock`)).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/sessions/gone`, { method: 'DELETE' })).status).toBe(404);
    expect(server.sessions()).toEqual([]);
  });

  it('without an id, one is generated; an existing id is 409 SESSION_EXISTS', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const created = await json<{ id: string }>(await createSession(server.url));
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const again = await createSession(server.url, { id: created.id });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ error: 'Conflict', code: 'SESSION_EXISTS' });
  });

  it.each([
    [{ id: '' }],
    [{ id: 'a b' }],
    [{ id: 'x'.repeat(65) }],
    [{ id: '../root' }],
    [{ id: 5 }],
    [{ seed: 'mine' }],
    [{ now: 'soon' }],
    [{ extra: true }],
  ])('%j is 400 and creates nothing', async (body) => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    expect((await createSession(server.url, body)).status).toBe(400);
    expect(server.sessions()).toEqual([]);
  });

  it('past maxSessions a new session is 429 SESSION_LIMIT with a message saying what to do', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger, maxSessions: 2 });
    expect((await createSession(server.url)).status).toBe(201);
    expect((await createSession(server.url)).status).toBe(201);
    const third = await createSession(server.url);
    expect(third.status).toBe(429);
    const body = await json<{ code: string; message: string }>(third);
    expect(body.code).toBe('SESSION_LIMIT');
    expect(body.message).toContain('At most 2 sessions');
    expect(server.sessions()).toHaveLength(2);
  });

  it('a session with seed "empty" has no projects; now freezes its clock there', async () => {
    const server = await startServer({ logger: silentLogger });
    const { baseUrl } = await json<{ baseUrl: string }>(
      await createSession(server.url, { seed: 'empty', now: '2031-01-01T00:00:00Z' }),
    );
    expect(await json(await fetch(`${baseUrl}/__mock/projects`))).toEqual({ projects: [] });
    expect(await json(await fetch(`${baseUrl}/__mock/clock`))).toEqual({ now: '2031-01-01T00:00:00.000Z' });
  });

  it('the Host and Origin rules apply to session routes', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await createSession(server.url, { id: 's1' });
    const foreign = await fetch(`${server.url}/sessions/s1/__mock/reset`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const created = await fetch(`${server.url}/__mock/sessions`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: '{}',
    });
    expect(created.status).toBe(403);
    expect(server.sessions()).toHaveLength(1);
  });

  it('the session routes serve the event stream and the dashboard of the session', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await createSession(server.url, { id: 'ui' });
    const page = await fetch(`${server.url}/sessions/ui/__mock/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const controller = new AbortController();
    const events = await fetch(`${server.url}/sessions/ui/__mock/events`, { signal: controller.signal });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    controller.abort();
  });

  it('with control off there are no sessions', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger, control: false });
    expect((await createSession(server.url)).status).toBe(404);
  });
});

describe('session registry', () => {
  it('ends sessions idle for longer than idleMs when swept; a used one stays', () => {
    let wall = 1_000_000;
    const closed: string[] = [];
    const registry = createSessionRegistry({
      serverUrl: 'http://127.0.0.1:9',
      maxSessions: 4,
      idleMs: 1000,
      wallClock: () => wall,
      createCore: ({ baseUrl }) => {
        const core = createMockCore({ baseUrl, now: NOW, logger: silentLogger });
        return {
          ...core,
          close: async () => {
            closed.push(baseUrl);
          },
        };
      },
    });
    const request = (method: string, text = '{}') =>
      mockRequest(method, 'http://127.0.0.1:9/__mock/sessions', { text });
    return (async () => {
      await registry.answer('/sessions', request('POST', '{"id":"idle"}'));
      await registry.answer('/sessions', request('POST', '{"id":"busy"}'));
      wall += 800;
      const visit = registry.resolve(new URL('http://127.0.0.1:9/sessions/busy/api/v1/x'));
      expect(visit).not.toBe('missing');
      if (typeof visit === 'object') visit.leave();
      wall += 800;
      await registry.sweep();
      expect(registry.list().map((s) => s.id)).toEqual(['busy']);
      expect(closed).toEqual(['http://127.0.0.1:9/sessions/idle']);
      expect(registry.resolve(new URL('http://127.0.0.1:9/sessions/idle/__mock/clock'))).toBe('missing');
      await registry.close();
      expect(registry.list()).toEqual([]);
    })();
  });

  it('ends idle sessions by itself on a running server', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger, sessionIdleMs: 20 });
    await createSession(server.url, { id: 'short' });
    // Event-based wait: polled until the timer has ended it.
    while (server.sessions().length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await fetch(`${server.url}/sessions/short/__mock/clock`)).status).toBe(404);
  });
});
