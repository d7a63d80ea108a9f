// Testing your own HTTP service with supertest while MSW answers for the Reservation API: with
// `onUnhandledRequest: 'error'` alone, MSW refuses supertest's request to the app's own 127.0.0.1
// port. `unhandledExceptLocal(mock)` (@reservation-api/mock-server/supertest) lets exactly that
// through; every other unhandled request, the mock's own origin included, still fails.
import { createServer, type Server } from 'node:http';
import { createMockService } from '@reservation-api/mock-server';
import { isOwnLocalServer, unhandledExceptLocal } from '@reservation-api/mock-server/supertest';
import { createReservationClient } from '@reservation-api/sdk';
import { setupServer } from 'msw/node';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const mock = createMockService({ seed: 'demo', now: '2030-06-17T08:00:00Z' }); // http://127.0.0.1:4010
const msw = setupServer(...mock.handlers);

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

beforeAll(() => msw.listen(unhandledExceptLocal(mock)));
afterAll(async () => {
  msw.close();
  await mock.close();
});

describe('supertest against your own server, with MSW answering for the API', () => {
  it('reaches the app on its loopback port, and the app reaches the mock', async () => {
    const response = await request(createApp()).get('/tables');
    expect(response.status).toBe(200);
    expect(response.body.tables.length).toBeGreaterThan(0);
  });

  it('still fails any other unhandled request: another host, or a path of the mock that is no route', async () => {
    // Failed as by msw's 'error' strategy (which also prints why): a network error, nothing sent.
    const refused = (url: string) =>
      fetch(url).then(
        () => 'answered',
        (error: unknown) => String(error),
      );
    expect(await refused('https://elsewhere.example/api')).toBe('TypeError: Failed to fetch');
    expect(await refused(`${mock.baseUrl}/not-the-api`)).toBe('TypeError: Failed to fetch');
  });

  it('tells your own servers from the mock by origin', () => {
    expect(isOwnLocalServer('http://127.0.0.1:53124/tables', [mock])).toBe(true);
    expect(isOwnLocalServer('http://localhost:3000/', [mock])).toBe(true);
    expect(isOwnLocalServer('http://[::1]:3000/', [mock])).toBe(true);
    expect(isOwnLocalServer(`${mock.baseUrl}/api/v1/x`, [mock])).toBe(false);
    expect(isOwnLocalServer('https://api.example.com/', [mock])).toBe(false);
  });
});
