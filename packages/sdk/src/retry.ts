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

const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';
/** IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT` and the obsolete RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`. */
const IMF_OR_RFC850 =
  /^[A-Z][a-z]{2,8}, (\d\d)[ -]([A-Z][a-z]{2})[ -](\d\d(?:\d\d)?) (\d\d):(\d\d):(\d\d) GMT$/;
/** The obsolete asctime form `Sun Nov  6 08:49:37 1994`. */
const ASCTIME = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) ([ \d]\d) (\d\d):(\d\d):(\d\d) (\d{4})$/;

/**
 * `Retry-After` in milliseconds from `nowMs`, for exactly the forms HTTP allows: delta-seconds
 * (digits only) or an HTTP-date (the three forms of RFC 9110, in GMT); undefined for anything else
 * (junk such as `a 1` is not a date). A huge value stays finite (at most 2^53 - 1 ms).
 */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  const imf = IMF_OR_RFC850.exec(text);
  const asc = ASCTIME.exec(text);
  const [day, month, year, h, m, s] = imf
    ? imf.slice(1)
    : asc
      ? [asc[2], asc[1], asc[6], asc[3], asc[4], asc[5]]
      : [];
  const monthIndex = MONTHS.indexOf(month ?? '-') / 3;
  if (!Number.isInteger(monthIndex)) return undefined;
  let y = Number(year);
  // RFC 850's two-digit year: the most recent one not more than 50 years ahead.
  if (y < 100) y += y + 2000 > new Date(nowMs).getUTCFullYear() + 50 ? 1900 : 2000;
  const date = Date.UTC(y, monthIndex, Number(day), Number(h), Number(m), Number(s));
  return Math.max(0, date - nowMs);
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
