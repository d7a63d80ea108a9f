// Every answer carries X-Request-Id (openapi.yaml, components/headers/RequestId): the id of the
// request's journal entry for API requests, and an id from the same counter for everything else, on
// every transport, so one id names one request for the life of the mock.
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';
import { send, startServer } from '../support/server';

const NOW = '2026-06-15T08:00:00Z';
const ID = /^req_\d{6,}$/;

/** The numeric part, to compare ids by order. */
const seq = (id: string | null | undefined): number => Number(id?.slice(4));

describe('X-Request-Id on the standalone server', () => {
  it('is the journal entry id of an API request, answered or refused', async () => {
    const server = await startServer({ now: NOW });
    const ok = await send(server, 'GET', '/api/v1/demo-bistro/info');
    const refused = await send(server, 'GET', '/api/v1/demo-bistro/reservations', { key: null });
    const journal = await server.service.control.requests.list();
    expect(ok.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(journal.map((entry) => entry.id)).toEqual([
      ok.headers['x-request-id'],
      refused.headers['x-request-id'],
    ]);
  });

  it('is on every answer the server gives itself, unique and increasing', async () => {
    const server = await startServer({ now: NOW });
    const answers = [
      await send(server, 'GET', '/api/v1/demo-bistro/info'),
      await send(server, 'GET', '/__mock/clock'),
      await send(server, 'GET', '/__mock/no-such-route'),
      await send(server, 'GET', '/api/v1/demo-bistro/info', { host: 'evil.example' }),
      await send(server, 'POST', '/__mock/reset', { headers: { origin: 'https://evil.example' } }),
      await send(server, 'OPTIONS', '/api/v1/demo-bistro/reservations', {
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      }),
      await send(server, 'GET', '/somewhere-else'),
      await send(server, 'GET', '/__mock/', { headers: { accept: 'text/html' } }),
      await send(server, 'GET', '/__mock/dashboard/dashboard.js'),
      await send(server, 'GET', '/__mock', { headers: { accept: 'text/html' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 403, 403, 204, 404, 200, 200, 308]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(ID);
    const numbers = ids.map((id) => seq(id as string));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is on the session routes' own answers too: create, list, end, an unknown session, the limit", async () => {
    const server = await startServer({ now: NOW, maxSessions: 1 });
    const json = { headers: { 'content-type': 'application/json' } };
    const answers = [
      await send(server, 'POST', '/__mock/sessions', { ...json, body: '{"id":"w1"}' }),
      await send(server, 'POST', '/__mock/sessions', { ...json, body: '{"id":"w2"}' }),
      await send(server, 'GET', '/__mock/sessions'),
      await send(server, 'GET', '/sessions/nope/__mock/clock'),
      await send(server, 'DELETE', '/__mock/sessions/w1'),
      await send(server, 'DELETE', '/__mock/sessions/w1'),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 429, 200, 404, 200, 404]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(ID);
    // From the root mock's counter: unique and increasing, as its other answers.
    const numbers = ids.map((id) => seq(id as string));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is readable by pages of other origins (CORS expose)', async () => {
    const server = await startServer({ now: NOW });
    const answer = await send(server, 'GET', '/api/v1/demo-bistro/info', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(String(answer.headers['access-control-expose-headers']).split(/,\s*/)).toContain('X-Request-Id');
  });
});

describe('X-Request-Id through core.fetch and the MSW handlers', () => {
  it('names the journal entry of an API request and gives control requests ids of the same counter', async () => {
    const service = createMockService({ now: NOW });
    const api = 'http://127.0.0.1:4010/api/v1/demo-bistro';
    const first = await service.fetch(
      new Request(`${api}/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
    );
    const control = await getResponse(
      service.controlHandlers,
      new Request('http://127.0.0.1:4010/__mock/clock'),
    );
    const viaMsw = await getResponse(
      service.handlers,
      new Request(`${api}/tables`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
    );
    const ids = [first, control, viaMsw].map((r) => r?.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(ID);
    expect(seq(ids[0])).toBeLessThan(seq(ids[1]));
    expect(seq(ids[1])).toBeLessThan(seq(ids[2]));
    const journal = await service.control.requests.list();
    expect(journal.map((entry) => entry.id)).toEqual([ids[0], ids[2]]);
    service.close();
  });
});
