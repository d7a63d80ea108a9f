// Runs the SDK against @reservation-api/mock-server through MSW (the real global fetch, intercepted),
// and validates every mocked response against openapi.yaml, so these tests also prove that what the
// SDK consumes is what the contract says.
import { createMockService, DEMO_KEYS, type MockService } from '@reservation-api/mock-server';
import { createReservationClient, type ReservationClientOptions } from '@reservation-api/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { assertResponseMatches } from '../support/openapi';

/** A path prefix proves the SDK keeps the base URL's path when it adds /api/v1. */
export const BASE_URL = 'http://mock.test/prefix';
/** A Monday, 10:00 in Prague: before the seed's upcoming reservations. */
export const NOW = '2026-06-15T08:00:00.000Z';
export const SLUG = 'demo-bistro';
/**
 * Headers for a response a test builds outside the contract on purpose (an HTML page, a body that
 * never ends): the check below skips it, as it could neither parse nor finish reading it.
 */
export const OFF_CONTRACT = { 'X-Test-Off-Contract': '1' } as const;

const key = (id: string) => DEMO_KEYS.find((k) => k.id === id)?.key ?? '';
export const KEYS = {
  full: key('key_demo_full'),
  read: key('key_demo_read'),
  basic: key('key_demo_basic'),
  salon: key('key_salon_full'),
};

export function useMockService() {
  const service: MockService = createMockService({ seed: 'demo', now: NOW, baseUrl: BASE_URL });
  const server = setupServer(...service.handlers);
  /** `METHOD /api/v1/...` of every request the mock received, in order. */
  const requests: string[] = [];
  const checks: Promise<void>[] = [];

  const apiPath = (url: string) => new URL(url).pathname.slice(new URL(BASE_URL).pathname.length);

  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${apiPath(request.url)}`);
  });
  server.events.on('response:mocked', ({ request, response }) => {
    if (response.headers.has('X-Test-Off-Contract')) return;
    const path = apiPath(request.url);
    checks.push(
      response
        .clone()
        .text()
        .then((text) =>
          assertResponseMatches(request.method, path, response.status, text ? JSON.parse(text) : undefined),
        ),
    );
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    const results = await Promise.allSettled(checks.splice(0));
    server.resetHandlers();
    await service.reset();
    requests.length = 0;
    for (const result of results) if (result.status === 'rejected') expect.fail(String(result.reason));
  });
  afterAll(() => {
    server.close();
    service.close();
  });

  /** A client on the mock; backoff sleeps are recorded (not waited) unless `realSleep`. */
  function client(options: Partial<ReservationClientOptions> & { realSleep?: boolean } = {}) {
    const sleeps: number[] = [];
    const { realSleep, ...rest } = options;
    const sdk = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: KEYS.full,
      project: SLUG,
      ...rest,
      retry: realSleep
        ? rest.retry
        : {
            sleep: async (ms, signal) => {
              sleeps.push(ms);
              signal?.throwIfAborted();
            },
            ...rest.retry,
          },
    });
    return Object.assign(sdk, { sleeps });
  }

  return { service, server, requests, client };
}
