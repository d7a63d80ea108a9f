// Testing your own HTTP service with supertest while MSW answers for the Reservation API: with
// `onUnhandledRequest: 'error'` alone, MSW refuses supertest's request to the app's own 127.0.0.1
// port. The callback below (the README's recipe) lets exactly that through; every other unhandled
// request, the mock's own origin included, still fails.
import { createServer, type Server } from 'node:http';
import { createMockService } from '@reservation-api/mock-server';
import { createReservationClient } from '@reservation-api/sdk';
import { setupServer } from 'msw/node';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOwnLocalServer } from '../src/local-servers';

const mock = createMockService({ seed: 'demo', now: '2030-06-17T08:00:00Z' }); // http://127.0.0.1:4010
const msw = setupServer(...mock.handlers);
/** What MSW refused, in order. */
const refused: string[] = [];

/** "Your" service: one route that calls the Reservation API through the SDK. */
function createApp(): Server {
  const client = createReservationClient({
    baseUrl: mock.baseUrl,
    apiKey: 'rk_demo_full',
    project: 'demo-bistro',
  });
  return createServer((_request, res) => {
    void client.tables.list().then(
      (tables) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tables: tables.map((table) => table.id) }));
      },
      (error: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
  });
}

beforeAll(() =>
  msw.listen({
    onUnhandledRequest(req, print) {
      if (isOwnLocalServer(req.url, mock.baseUrl)) return; // your app: passes through
      refused.push(req.url);
      print.error(); // anything else still fails the test
    },
  }),
);
afterAll(() => {
  msw.close();
  mock.close();
});

describe('supertest against your own server, with MSW answering for the API', () => {
  it('reaches the app on its loopback port, and the app reaches the mock', async () => {
    const response = await request(createApp()).get('/tables');
    expect(response.status).toBe(200);
    expect(response.body.tables.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });

  it('still fails any other unhandled request: another host, or a path of the mock that is no route', async () => {
    await expect(fetch('https://elsewhere.example/api')).rejects.toThrow();
    await expect(fetch(`${mock.baseUrl}/not-the-api`)).rejects.toThrow();
    expect(refused).toEqual(['https://elsewhere.example/api', `${mock.baseUrl}/not-the-api`]);
  });

  it('tells your own servers from the mock by origin', () => {
    expect(isOwnLocalServer('http://127.0.0.1:53124/tables', mock.baseUrl)).toBe(true);
    expect(isOwnLocalServer('http://localhost:3000/', mock.baseUrl)).toBe(true);
    expect(isOwnLocalServer('http://[::1]:3000/', mock.baseUrl)).toBe(true);
    expect(isOwnLocalServer(`${mock.baseUrl}/api/v1/x`, mock.baseUrl)).toBe(false);
    expect(isOwnLocalServer('https://api.example.com/', mock.baseUrl)).toBe(false);
  });
});
