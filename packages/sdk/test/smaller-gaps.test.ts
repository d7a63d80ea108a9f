// Smaller ways a call could misreport what happened: Retry-After read too loosely or dropped, paging
// and retry options taken as given, an untrimmed project, and huge integers written as `1e+21`.
import { describe, expect, it } from 'vitest';
import { createReservationClient, RateLimitError, ServerError } from '../src/index';
import { parseRetryAfterMs } from '../src/retry';
import { clientOn } from './support/client';
import { API_KEY, BASE_URL, errorBody, reservationList, SLUG, schedule } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const NOW = Date.UTC(2026, 5, 15, 8, 0, 0);
const unavailable = (retryAfter: string) =>
  reply('GET', `${P}/schedule`, 503, errorBody('Service Unavailable', 'Down', 'INTERNAL_ERROR'), {
    'Retry-After': retryAfter,
  });

describe('Retry-After', () => {
  it('a 503 asking for more than maxRetryAfterMs gives a ServerError with retryAfter (as the README says)', async () => {
    const stub = stubFetch(unavailable('120'));
    const { client, sleeps } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).retryAfter).toBe(120);
    expect((error as ServerError).toJSON()).toMatchObject({ retryAfter: 120 });
    expect(sleeps).toEqual([]);
    expect(stub.calls).toHaveLength(1);
  });

  it('a far HTTP date on a 503 also gives retryAfter', async () => {
    const at = new Date(Date.now() + 86_400_000).toUTCString();
    const { client } = clientOn(stubFetch(unavailable(at)));
    const error = (await client.schedule.get().catch((e: unknown) => e)) as ServerError;
    expect(error.retryAfter).toBeGreaterThan(86_000);
    expect(error.retryAfter).toBeLessThanOrEqual(86_400);
  });

  it('a 400-digit value stays a finite number', async () => {
    const stub = stubFetch(
      reply('GET', `${P}/schedule`, 429, errorBody('Too Many Requests', 'Slow down', 'RATE_LIMITED'), {
        'Retry-After': '9'.repeat(400),
      }),
    );
    const { client } = clientOn(stub);
    const error = (await client.schedule.get().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(Number.isFinite(error.retryAfter)).toBe(true);
    expect(error.retryAfter).toBe(Math.ceil(Number.MAX_SAFE_INTEGER / 1000));
  });

  it.each([
    ['IMF-fixdate', 'Mon, 15 Jun 2026 08:00:30 GMT', 30_000],
    ['RFC 850', 'Monday, 15-Jun-26 08:00:30 GMT', 30_000],
    ['asctime', 'Mon Jun 15 08:00:30 2026', 30_000],
    ['asctime, one-digit day', 'Mon Jun  1 08:00:00 2026', 0],
    ['delta-seconds', '30', 30_000],
  ])('accepts the HTTP form %s', (_, value, ms) => {
    expect(parseRetryAfterMs(value, NOW)).toBe(ms);
  });

  it.each([
    'a 1',
    '1.5',
    '-3',
    '+3',
    '2026-06-15T08:00:30Z',
    'Mon, 15 Jun 2026 08:00:30',
    'Mon, 15 Foo 2026 08:00:30 GMT',
    'tomorrow',
    '',
  ])('refuses %j (not a form HTTP allows)', (value) => {
    expect(parseRetryAfterMs(value, NOW)).toBeUndefined();
  });
});

describe('options given as undefined or untrimmed', () => {
  it('an explicit undefined in `retry` keeps the default instead of failing or replacing it', async () => {
    const stub = stubFetch(unavailable('0'), reply('GET', `${P}/schedule`, 200, schedule));
    const sleeps: number[] = [];
    const client = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      project: SLUG,
      fetch: stub.fetch,
      retry: {
        baseDelayMs: undefined,
        maxDelayMs: undefined,
        maxRetryAfterMs: undefined,
        sleep: async (ms) => void sleeps.push(ms),
      },
    });
    await client.schedule.get();
    expect(sleeps).toEqual([0]);
    // The default backoff applies without Retry-After: 0.5 s with equal jitter, so 250–500 ms.
    const stub2 = stubFetch(
      reply('GET', `${P}/schedule`, 500, errorBody('Internal Server Error', 'x', 'INTERNAL_ERROR')),
      reply('GET', `${P}/schedule`, 200, schedule),
    );
    const { client: client2, sleeps: sleeps2 } = clientOn(stub2, {
      retry: { baseDelayMs: undefined, random: () => 1 },
    });
    await client2.schedule.get();
    expect(sleeps2).toEqual([500]);
  });

  it('`project` is trimmed like apiKey and baseUrl', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { project: `  ${SLUG}\n` });
    await client.schedule.get();
    expect(stub.calls[0]?.url.pathname).toBe(`/prefix/api/v1/${SLUG}/schedule`);
  });
});

describe('integers in the query are written as plain digits', () => {
  it.each([
    ['limit', 1e21, '1000000000000000000000'],
    ['limit', Number.MAX_VALUE, BigInt(Number.MAX_VALUE).toString()],
    ['offset', 1e21, '1000000000000000000000'],
    ['offset', 2 ** 60, '1152921504606846976'],
  ])(
    '%s: %d is sent as digits, which the API accepts (never `1e+21`, a 400)',
    async (name, value, digits) => {
      const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
      const { client } = clientOn(stub);
      await client.reservations.list({ [name]: value });
      const query = stub.calls[0]?.url.search ?? '';
      expect(query).toBe(`?${name}=${digits}`);
      expect(query).not.toMatch(/e\+|e%2B/i);
    },
  );

  it('iterate({ limit: 1e21 }) pages with digits too', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await client.reservations.iterate({ limit: 1e21 }).toArray({ max: 10 });
    expect(stub.calls[0]?.url.searchParams.get('limit')).toBe('1000000000000000000000');
  });

  it('other values are written as before', async () => {
    const stub = stubFetch(reply('GET', `${P}/reservations`, 200, reservationList([], 0)));
    const { client } = clientOn(stub);
    await client.reservations.list({ status: 'PENDING', date: '2026-06-15', limit: 5, offset: 0 });
    expect(stub.calls[0]?.url.search).toBe('?status=PENDING&date=2026-06-15&limit=5&offset=0');
  });
});
