// How to test your own code that calls the Reservation API: run it against the whole API in memory
// (@reservation-api/mock-server) behind MSW's request interception. The code under test uses the
// real SDK and the real global fetch; MSW answers every request from the mock instead of the network.
//
// The recipe:
//   1. One MSW server for the file; it starts empty and fails on any request nobody handles.
//   2. A FRESH mock per test (beforeEach). Nothing leaks between tests: data, clock, keys, faults,
//      webhook targets and deliveries all belong to that one mock.
//   3. Set up what the test needs through `mock.control` (data, keys, faults, the clock), call your
//      code, then assert on what it returned AND on the mock's state.
import { fileURLToPath } from 'node:url';
import { type CoverageReport, createMockService, type MockService } from '@reservation-api/mock-server';
import { mergeCoverage, writeCoverageReport } from '@reservation-api/mock-server/coverage';
import { createReservationClient, PermissionDeniedError, type ReservationClient } from '@reservation-api/sdk';
import { constructWebhookEvent, type VerifiedWebhookEvent } from '@reservation-api/sdk/webhooks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BookingRequest, bookTable, confirmPending } from '../src/booking-service';

/** Any URL works: MSW intercepts it, and `onUnhandledRequest: 'error'` proves nothing leaves the process. */
const BASE_URL = 'https://reservations.example.test';
const SLUG = 'demo-bistro';
const API = `${BASE_URL}/api/v1/${SLUG}`;
/**
 * The mock's clock is frozen here (Monday 15 June 2026, 10:00 in Prague) and moves only when a
 * test moves it. The demo reservations are placed relative to it: the next day, Tuesday 16 June,
 * has res_demo_0004 (PENDING, 12:00-13:00, no table) and res_demo_0003 (CONFIRMED, 18:00-20:00, tbl_04).
 */
const NOW = '2026-06-15T08:00:00.000Z';
const TUESDAY = '2026-06-16';
const SUNDAY = '2026-06-21';

const server = setupServer();
let mock: MockService;
let client: ReservationClient;
/** `METHOD /path` of every API request of the current test, in order. */
const requests: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.origin === BASE_URL) requests.push(`${request.method} ${url.pathname}`);
  });
});

beforeEach(() => {
  mock = createMockService({ seed: 'demo', now: NOW, baseUrl: BASE_URL });
  // resetHandlers(...) makes this test's mock the server's handlers AND drops every override a
  // previous test added with server.use(...): one call, a clean slate.
  server.resetHandlers(...mock.handlers);
  requests.length = 0;
  client = createReservationClient({
    baseUrl: BASE_URL,
    apiKey: 'rk_demo_full',
    project: SLUG,
    // The SDK's retry backoff (0.5 s, 1 s, …) made instant: retries still happen, without waiting.
    retry: { sleep: async () => {} },
  });
});

/** What each test's mock saw of the API: merged into one report for the file when it ends. */
const coverage: CoverageReport[] = [];
/** Where the report goes (test-output/ of the repository: written by a run, never committed). */
const COVERAGE_DIR = fileURLToPath(
  new URL('../../../test-output/api-coverage/testing-with-vitest', import.meta.url),
);

afterEach(async () => {
  await mock.control.settled(); // a webhook event counts once its receiver acknowledged it
  coverage.push(mock.control.coverage());
  await mock.close(); // stops the mock's webhook timers
});
afterAll(async () => {
  server.close();
  // The API this file's tests exercised, answer by answer: coverage.json, coverage.md, and the table
  // printed. With a threshold (`{ threshold: 80 }`) a run that covers less fails here. Across files and
  // workers, each file saves its part and a globalSetup merges them (the mock README, "Coverage").
  const { table } = await writeCoverageReport(COVERAGE_DIR, mergeCoverage(coverage), {
    title: 'API coverage of booking-service.test.ts',
  });
  console.log(table);
});

const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  email: 'jana@example.com',
  firstName: 'Jana',
  date: TUESDAY,
  from: '12:00',
  to: '13:00',
  guests: 3,
  ...overrides,
});

/**
 * "Meanwhile, another guest books the table": before the mock answers our create, put a rival
 * reservation on the table our code asked for. The handler returns nothing, so MSW passes the request
 * on to the mock, which then sees the conflict exactly as the real API would.
 */
function rivalBooksFirst(options: { once: boolean }) {
  return http.post(
    `${API}/reservations`,
    async ({ request: intercepted }) => {
      const body = (await intercepted.clone().json()) as {
        date: string;
        from: string;
        to: string;
        tableId: string;
      };
      await mock.control.addReservation(SLUG, {
        date: body.date,
        from: body.from,
        to: body.to,
        status: 'PENDING',
        customer: { email: 'rival@example.com' },
        tableId: body.tableId,
      });
    },
    { once: options.once },
  );
}

describe('bookTable', () => {
  it('books the smallest free table that seats the party', async () => {
    const result = await bookTable(client, request({ guests: 3 }));

    // Four-seat tables are the smallest for three; tbl_02 comes first by position.
    expect(result).toEqual({ ok: true, reservationId: expect.any(String), tableId: 'tbl_02' });
    if (!result.ok) return;
    const stored = await mock.control.getReservation(SLUG, result.reservationId);
    expect(stored).toMatchObject({ status: 'PENDING', guests: 3, date: TUESDAY, from: '12:00' });
    expect(stored.table?.id).toBe('tbl_02');
    expect(stored.customer.email).toBe('jana@example.com');
  });

  it('passes over a table that is booked at that time', async () => {
    // res_demo_0003 holds tbl_04, the only six-seat table, 18:00-20:00 on Tuesday.
    const result = await bookTable(client, request({ guests: 5, from: '19:00', to: '20:30' }));

    expect(result).toEqual({ ok: false, reason: 'slot-taken' });
    expect(requests).not.toContain(`POST /api/v1/${SLUG}/reservations`);
  });

  it('uses a table added to the venue (control.addTable) for a party no other table seats', async () => {
    const party = request({ guests: 8 });
    expect(await bookTable(client, party)).toEqual({ ok: false, reason: 'party-too-large' });

    await mock.control.addTable(SLUG, {
      id: 'tbl_banquet',
      name: 'Banquet',
      capacity: 10,
      branchId: 'br_old_town',
      zoneId: 'zone_interior',
      position: 8,
    });

    expect(await bookTable(client, party)).toMatchObject({ ok: true, tableId: 'tbl_banquet' });
  });

  it('answers closed on a closed day and in the break, without trying to book', async () => {
    expect(await bookTable(client, request({ date: SUNDAY }))).toEqual({ ok: false, reason: 'closed' });
    expect(await bookTable(client, request({ from: '15:30', to: '16:30' }))).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('tries the next table once when the first is taken meanwhile (DOUBLE_BOOKING)', async () => {
    server.use(rivalBooksFirst({ once: true }));

    const result = await bookTable(client, request({ guests: 3 }));

    expect(result).toMatchObject({ ok: true, tableId: 'tbl_03' });
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('gives up with slot-taken when the second table is taken meanwhile too', async () => {
    server.use(rivalBooksFirst({ once: false }));

    const result = await bookTable(client, request({ guests: 3 }));

    expect(result).toEqual({ ok: false, reason: 'slot-taken' });
    // Exactly one retry: two creates, both refused.
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('reports a blacklisted customer (control.blacklist) as customer-blocked', async () => {
    await mock.control.blacklist(SLUG, { email: 'troublemaker@example.com' });

    const result = await bookTable(client, request({ email: 'Troublemaker@Example.com' }));

    expect(result).toEqual({ ok: false, reason: 'customer-blocked' });
  });

  it('throws on a key without write permission: a set-up mistake, not a guest-facing answer', async () => {
    // A key issued for reporting only (control.keys.create shows its value this once).
    const { key } = await mock.control.keys.create(SLUG, { permissions: ['read'], name: 'reporting' });
    const readOnly = createReservationClient({ baseUrl: BASE_URL, apiKey: key, project: SLUG });

    const attempt = bookTable(readOnly, request());

    await expect(attempt).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(attempt).rejects.toMatchObject({ status: 403, code: 'PERMISSION_DENIED' });
    expect((await client.reservations.list({ date: TUESDAY })).total).toBe(2); // the two demo ones
  });

  it('rides out a 503 on availability: the SDK retries the read', async () => {
    mock.control.faults.add({ method: 'GET', path: `/api/v1/${SLUG}/availability`, status: 503, times: 1 });

    const result = await bookTable(client, request());

    expect(result).toMatchObject({ ok: true });
    expect(requests.filter((r) => r.endsWith('/availability'))).toHaveLength(2);
  });

  it('reports unavailable on a 500 from the create, without repeating the write', async () => {
    mock.control.faults.add({ method: 'POST', path: `/api/v1/${SLUG}/reservations`, status: 500, times: 1 });

    const result = await bookTable(client, request());

    expect(result).toEqual({ ok: false, reason: 'unavailable' });
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect((await client.reservations.list({ date: TUESDAY })).total).toBe(2); // nothing stored
  });
});

describe('confirmPending', () => {
  it('confirms every pending reservation of the day, more than one page of them', async () => {
    // 150 pending bookings (control.addReservation inserts directly, without the API's checks).
    for (let i = 0; i < 150; i += 1) {
      await mock.control.addReservation(SLUG, {
        date: TUESDAY,
        from: '19:00',
        to: '21:00',
        status: 'PENDING',
        customer: { email: `guest${i}@example.com` },
      });
    }

    const result = await confirmPending(client, TUESDAY);

    expect(result.confirmed).toHaveLength(151); // ours plus res_demo_0004
    expect(result.skipped).toEqual([]);
    expect((await client.reservations.list({ date: TUESDAY, status: 'PENDING' })).total).toBe(0);
  });

  it('skips a reservation that was cancelled after it was listed', async () => {
    // Another client cancels res_demo_0004 just before our confirmation reaches the API; the mock
    // then answers 409 INVALID_STATUS_TRANSITION on its own.
    server.use(
      http.patch(
        `${API}/reservations/res_demo_0004/status`,
        async () => {
          await mock.fetch(
            new Request(`${API}/reservations/res_demo_0004`, {
              method: 'DELETE',
              headers: { 'X-API-Key': 'rk_demo_full' },
            }),
          );
        },
        { once: true },
      ),
    );

    const result = await confirmPending(client, TUESDAY);

    expect(result).toEqual({ confirmed: [], skipped: ['res_demo_0004'] });
    expect((await mock.control.getReservation(SLUG, 'res_demo_0004')).status).toBe('CANCELLED');
  });
});

describe('webhooks from the mock, on its fake clock', () => {
  it('retries a failed delivery at 1 and 6 minutes until the receiver accepts it', async () => {
    const hookUrl = 'https://backend.example.test/webhooks/reservations';
    const { secret } = await mock.control.setWebhook(SLUG, { url: hookUrl });

    // The receiver, as MSW intercepts it: it verifies every delivery like production code would,
    // and fails the first two.
    const received: VerifiedWebhookEvent[] = [];
    server.use(
      http.post(hookUrl, async ({ request: delivery }) => {
        // The request's headers, not only the signature: the event then carries its delivery id,
        // the key to deduplicate retries by (SDK README, "Webhooks").
        const event = await constructWebhookEvent(await delivery.text(), delivery.headers, secret);
        received.push(event);
        return received.length <= 2
          ? new HttpResponse(null, { status: 500 })
          : new HttpResponse(null, { status: 204 });
      }),
    );

    const booked = await bookTable(client, request());
    expect(booked.ok).toBe(true);

    // The first attempt goes out on its own, right after the create; settled() waits for it.
    await mock.control.settled();
    expect(received).toHaveLength(1);
    // Retries need the clock to move: 1 minute for the second attempt, 5 more for the third.
    await mock.control.clock.advance(60_000);
    expect(received).toHaveLength(2);
    await mock.control.clock.advance(5 * 60_000);
    expect(received).toHaveLength(3);

    const [delivery] = mock.control.deliveries();
    expect(delivery).toMatchObject({ event: 'reservation.created', url: hookUrl, status: 'delivered' });
    const startedAt = Date.parse(NOW);
    expect(delivery?.attempts.map((a) => (Date.parse(a.at) - startedAt) / 60_000)).toEqual([0, 1, 6]);
    expect(delivery?.attempts.map((a) => a.responseStatus)).toEqual([500, 500, 204]);
    // Every attempt carried the same, validly signed event.
    expect(received.map((event) => event.event)).toEqual(Array(3).fill('reservation.created'));
    expect(new Set(received.map((event) => JSON.stringify(event))).size).toBe(1);
    // One delivery, retried: every attempt had its id.
    expect(received.map((event) => event.deliveryId)).toEqual(Array(3).fill(delivery?.id));
  });
});
