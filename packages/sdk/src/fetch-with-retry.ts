// The one fetch wrapper every request goes through (resource methods and `client.raw` alike): it adds
// the API key and user headers, bounds each attempt with a timeout combined with the caller's signal,
// and retries reads according to the pure policy in retry.ts.
import { Attempt, type Sleep } from './abort';
import { ConnectionError, TimeoutError } from './errors';
import { type AttemptOutcome, isRetryableStatus, type RetryPolicy, retryDelayMs } from './retry';

/**
 * A fetch implementation. It receives the Request and `{ signal }` (the standard two-argument form);
 * honouring the signal lets a timeout or abort cancel the work, but the SDK gives up on time either way.
 */
export type FetchLike = (request: Request, init: { signal: AbortSignal }) => Promise<Response>;

export interface FetchSettings {
  /** The caller's fetch, or undefined to use `globalThis.fetch` as it is at call time (so MSW started later still intercepts). */
  fetch: FetchLike | undefined;
  /** Set on every request, in order; the API key comes last so no user header can replace it. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Per attempt: from sending the request until the response headers arrive. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** The caller's signal: aborting it stops the current attempt and every retry at once. */
  signal: AbortSignal | undefined;
  sleep: Sleep;
  random: () => number;
  now: () => number;
}

const ignore = (): void => {};

/**
 * Sends `request`, retrying as the policy allows. Resolves with the final Response (also for HTTP
 * errors: openapi-fetch parses the body and errorFromResponse() picks the class), rejects with
 * ConnectionError / TimeoutError when no response arrived, or with the caller's abort reason.
 */
export async function fetchWithRetry(request: Request, settings: FetchSettings): Promise<Response> {
  const caller = settings.signal;
  // A caller abort rejects with the signal's own reason (a DOMException AbortError by default, or
  // whatever was passed to abort()), exactly as fetch does; it is never wrapped and never retried.
  caller?.throwIfAborted();
  // openapi-fetch built this Request for us alone, so its headers are set in place: cheaper than
  // copying the Request, and the same Request can be sent again on a retry (GETs have no body).
  for (const [name, value] of settings.headers) request.headers.set(name, value);

  for (let retry = 0; ; retry++) {
    const attempt = new Attempt(settings.timeoutMs, caller);
    let response: Response | undefined;
    let failure: ConnectionError | TimeoutError | undefined;
    let outcome: AttemptOutcome;
    try {
      // Looked up per attempt, not captured at creation, so a fetch patched later (MSW) is used.
      const fetchImpl: FetchLike = settings.fetch ?? globalThis.fetch;
      response = await attempt.race(fetchImpl(request, { signal: attempt.signal }));
      // The common case needs no retry decision at all.
      if (response.ok) return response;
      const status = response.status;
      // Headers.get is not free; only a retryable status can make Retry-After matter.
      const retryAfter = isRetryableStatus(status) ? response.headers.get('retry-after') : null;
      outcome = { kind: 'response', status, retryAfter };
    } catch (error) {
      if (caller?.aborted) throw caller.reason;
      if (attempt.timedOut) {
        failure = new TimeoutError(settings.timeoutMs, error);
        outcome = { kind: 'timeout' };
      } else {
        failure = new ConnectionError(error);
        outcome = { kind: 'network-error' };
      }
    } finally {
      attempt.end();
    }

    const delay = retryDelayMs(
      request.method,
      retry,
      outcome,
      settings.retry,
      settings.now(),
      settings.random,
    );
    if (delay === undefined) {
      if (response) return response;
      throw failure;
    }
    // Free the connection of a response we are about to discard. Not awaited: with MSW in Node the
    // cancel of a mocked body can stay pending forever (MSW keeps its own unread copy).
    void response?.body?.cancel().catch(ignore);
    await settings.sleep(delay, caller);
  }
}
