// The retry schedule (README "Rules", Webhooks), kept apart from the dispatcher so the numbers
// live in one place and the dispatcher can be tested with shorter ones.

/** Delay before each attempt, counted from the previous attempt: attempts at 0, 1, 6, 36, 156 min. */
export const DEFAULT_DELAYS_MS: readonly number[] = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/** Receivers should answer within 5 s (mock README, "Rules", Webhooks; openapi.yaml `webhooks`); slower counts as a failure. */
export const DEFAULT_TIMEOUT_MS = 5_000;

/** Rejects schedules that would silently send nothing or go back in time. */
export function validateDelays(delays: readonly number[]): void {
  if (delays.length === 0)
    throw new RangeError('delaysMs must contain at least one delay (the first attempt)');
  for (const delay of delays) {
    if (!Number.isFinite(delay) || delay < 0) {
      throw new RangeError(`delaysMs must be finite and not negative, got ${String(delay)}`);
    }
  }
}

export function validateTimeout(timeoutMs: number): void {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number, got ${String(timeoutMs)}`);
  }
}
