// What the SDK tells about each call, against the mock through MSW: `withResponse()` on every
// resource method, each page's response, `client.use()` middleware on every attempt, `onRetry`, and
// one request id (X-Request-Id) that is the same in the SDK error, the log record and the journal.
import {
  isReservationApiError,
  type LogRecord,
  type Middleware,
  type ReservationClient,
  type RetryInfo,
  type WithResponse,
} from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { NOW, SLUG, useMockService } from './mock';

const mock = useMockService();
const REQUEST_ID = /^req_\d{6,}$/;
const journalIds = () => mock.service.control.requests.list().map((entry) => entry.id);
const BOOKING = {
  email: 'ids@example.com',
  date: '2026-06-16',
  from: '12:00',
  to: '13:00',
  tableId: 'tbl_01',
};

/** Every resource method, each as one call (the writes on a reservation they create themselves). */
function everyMethod(
  client: ReservationClient,
): Record<string, () => { withResponse(): Promise<WithResponse<unknown>> }> {
  return {
    'reservations.list': () => client.reservations.list({ limit: 2 }),
    'reservations.get': () => client.reservations.get('res_demo_0001'),
    'reservations.create': () => client.reservations.create({ ...BOOKING, tableId: undefined }),
    'availability.get': () => client.availability.get({ date: '2026-06-16' }),
    'schedule.get': () => client.schedule.get(),
    'tables.list': () => client.tables.list(),
    'services.list': () => client.services.list(),
    'info.get': () => client.info.get(),
    'gallery.list': () => client.gallery.list(),
    'reviews.list': () => client.reviews.list(),
  };
}

describe('withResponse()', () => {
  it('gives every resource method its data, the response and the journal entry id', async () => {
    const client = mock.client();
    const created = await client.reservations.create(BOOKING).withResponse();
    const id = created.data.id;
    const calls = {
      ...everyMethod(client),
      'reservations.updateStatus': () => client.reservations.updateStatus(id, { status: 'CONFIRMED' }),
      'reservations.cancel': () => client.reservations.cancel(id, { reason: 'test' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { data, response, requestId } = await call().withResponse();
      expect(data, name).toBeDefined();
      expect(data, name).not.toHaveProperty('success');
      expect(response.ok, name).toBe(true);
      expect(requestId, name).toMatch(REQUEST_ID);
      expect(response.headers.get('x-request-id'), name).toBe(requestId);
      expect(journalIds().at(-1), name).toBe(requestId);
    }
    expect(created.response.status).toBe(201);
  });

  it('leaves plain await as it was: the same data', async () => {
    const client = mock.client();
    const reads = Object.entries(everyMethod(client)).filter(([name]) => name !== 'reservations.create');
    for (const [name, call] of reads) {
      const plain = await (call() as unknown as Promise<unknown>);
      const { data } = await call().withResponse();
      expect(plain, name).toEqual(data);
    }
  });
});

describe('pages()', () => {
  it('yields each page with its items, response and request id; the items are what iterate() yields', async () => {
    const client = mock.client();
    const all = await client.reservations.iterate({ limit: 2 }).toArray({ max: 1000 });
    const before = journalIds().length;
    const items: unknown[] = [];
    const ids: (string | undefined)[] = [];
    for await (const page of client.reservations.iterate({ limit: 2 }).pages()) {
      expect(page.response.status).toBe(200);
      expect(page.total).toBe(all.length);
      items.push(...page.items);
      ids.push(page.requestId);
    }
    expect(items).toEqual(all);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual(journalIds().slice(before));
  });

  it('is offered by every paged list', async () => {
    const client = mock.client();
    for (const pages of [client.gallery.iterate().pages(), client.reviews.iterate().pages()]) {
      for await (const page of pages) expect(page.requestId).toMatch(REQUEST_ID);
    }
  });
});

describe('client.use()', () => {
  it('runs middleware on every resource call and every page, in order, with the call parameters', async () => {
    const client = mock.client();
    const seen: string[] = [];
    const answered: (string | null)[] = [];
    const tracing: Middleware = {
      onRequest({ request, schemaPath }) {
        request.headers.set('X-Trace-Id', `trace-${seen.length}`);
        seen.push(`${request.method} ${schemaPath}`);
      },
      onResponse({ response }) {
        answered.push(response.headers.get('x-request-id'));
      },
    };
    client.use(tracing);
    for (const call of Object.values(everyMethod(client))) await call().withResponse();
    await client.reservations.iterate({ limit: 2 }).toArray({ max: 1000 });
    expect(seen).toContain('GET /api/v1/{slug}/reservations/{id}');
    expect(seen).toContain('POST /api/v1/{slug}/reservations');
    expect(seen.length).toBeGreaterThan(Object.keys(everyMethod(client)).length);
    expect(answered).toEqual(journalIds());

    client.eject(tracing);
    await client.info.get();
    expect(answered).toHaveLength(journalIds().length - 1);
  });

  it('runs on every retry attempt, and onRetry reports each retry', async () => {
    const retries: RetryInfo[] = [];
    const client = mock.client({ onRetry: (info) => retries.push(info) });
    const attempts: (string | null)[] = [];
    client.use({ onResponse: ({ response }) => void attempts.push(response.headers.get('x-request-id')) });
    mock.service.control.faults.add({
      method: 'GET',
      path: `/api/v1/${SLUG}/services`,
      status: 503,
      times: 2,
    });

    await client.services.list();

    const ids = journalIds();
    expect(attempts).toEqual(ids);
    expect(ids).toHaveLength(3);
    expect(retries).toEqual([
      expect.objectContaining({
        attempt: 1,
        reason: 'status',
        status: 503,
        requestId: ids[0],
        method: 'GET',
      }),
      expect.objectContaining({
        attempt: 2,
        reason: 'status',
        status: 503,
        requestId: ids[1],
        method: 'GET',
      }),
    ]);
    expect(retries[0]?.url).toContain(`/api/v1/${SLUG}/services`);
    expect(retries.map((r) => r.delayMs)).toEqual(client.sleeps);
  });
});

describe('one request id, end to end', () => {
  it('is the same in the SDK error, its JSON, the log record and the journal entry', async () => {
    const records: LogRecord[] = [];
    const logger = {
      debug: (_: string, record: LogRecord) => void records.push(record),
      info: () => {},
      warn: () => {},
      error: () => {},
    };
    const client = mock.client({ logLevel: 'debug', logger });
    await client.reservations.create(BOOKING);
    const failure = await client.reservations.create(BOOKING).catch((error: unknown) => error);

    if (!isReservationApiError(failure) || failure.name !== 'ConflictError') throw failure;
    expect(failure.code).toBe('DOUBLE_BOOKING');
    const [entry] = mock.service.control.requests.list({ code: 'DOUBLE_BOOKING' });
    expect(failure.requestId).toMatch(REQUEST_ID);
    expect(failure.requestId).toBe(entry?.id);
    expect(failure.toJSON().requestId).toBe(entry?.id);
    expect(records.at(-1)).toMatchObject({ status: 409, requestId: entry?.id });
    expect(entry?.at).toBe(new Date(NOW).toISOString());
  });
});
