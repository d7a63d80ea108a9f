// src/retry.ts: the pure retry policy, and Retry-After read only in the forms HTTP allows (a value
// beyond the cap surfaces with `retryAfter`; a huge one stays finite).
import { describe, expect, it } from 'vitest';
import { RateLimitError, ServerError } from '../src/index';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableMethod,
  isRetryableStatus,
  parseRetryAfterMs,
  retryDelayMs,
} from '../src/retry';
import { clientOn } from './support/client';
import { errorBody, SLUG } from './support/fixtures';
import { reply, stubFetch } from './support/stub-fetch';

const policy = DEFAULT_RETRY_POLICY;
const NOW = Date.parse('2026-06-15T12:00:00Z');
const status = (s: number, retryAfter: string | null = null) => ({
  kind: 'response' as const,
  status: s,
  retryAfter,
});

describe('retry policy', () => {
  it('retries only reads: GET yes; POST, PATCH and DELETE never', () => {
    expect(isRetryableMethod('GET')).toBe(true);
    for (const method of ['POST', 'PATCH', 'DELETE', 'PUT']) {
      expect(isRetryableMethod(method)).toBe(false);
      expect(retryDelayMs(method, 0, { kind: 'network-error' }, policy, NOW, () => 0.5)).toBeUndefined();
      expect(retryDelayMs(method, 0, status(503), policy, NOW, () => 0.5)).toBeUndefined();
    }
  });

  it('retries 408, 429, 500, 502, 503 and 504, and no other status', () => {
    const retryable = [408, 429, 500, 502, 503, 504];
    for (let s = 200; s < 600; s++) expect(isRetryableStatus(s), String(s)).toBe(retryable.includes(s));
  });

  it('retries network errors and timeouts of a GET', () => {
    expect(retryDelayMs('GET', 0, { kind: 'network-error' }, policy, NOW, () => 0.5)).toBeGreaterThan(0);
    expect(retryDelayMs('GET', 0, { kind: 'timeout' }, policy, NOW, () => 0.5)).toBeGreaterThan(0);
  });

  it('stops after maxRetries', () => {
    expect(retryDelayMs('GET', 1, status(503), { ...policy, maxRetries: 2 }, NOW, () => 0.5)).toBe(
      backoffDelayMs(1, policy, () => 0.5),
    );
    expect(backoffDelayMs(1, policy, () => 0.5)).toBeGreaterThan(0);
    expect(retryDelayMs('GET', 2, status(503), { ...policy, maxRetries: 2 }, NOW, () => 0.5)).toBeUndefined();
    expect(retryDelayMs('GET', 0, status(503), { ...policy, maxRetries: 0 }, NOW, () => 0.5)).toBeUndefined();
  });

  it('backs off exponentially from 0.5 s, capped at 8 s, with equal jitter in [d/2, d]', () => {
    const expected = [500, 1000, 2000, 4000, 8000, 8000, 8000];
    expected.forEach((d, retry) => {
      expect(backoffDelayMs(retry, policy, () => 0)).toBe(d / 2);
      expect(backoffDelayMs(retry, policy, () => 0.999999)).toBeCloseTo(d, 0);
    });
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelayMs(3, policy, Math.random);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });

  it('honours Retry-After in seconds and as an HTTP date instead of the backoff', () => {
    expect(retryDelayMs('GET', 0, status(429, '3'), policy, NOW, () => 0.5)).toBe(3000);
    expect(retryDelayMs('GET', 0, status(503, '0'), policy, NOW, () => 0.5)).toBe(0);
    const date = new Date(NOW + 12_000).toUTCString();
    expect(retryDelayMs('GET', 0, status(503, date), policy, NOW, () => 0.5)).toBe(12_000);
  });

  it('does not retry when Retry-After exceeds maxRetryAfterMs (the caller gets the 429)', () => {
    expect(retryDelayMs('GET', 0, status(429, '61'), policy, NOW, () => 0.5)).toBeUndefined();
    expect(retryDelayMs('GET', 0, status(429, '60'), policy, NOW, () => 0.5)).toBe(60_000);
  });

  it('falls back to the backoff for an unparseable Retry-After', () => {
    expect(retryDelayMs('GET', 0, status(503, 'soon'), policy, NOW, () => 0)).toBe(250);
  });

  it('parses Retry-After: seconds, dates in the past, garbage', () => {
    expect(parseRetryAfterMs('5', NOW)).toBe(5000);

    expect(parseRetryAfterMs(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfterMs('-3', NOW)).toBeUndefined();
    expect(parseRetryAfterMs('tomorrow', NOW)).toBeUndefined();
    expect(parseRetryAfterMs(null, NOW)).toBeUndefined();
  });
});

const P = `/api/v1/${SLUG}`;
const EIGHT_AM = Date.UTC(2026, 5, 15, 8, 0, 0);
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
    expect(parseRetryAfterMs(value, EIGHT_AM)).toBe(ms);
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
    expect(parseRetryAfterMs(value, EIGHT_AM)).toBeUndefined();
  });
});
