// The one fetch wrapper every request goes through (resource methods and `client.raw` alike): it adds
// the SDK's headers, bounds each attempt with a timeout combined with the caller's signal, retries
// reads according to the pure policy in retry.ts, keeps the timeout and the signal in force until
// openapi-fetch has read the body, and logs attempts and retries when a log is configured.
import { Call, type Sleep } from './abort';
import { requestIdOf } from './api-promise';
import {
  CHECK_BASE_URL,
  ConnectionError,
  errorFromResponse,
  isRedirect,
  isReservationApiError,
  ReservationApiError,
  TimeoutError,
} from './errors';
import { type Hooks, throughMiddleware } from './hooks';
import type { Log } from './logger';
import { secretValues } from './redact';
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
  /** Per attempt, from sending the request until the body has been read; Infinity for none. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  /** Undefined when logging is off (the default). */
  log: Log | undefined;
  /** `client.use()` middleware and `onRetry`, run on every attempt. */
  hooks: Hooks;
}

/** openapi-fetch's per-request `fetch` option, bound to one call. */
export type CallFetch = (request: Request) => Promise<Response>;

const ignore = (): void => {};

/**
 * Runs one openapi-fetch call (`send`, given the per-request `fetch` to pass it) with `settings`:
 * resolves with `onValue` of what openapi-fetch resolves (`{ data, error, response }`), rejects with
 * a ReservationApiError when no usable answer arrived, or with the caller's abort reason.
 */
export function fetchCall<A, T>(
  settings: FetchSettings,
  signal: AbortSignal | null | undefined,
  send: (fetch: CallFetch) => Promise<A>,
  onValue: (answer: A, call: Call) => T,
): Promise<T> {
  // A caller abort rejects with the signal's own reason (a DOMException AbortError by default, or
  // whatever was passed to abort()), exactly as fetch does; it is never wrapped and never retried.
  if (signal?.aborted) return Promise.reject(signal.reason);
  const call = new Call(settings, signal ?? undefined);
  let pending: Promise<A>;
  try {
    pending = send((request) => fetchWithRetry(request, call));
  } catch (error) {
    // E.g. an invalid id: a rejection like any other failure, and the call cleans up.
    pending = Promise.reject(error);
  }
  return call.track(pending, onValue, callFailure);
}

/** What the caller sees when openapi-fetch rejects. */
function callFailure(error: unknown, call: Call): unknown {
  if (call.caller?.aborted) return call.caller.reason;
  const response = call.response;
  // SDK errors pass through; so does anything before a response arrived that is not one (openapi-fetch
  // could not build the request, e.g. a body JSON.stringify rejects): that is the caller's bug to see.
  if (isReservationApiError(error) || response === undefined) return error;
  const { status, headers } = response;
  const info = call.info();
  if (call.timedOut)
    return new TimeoutError(call.timeoutMs, error, { ...info, redact: headerValues(call.settings) });
  // openapi-fetch parses every 2xx body as JSON (error bodies it parses leniently itself).
  if (error instanceof SyntaxError) {
    const type = headers.get('content-type') ?? 'no Content-Type';
    return new ReservationApiError({
      status,
      headers,
      cause: error,
      redact: headerValues(call.settings),
      method: info.method,
      url: info.url,
      message: `The Reservation API answered ${status} with a body that is not JSON (${type}); ${CHECK_BASE_URL}`,
    });
  }
  // The headers had arrived, so no retry followed: the attempt count would say nothing here.
  return new ConnectionError(error, {
    method: info.method,
    url: info.url,
    headers,
    redact: headerValues(call.settings),
  });
}

/** What errors must never show: the API key and the header values the caller added. */
export function headerValues(settings: FetchSettings): string[] {
  return secretValues(settings.headers);
}

/**
 * Sends `request`, retrying as the policy allows. Resolves with the final Response (also for HTTP
 * errors: openapi-fetch parses the body and errorFromResponse() picks the class), rejects with
 * ConnectionError / TimeoutError when no response arrived, or with the caller's abort reason.
 */
export async function fetchWithRetry(request: Request, call: Call): Promise<Response> {
  const { caller, settings } = call;
  const { log, hooks } = settings;
  // The call's openapi-fetch parameters, present once middleware is in use (hooks.ts).
  const params = hooks.middleware.length > 0 ? hooks.params.get(request) : undefined;
  call.request = request;
  // openapi-fetch built this Request for us alone, so its headers are set in place: cheaper than
  // copying the Request, and the same Request can be sent again on a retry (GETs have no body).
  for (const [name, value] of settings.headers) request.headers.set(name, value);

  for (let retry = 0; ; retry++) {
    const signal = call.begin();
    const sentAt = log ? settings.now() : 0;
    let response: Response | undefined;
    let failure: unknown;
    let outcome: AttemptOutcome;
    try {
      // Looked up per attempt, not captured at creation, so a fetch patched later (MSW) is used.
      const fetchImpl: FetchLike = settings.fetch ?? globalThis.fetch;
      response = await call.race(
        params
          ? throughMiddleware(request, hooks.middleware, params, (sent) => fetchImpl(sent, { signal }))
          : fetchImpl(request, { signal }),
      );
      const status = response.status;
      if (log) logAttempt(log, request, call.attempts, `${status}`, settings.now() - sentAt, response);
      // The common case needs no retry decision at all. The attempt's timer keeps running: it
      // covers the body too, and the call stops it once openapi-fetch has read the body.
      if (response.ok && !response.redirected) {
        call.response = response;
        return response;
      }
      // Headers.get is not free; only a retryable status can make Retry-After matter.
      const retryAfter = isRetryableStatus(status) ? response.headers.get('retry-after') : null;
      outcome = { kind: 'response', status, retryAfter };
    } catch (error) {
      call.endAttempt();
      if (caller?.aborted) throw caller.reason;
      failure = error;
      outcome = call.timedOut ? { kind: 'timeout' } : { kind: 'network-error' };
      if (log) logAttempt(log, request, call.attempts, outcome.kind, settings.now() - sentAt);
    }
    // Never followed (redirect: 'manual'), for resource methods and `raw` alike: see RedirectError.
    if (response && isRedirect(response)) {
      call.endAttempt();
      void response.body?.cancel().catch(ignore);
      throw errorFromResponse(response, undefined, request, headerValues(settings));
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
      if (response === undefined) {
        // Built only now, so the message can say how many attempts were made and over how long.
        const info = call.info();
        const error =
          outcome.kind === 'timeout'
            ? new TimeoutError(settings.timeoutMs, failure, { ...info, redact: headerValues(settings) })
            : new ConnectionError(failure, { ...info, redact: headerValues(settings) });
        log?.('error', `${request.method} ${request.url} failed: ${error.message}`, {
          method: request.method,
          url: request.url,
          attempt: call.attempts,
          error: error.message,
        });
        throw error;
      }
      call.response = response;
      return response;
    }
    call.endAttempt();
    const requestId = response && requestIdOf(response.headers);
    log?.(
      'warn',
      `${request.method} ${request.url}: retrying in ${Math.round(delay)} ms after ` +
        `${outcome.kind === 'response' ? outcome.status : outcome.kind} (attempt ${call.attempts})`,
      { method: request.method, url: request.url, attempt: call.attempts, delayMs: delay, requestId },
    );
    hooks.onRetry?.({
      attempt: call.attempts,
      delayMs: delay,
      reason: outcome.kind === 'response' ? 'status' : outcome.kind,
      status: outcome.kind === 'response' ? outcome.status : undefined,
      requestId,
      method: request.method,
      url: request.url,
    });
    // Free the connection of a response we are about to discard. Not awaited: with MSW in Node the
    // cancel of a mocked body can stay pending forever (MSW keeps its own unread copy).
    void response?.body?.cancel().catch(ignore);
    await settings.sleep(delay, caller);
  }
}

/** `debug`: one attempt's outcome (a status, `network-error` or `timeout`) and duration. */
function logAttempt(
  log: Log,
  { method, url }: Request,
  attempt: number,
  outcome: string,
  durationMs: number,
  response?: Response,
): void {
  log('debug', `${method} ${url}: ${outcome} (attempt ${attempt}, ${Math.round(durationMs)} ms)`, {
    method,
    url,
    attempt,
    status: response?.status,
    durationMs,
    requestId: response && requestIdOf(response.headers),
  });
}
