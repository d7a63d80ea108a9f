// Pure retry policy: which attempts may be repeated and how long to wait. No I/O, no timers, so every
// rule is unit-testable. fetch-with-retry.ts makes the decisions; errors.ts reuses parseRetryAfterMs.

export interface RetryPolicy {
  /** Retries after the first attempt (so at most maxRetries + 1 requests). */
  maxRetries: number;
  /** Backoff before retry n (0-based) is baseDelayMs * 2^n, capped at maxDelayMs, with equal jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest `Retry-After` the client waits for. A longer one is not retried: the RateLimitError
   * (with `retryAfter`) goes to the caller, who can schedule the call better than a blocked promise.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** What one attempt ended with, as far as the retry decision cares. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; retryAfter: string | null }
  | { kind: 'network-error' }
  | { kind: 'timeout' };

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Only reads are retried. The API has no idempotency keys, so repeating a POST whose response was
 * lost could create a second reservation (or a double booking); a PATCH or DELETE could report a
 * spurious INVALID_STATUS_TRANSITION because the first attempt already applied. The caller, who
 * knows the business context, decides whether to repeat those.
 */
export function isRetryableMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** `Retry-After` in milliseconds from `nowMs`: delta-seconds or an HTTP date; undefined when absent or unparseable. */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its day and month; without letters, Date.parse would accept "-3" as a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * Exponential backoff with equal jitter: half of the capped delay is fixed and half random, so retries
 * of many clients spread out but none retries immediately. Result lies in [d/2, d], d = min(max, base·2^n).
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return capped / 2 + random() * (capped / 2);
}

/**
 * The delay before retry number `retry` (0-based), or undefined when the attempt must not be retried.
 */
export function retryDelayMs(
  method: string,
  retry: number,
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  nowMs: number,
  random: () => number,
): number | undefined {
  if (retry >= policy.maxRetries || !isRetryableMethod(method)) return undefined;
  if (outcome.kind !== 'response') return backoffDelayMs(retry, policy, random);
  if (!isRetryableStatus(outcome.status)) return undefined;
  const retryAfter = parseRetryAfterMs(outcome.retryAfter, nowMs);
  if (retryAfter === undefined) return backoffDelayMs(retry, policy, random);
  return retryAfter > policy.maxRetryAfterMs ? undefined : retryAfter;
}
