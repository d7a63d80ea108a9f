// The fault kinds testers need (mock README, "Faults"; openapi.yaml's control notes): a dropped
// connection on every transport, a custom JSON body and headers for a status fault, faults that stay
// until removed, and a query subset to match. Each is refused with 400 when malformed.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockCore,
  createMockService,
  type FaultSpec,
  MockControlError,
  silentLogger,
} from '../../src/index';
import { mockRequest } from '../support/mock-request';
import { startServer } from '../support/server';

const NOW = '2026-06-15T08:00:00.000Z';
const INFO = '/api/v1/demo-bistro/info';
const headers = { 'x-api-key': 'rk_demo_full' };

describe('connection: "reset"', () => {
  it('standalone server: the socket is closed with no answer, fetch rejects; the journal says so', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    server.service.control.faults.add({ path: INFO, connection: 'reset' });
    await expect(fetch(`${server.url}${INFO}`, { headers })).rejects.toThrow(TypeError);
    // Only once (times defaults to 1): the next request is answered.
    expect((await fetch(`${server.url}${INFO}`, { headers })).status).toBe(200);
    const [entry] = server.service.control.requests.list({ path: INFO });
    expect(entry?.status).toBe(0);
    expect(entry?.rule).toMatch(/^fault flt_\d+ \(connection reset\)$/);
    expect(entry?.error).toEqual({ code: null, message: 'connection reset by an injected fault' });
  });

  it('core.fetch(): rejects with a TypeError, as fetch does on a network error', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    core.control.faults.add({ connection: 'reset' });
    await expect(core.fetch(new Request(`${core.baseUrl}${INFO}`, { headers }))).rejects.toThrow(TypeError);
  });

  it('core.handle(): an answer marked dropConnection with status 0', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    core.control.faults.add({ connection: 'reset' });
    const answer = await core.handle(mockRequest('GET', `${core.baseUrl}${INFO}`, { key: 'rk_demo_full' }));
    expect(answer).toMatchObject({ status: 0, dropConnection: true });
  });

  describe('MSW handlers', () => {
    const service = createMockService({ now: NOW, baseUrl: 'http://faults.test', logger: silentLogger });
    const msw = setupServer(...service.handlers);
    beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => msw.close());

    it('a network error (HttpResponse.error()): fetch rejects with a TypeError', async () => {
      service.control.faults.add({ connection: 'reset', delayMs: 5 });
      await expect(fetch(`http://faults.test${INFO}`, { headers })).rejects.toThrow(TypeError);
      expect((await fetch(`http://faults.test${INFO}`, { headers })).status).toBe(200);
    });
  });
});

describe('a status fault with a custom body and headers', () => {
  it('answers that JSON body and those headers instead of the documented error body', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    server.service.control.faults.add({
      path: INFO,
      status: 503,
      body: { message: 'Down for maintenance', code: 'MAINTENANCE', eta: 30 },
      headers: { 'Retry-After': '30', 'X-Maintenance': 'yes' },
    });
    const response = await fetch(`${server.url}${INFO}`, { headers });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('x-maintenance')).toBe('yes');
    expect(await response.json()).toEqual({ message: 'Down for maintenance', code: 'MAINTENANCE', eta: 30 });
    const [entry] = server.service.control.requests.list({ path: INFO });
    expect(entry?.error).toEqual({ code: 'MAINTENANCE', message: 'Down for maintenance' });
  });

  it('a body that is not an object (a JSON array) is answered as is and journaled with the status text', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    core.control.faults.add({ status: 500, body: ['x', 1] });
    const response = await core.fetch(new Request(`${core.baseUrl}${INFO}`, { headers }));
    expect(await response?.json()).toEqual(['x', 1]);
    expect(core.control.requests.list()[0]?.error).toEqual({ code: null, message: 'Internal Server Error' });
  });
});

describe('times: "always"', () => {
  it('hits every matching request until the fault is removed', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const fault = core.control.faults.add({ path: '/api/v1/*/info', status: 500, times: 'always' });
    expect(fault).toMatchObject({ times: 'always', remaining: null });
    const get = async () => (await core.fetch(new Request(`${core.baseUrl}${INFO}`, { headers })))?.status;
    for (let i = 0; i < 5; i += 1) expect(await get()).toBe(500);
    expect(core.control.faults.list()).toHaveLength(1);
    core.control.faults.remove(fault.id);
    expect(await get()).toBe(200);
  });
});

describe('query subset', () => {
  it('matches only requests that carry every given parameter with its value', async () => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    core.control.faults.add({
      path: '/api/v1/demo-bistro/availability',
      query: { date: '2026-06-16' },
      status: 500,
      times: 'always',
    });
    const status = async (query: string) =>
      (await core.fetch(new Request(`${core.baseUrl}/api/v1/demo-bistro/availability?${query}`, { headers })))
        ?.status;
    expect(await status('date=2026-06-16')).toBe(500);
    expect(await status('duration=60&date=2026-06-16')).toBe(500);
    expect(await status('date=2026-06-17')).toBe(200);
    expect(await status('')).not.toBe(500);
  });
});

describe('fault specs are validated by the one schema', () => {
  it.each<[unknown, string]>([
    [{ connection: 'close' }, 'connection must be "reset"'],
    [{ connection: 'reset', status: 500 }, 'not both'],
    [{ body: { a: 1 } }, 'body and headers need a status'],
    [{ status: 500, headers: { 'Bad Name': 'x' } }, 'headers'],
    [{ status: 500, headers: { 'x-a': 'a\r\nb' } }, 'printable ASCII'],
    [{ status: 500, times: 'forever' }, 'times must be a positive integer or "always"'],
    [{ status: 500, query: { date: 5 } }, 'query'],
  ])('%j is refused, nothing added', (spec, message) => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    expect(() => core.control.faults.add(spec as FaultSpec)).toThrow(MockControlError);
    expect(() => core.control.faults.add(spec as FaultSpec)).toThrow(message);
    expect(core.control.faults.list()).toEqual([]);
  });

  it('over HTTP: 400 naming the field', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const response = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ connection: 'reset', times: 0 }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('times');
  });
});

describe('a status fault may answer any status from 400 to 599', () => {
  const FOUR_XX: [status: number, text: string][] = [
    [401, 'Unauthorized'],
    [404, 'Not Found'],
    [422, 'Unprocessable Entity'],
    [400, 'Bad Request'],
  ];

  it.each(FOUR_XX)(
    '%i: core.fetch() answers it with its status text, journaled with no code',
    async (status, text) => {
      const core = createMockCore({ now: NOW, logger: silentLogger });
      core.control.faults.add({ path: INFO, status });
      const response = await core.fetch(new Request(`${core.baseUrl}${INFO}`, { headers }));
      expect(response?.status).toBe(status);
      expect(await response?.json()).toEqual({ error: text, message: text });
      const [entry] = core.control.requests.list();
      expect(entry).toMatchObject({ status, error: { code: null, message: text } });
      expect(entry?.rule).toMatch(/^fault flt_\d+$/);
    },
  );

  it('404 with a custom body over the standalone server: that body, its code journaled', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const body = { error: 'Not Found', message: 'Reservation not found', code: 'RESERVATION_NOT_FOUND' };
    server.service.control.faults.add({ path: INFO, status: 404, body });
    const response = await fetch(`${server.url}${INFO}`, { headers });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(body);
    const [entry] = server.service.control.requests.list({ path: INFO });
    expect(entry?.error).toEqual({ code: 'RESERVATION_NOT_FOUND', message: 'Reservation not found' });
  });

  describe('MSW handlers', () => {
    const service = createMockService({
      now: NOW,
      baseUrl: 'http://fault-status.test',
      logger: silentLogger,
    });
    const msw = setupServer(...service.handlers);
    beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => msw.close());

    it('422 with a header whose value holds a tab: answered as given', async () => {
      service.control.faults.add({ path: INFO, status: 422, headers: { 'X-Note': 'a\tb ~' } });
      const response = await fetch(`http://fault-status.test${INFO}`, { headers });
      expect(response.status).toBe(422);
      expect(response.headers.get('x-note')).toBe('a\tb ~');
    });
  });
});

describe('fault headers an HTTP answer cannot carry are refused when the fault is added', () => {
  const REFUSED: [name: string, value: string, field: string][] = [
    ['X-Note', 'café', 'printable ASCII'],
    ['X-Note', 'a\u0001b', 'printable ASCII'],
    ['X-Note', 'a\u007fb', 'printable ASCII'],
    ['Transfer-Encoding', 'chunked', 'transfer-encoding'],
    ['Content-Length', '5', 'content-length'],
    ['connection', 'close', 'connection'],
    ['Keep-Alive', 'timeout=5', 'keep-alive'],
    ['Upgrade', 'websocket', 'upgrade'],
    ['Trailer', 'X-A', 'trailer'],
    ['X Note', 'x', 'HTTP token'],
  ];

  it.each(REFUSED)(
    '%s: %j is 400 VALIDATION_ERROR over HTTP, nothing added, and requests stay answered',
    async (name, value, field) => {
      const server = await startServer({ now: NOW, logger: silentLogger });
      const response = await fetch(`${server.url}/__mock/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: INFO, status: 503, headers: { [name]: value }, times: 'always' }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string; code: string };
      expect(body).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_ERROR' });
      expect(body.message).toContain(field);
      expect(server.service.control.faults.list()).toEqual([]);
      expect((await fetch(`${server.url}${INFO}`, { headers })).status).toBe(200);
    },
  );

  it.each(REFUSED)('%s: %j is a MockControlError in JavaScript', (name, value) => {
    const core = createMockCore({ now: NOW, logger: silentLogger });
    const add = () => core.control.faults.add({ status: 503, headers: { [name]: value } });
    expect(add).toThrow(MockControlError);
    expect(core.control.faults.list()).toEqual([]);
  });
});
