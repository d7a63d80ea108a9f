// Regression: before a retry the SDK discards the failed response. Awaiting that body's cancel()
// hung forever under MSW in Node, so a retried GET never finished. Plain setupServer, no listeners.
import { createMockService } from '@reservation-api/mock-server';
import { createReservationClient } from '@reservation-api/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';

const BASE_URL = 'http://retry-under-msw.test';
const service = createMockService({ seed: 'demo', baseUrl: BASE_URL, now: '2026-12-01T08:00:00Z' });
const server = setupServer(...service.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('retries a GET after a 503 from the mock and returns the next answer', async () => {
  service.control.faults.add({ method: 'GET', path: '/api/v1/demo-bistro/services', status: 503, times: 2 });
  const client = createReservationClient({
    baseUrl: BASE_URL,
    apiKey: 'rk_demo_full',
    project: 'demo-bistro',
    maxRetries: 2,
    timeoutMs: 2_000,
    retry: { sleep: async () => {} },
  });
  const services = await client.services.list();
  expect(services.map((s) => s.id).length).toBeGreaterThan(0);
  expect(service.control.faults.list()).toEqual([]);
}, 10_000);
