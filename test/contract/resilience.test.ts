import { ConnectionError, ReservationApiError, ServerError, TimeoutError } from '@reservation-api/sdk';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_URL, OFF_CONTRACT, SLUG, useMockService } from './mock';

const mock = useMockService();
const TABLES = `/api/v1/${SLUG}/tables`;
const RESERVATIONS = `/api/v1/${SLUG}/reservations`;

describe('retries, timeouts and aborts against the mock service', () => {
  it('retries injected 500 faults of a GET and returns the answer that follows', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, status: 500, times: 2 });
    const client = mock.client();
    await expect(client.tables.list()).resolves.toHaveLength(6);
    expect(mock.requests).toEqual([`GET ${TABLES}`, `GET ${TABLES}`, `GET ${TABLES}`]);
    expect(client.sleeps).toHaveLength(2);
  });

  it('waits the Retry-After of a 429 for real before retrying', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, status: 429, retryAfter: 1 });
    const started = performance.now();
    await expect(mock.client({ realSleep: true }).tables.list()).resolves.toHaveLength(6);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(mock.requests).toHaveLength(2);
  });

  it('never retries a POST: one request, the error, and no reservation created', async () => {
    const client = mock.client();
    const before = (await client.reservations.list()).total;
    mock.service.control.faults.add({ method: 'POST', path: RESERVATIONS, status: 500, times: 1 });
    mock.requests.length = 0;

    await expect(
      client.reservations.create({
        email: 'guest@example.com',
        date: '2026-06-16',
        from: '11:00',
        to: '12:00',
      }),
    ).rejects.toBeInstanceOf(ServerError);

    expect(mock.requests).toEqual([`POST ${RESERVATIONS}`]);
    expect((await client.reservations.list()).total).toBe(before);
  });

  it('gives each attempt its own timeout: a slow first answer is retried and the second succeeds', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 400, times: 1 });
    await expect(mock.client({ timeoutMs: 100 }).tables.list()).resolves.toHaveLength(6);
    expect(mock.requests).toHaveLength(2);
  });

  it('per-call timeoutMs and maxRetries override the client', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 300, times: 1 });
    await expect(
      mock.client().tables.list(undefined, { timeoutMs: 50, maxRetries: 0 }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(mock.requests).toHaveLength(1);
  });

  it('a caller abort rejects at once with an AbortError and does not retry', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 2000, times: 3 });
    const controller = new AbortController();
    const started = performance.now();
    const pending = mock.client().tables.list(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mock.requests).toHaveLength(1);
  });
});

describe('the response body under MSW', () => {
  /** A 200 whose body sends its first bytes and then never finishes. */
  const stalledTables = () =>
    mock.server.use(
      http.get(`${BASE_URL}/api/v1/:slug/tables`, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"success":true,"tables":['));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/json', ...OFF_CONTRACT } });
      }),
    );

  it('a caller abort while the body stalls rejects at once with the AbortError', async () => {
    stalledTables();
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const error = await mock
      .client({ timeoutMs: 60_000 })
      .tables.list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('timeoutMs covers a stalled body: TimeoutError', async () => {
    stalledTables();
    const started = performance.now();
    const error = await mock
      .client({ timeoutMs: 100 })
      .tables.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mock.requests).toHaveLength(1);
  });

  it('a 200 HTML page (a baseUrl that reaches a web app) is a ReservationApiError that says to check baseUrl', async () => {
    mock.server.use(
      http.get(`${BASE_URL}/api/v1/:slug/tables`, () =>
        HttpResponse.html('<!doctype html><title>App</title>', { headers: OFF_CONTRACT }),
      ),
    );
    const error = await mock
      .client()
      .tables.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect(error).toMatchObject({ status: 200 });
    expect((error as Error).message).toMatch(
      /answered 200 with a body that is not JSON \(text\/html.*check baseUrl/,
    );
  });

  it('a connection failure names its cause in the ConnectionError message', async () => {
    mock.server.use(http.get(`${BASE_URL}/api/v1/:slug/tables`, () => HttpResponse.error()));
    const error = await mock
      .client({ maxRetries: 0 })
      .tables.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /^Could not reach the Reservation API after 1 attempt over \d+\.\d s: \S/,
    );
    expect(error).toMatchObject({ method: 'GET', url: `${BASE_URL}/api/v1/${SLUG}/tables` });
  });
});

describe('client.raw against the mock service', () => {
  it('honours the signal of its init: an abort rejects at once, without a retry', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 2000, times: 3 });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 30);
    const error = await mock
      .client()
      .raw.GET('/api/v1/{slug}/tables', { params: { path: { slug: SLUG } }, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mock.requests).toHaveLength(1);
  });
});
