import { ConnectionError, ReservationApiError, ServerError, TimeoutError } from '@reservation-api/sdk';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, OFF_CONTRACT, SLUG, useMockService } from './mock';

const mock = useMockService();
const TABLES = `/api/v1/${SLUG}/tables`;
const RESERVATIONS = `/api/v1/${SLUG}/reservations`;

// A test that fakes timers says so with vi.useFakeTimers() (MSW and the mock need no timers of
// their own): time moves only when the test says, so a timeout fires exactly when its time is
// advanced, and a fault's delay or a timeout the test never reaches cannot end a call. A call that
// only such a timer could end hangs, and the test times out; real timers come back after each test
// (afterEach, not finally, so the tests after one that timed out still run on real timers).
afterEach(() => {
  vi.useRealTimers();
});

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
    // The first attempt times out at exactly 100 ms while the mock still holds it (400 ms); no more
    // time passes, so the second must be answered within its own timeout however slow the machine.
    vi.useFakeTimers();
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 400, times: 1 });
    const pending = mock.client({ timeoutMs: 100 }).tables.list();
    await vi.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toHaveLength(6);
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
    // The mock holds the request for 2 s that never pass: only the abort can end the call.
    vi.useFakeTimers();
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 2000, times: 3 });
    const controller = new AbortController();
    const pending = mock
      .client()
      .tables.list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30);
    expect(mock.requests).toHaveLength(1);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
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
    // The timeout (a minute) is never reached: only the abort can end the call.
    vi.useFakeTimers();
    stalledTables();
    const controller = new AbortController();
    const pending = mock
      .client({ timeoutMs: 60_000 })
      .tables.list(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100); // the headers have arrived; the body stalls
    expect(mock.requests).toHaveLength(1);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('timeoutMs covers a stalled body: TimeoutError', async () => {
    // Exactly the timeout, and nothing else, ends the call; the body never would.
    vi.useFakeTimers();
    stalledTables();
    const pending = mock
      .client({ timeoutMs: 100 })
      .tables.list()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100 });
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
      /^No answer from the Reservation API after 1 attempt over \d+\.\d s: \S/,
    );
    expect(error).toMatchObject({ method: 'GET', url: `${BASE_URL}/api/v1/${SLUG}/tables` });
  });
});

describe('client.raw against the mock service', () => {
  it('honours the signal of its init: an abort rejects at once, without a retry', async () => {
    // The mock holds the request for 2 s that never pass: only the abort can end the call.
    vi.useFakeTimers();
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 2000, times: 3 });
    const controller = new AbortController();
    const pending = mock
      .client()
      .raw.GET('/api/v1/{slug}/tables', { params: { path: { slug: SLUG } }, signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30);
    expect(mock.requests).toHaveLength(1);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(mock.requests).toHaveLength(1);
  });
});
