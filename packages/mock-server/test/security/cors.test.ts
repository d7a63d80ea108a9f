// CORS is a property of the standalone dev server only: the MSW handlers, which run inside the
// user's own app or tests, add no Access-Control-* header to any answer; the standalone server adds
// them to API answers and answers preflight requests.
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';
import { type MockServer, startMockServer } from '../../src/node';

const BASE = 'http://127.0.0.1:4010';
const API = `${BASE}/api/v1/demo-bistro`;

const REQUESTS: [string, string, RequestInit][] = [
  ['API 200', `${API}/info`, { headers: { 'X-API-Key': 'rk_demo_basic', Origin: 'http://localhost:5173' } }],
  ['API 401', `${API}/reservations`, { headers: { Origin: 'http://localhost:5173' } }],
  [
    'API 201',
    `${API}/reservations`,
    {
      method: 'POST',
      headers: {
        'X-API-Key': 'rk_demo_full',
        'Content-Type': 'application/json',
        Origin: 'https://app.example',
      },
      body: JSON.stringify({ email: 'cors@example.com', date: '2026-06-16', from: '12:00', to: '13:00' }),
    },
  ],
  [
    'preflight',
    `${API}/reservations`,
    {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    },
  ],
  ['control', `${BASE}/__mock/faults`, { headers: { Origin: 'http://localhost:5173' } }],
];

function accessControlHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
}

describe('CORS', () => {
  it('is not added by the MSW handlers, to any answer', async () => {
    {
      const handlerSet = 'handlers';
      const service = createMockService({ now: '2026-06-15T08:00:00Z' });
      const handlers = [...service.controlHandlers, ...service.handlers];
      let checked = 0;
      for (const [label, url, init] of REQUESTS) {
        const response = await getResponse(handlers, new Request(url, init));
        if (!response) {
          // MSW passes an unhandled OPTIONS through: nothing added either. Every other request must
          // be answered, or this test would check nothing.
          expect(label, `${handlerSet}: ${label} got no answer`).toBe('preflight');
          continue;
        }
        expect(accessControlHeaders(response), `${handlerSet}: ${label}`).toEqual([]);
        checked++;
      }
      expect(checked, handlerSet).toBeGreaterThanOrEqual(REQUESTS.length - 1);
      service.close();
    }
  });

  describe('on the standalone server', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    });
    afterAll(() => server.close());

    it('is added to every API answer and preflight, for any origin', async () => {
      for (const [label, url, init] of REQUESTS.slice(0, 4)) {
        const response = await fetch(url.replace(BASE, server.url), init);
        expect(response.headers.get('access-control-allow-origin'), label).toBe('*');
      }
      const preflight = await fetch(`${server.url}/api/v1/demo-bistro/reservations`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://any.example', 'Access-Control-Request-Method': 'PATCH' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('X-API-Key, Content-Type');
    });

    it("allows the headers a page's preflight asks for (traceparent, Authorization), and only header names", async () => {
      const ask = (requested: string) =>
        fetch(`${server.url}/api/v1/demo-bistro/info`, {
          method: 'OPTIONS',
          headers: {
            Origin: 'http://127.0.0.1:5173',
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': requested,
          },
        });
      const allowed = await ask('x-api-key,traceparent,authorization');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-headers')).toBe(
        'X-API-Key, Content-Type, x-api-key,traceparent,authorization',
      );
      expect(allowed.headers.get('vary')).toBe('Access-Control-Request-Headers');
      // Not a list of header names: only the two the API reads.
      const odd = await ask('x-api-key, <script>');
      expect(odd.headers.get('access-control-allow-headers')).toBe('X-API-Key, Content-Type');
    });

    it('answers the preflight of a session that does not exist, so the page sees its 404 SESSION_NOT_FOUND', async () => {
      const url = `${server.url}/sessions/nope/api/v1/demo-bistro/info`;
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:5173',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const answer = await fetch(url, { headers: { 'x-api-key': 'rk_demo_full' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(await answer.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
      // Not for its control routes: a page of another origin gets no preflight there.
      const control = await fetch(`${server.url}/sessions/nope/__mock/reset`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(control.status).not.toBe(204);
    });
  });
});
