import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableMethod,
  isRetryableStatus,
  parseRetryAfterMs,
  retryDelayMs,
} from '../src/retry';

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
