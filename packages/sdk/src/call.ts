// One call of the SDK, the path every request takes (resource methods and `client.raw` alike): it
// adds the SDK's headers, bounds each attempt with a timeout and the caller's signal, retries reads as
// the pure policy in retry.ts decides, keeps the timeout and the signal in force until openapi-fetch
// has read the body, and logs attempts and retries when a log is configured. The state of the call
// is the Call's own: nothing outside the class writes to it.
import type { Sleep } from './abort';
import { requestIdOf } from './api-promise';
import {
  type AttemptsInfo,
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
  return new Call(settings, signal ?? undefined).run(send, onValue);
}

/**
 * One call, from its first attempt until its response body has been read: the caller's signal stays
 * linked, and the last attempt's timer keeps running, until then. Without that, a body that stalls
 * after the headers would hang despite an abort or `timeoutMs`. The caller's signal gets one listener
 * that the call removes itself when it ends (not AbortSignal.any(), whose links on Node 20 can pile up
 * on a long-lived signal).
 */
export class Call {
  /** The request being sent; errors take its method and URL, never its headers. */
  private sent: Request | undefined = undefined;
  /** Attempts started so far. */
  private attempts = 0;
  /** True once the current attempt's timer fired (as opposed to a caller abort or a network failure). */
  private timedOut = false;
  /** The response being read (the one `send` returned); unset while attempts are under way. */
  private response: Response | undefined = undefined;
  /** The current attempt's controller: its signal is what fetch gets (none when nothing can abort). */
  private controller: AbortController | undefined = undefined;
  /** Rejects the current attempt's race (set by `race`). */
  private interrupt: ((reason: unknown) => void) | undefined = undefined;
  /** Rejects the whole call (set by `run`); use `end`, which also cleans up. */
  private fail: ((reason: unknown) => void) | undefined = undefined;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;
  /** When the call started (`settings.now()`), for the time a failed call took. */
  private readonly startedAt: number;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(
    private readonly settings: FetchSettings,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.startedAt = settings.now();
    if (caller) {
      // A caller abort ends the call at once in any phase: request, backoff wait or body.
      this.onCallerAbort = () => {
        const reason = caller.reason;
        this.end(reason);
        this.interrupt?.(reason);
        this.controller?.abort(reason);
      };
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  /** The request sent, once openapi-fetch has built it: errors name its method and URL. */
  get request(): Request | undefined {
    return this.sent;
  }

  /** What errors must never show: the API key and the header values the caller added. */
  redact(): string[] {
    return secretValues(this.settings.headers);
  }

  /**
   * Settles like `send` (the whole openapi-fetch call, body included) mapped by `onValue`, then stops
   * the timer and detaches from the caller's signal. Rejects at once on a caller abort, or on a
   * timeout while the body is read, even if the body stream ignores the signal: undici's body honours
   * it, but MSW's mocked bodies do not, and tests run on MSW.
   */
  run<A, T>(send: (fetch: CallFetch) => Promise<A>, onValue: (answer: A, call: Call) => T): Promise<T> {
    let pending: Promise<A>;
    try {
      pending = send((request) => this.send(request));
    } catch (error) {
      // E.g. an invalid id: a rejection like any other failure, and the call cleans up.
      pending = Promise.reject(error);
    }
    return new Promise<T>((resolve, reject) => {
      this.fail = reject;
      pending.then(
        (value) => {
          this.close();
          try {
            resolve(onValue(value, this));
          } catch (error) {
            reject(error);
          }
        },
        (error: unknown) => {
          this.close();
          reject(this.failure(error));
        },
      );
    });
  }

  /**
   * Sends `request`, retrying as the policy allows. Resolves with the final Response (also for HTTP
   * errors: openapi-fetch parses the body and errorFromResponse() picks the class), rejects with
   * ConnectionError / TimeoutError when no response arrived, or with the caller's abort reason.
   */
  private async send(request: Request): Promise<Response> {
    const { caller, settings } = this;
    const { log, hooks } = settings;
    // The call's openapi-fetch parameters, present once middleware is in use (hooks.ts).
    const params = hooks.middleware.length > 0 ? hooks.params.get(request) : undefined;
    this.sent = request;
    // openapi-fetch built this Request for us alone, so its headers are set in place, and the same
    // Request can be sent again on a retry (GETs have no body).
    const { headers } = request;
    for (const [name, value] of settings.headers) headers.set(name, value);

    for (let retry = 0; ; retry++) {
      const signal = this.begin(request);
      const sentAt = log ? settings.now() : 0;
      let response: Response | undefined;
      let failure: unknown;
      let outcome: AttemptOutcome;
      try {
        // Looked up per attempt, not captured at creation, so a fetch patched later (MSW) is used.
        const fetchImpl: FetchLike = settings.fetch ?? globalThis.fetch;
        response = await this.race(
          params
            ? throughMiddleware(request, hooks.middleware, params, (sent) => fetchImpl(sent, { signal }))
            : fetchImpl(request, { signal }),
        );
        const status = response.status;
        if (log) logAttempt(log, request, this.attempts, `${status}`, settings.now() - sentAt, response);
        // A success needs no retry decision. The attempt's timer keeps running: it covers the body
        // too, and the call stops it once openapi-fetch has read the body.
        if (response.ok && !response.redirected) {
          this.response = response;
          return response;
        }
        // Only a retryable status can make Retry-After matter.
        const retryAfter = isRetryableStatus(status) ? response.headers.get('retry-after') : null;
        outcome = { kind: 'response', status, retryAfter };
      } catch (error) {
        clearTimeout(this.timer);
        if (caller?.aborted) throw caller.reason;
        failure = error;
        outcome = this.timedOut ? { kind: 'timeout' } : { kind: 'network-error' };
        if (log) logAttempt(log, request, this.attempts, outcome.kind, settings.now() - sentAt);
      }
      // Never followed (redirect: 'manual'), for resource methods and `raw` alike: see RedirectError.
      if (response && isRedirect(response)) {
        clearTimeout(this.timer);
        void response.body?.cancel().catch(ignore);
        throw errorFromResponse(response, undefined, request, this.redact());
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
          const info = { ...this.info(), redact: this.redact() };
          const error =
            outcome.kind === 'timeout'
              ? new TimeoutError(settings.timeoutMs, failure, info)
              : new ConnectionError(failure, info);
          log?.('error', `${request.method} ${request.url} failed: ${error.message}`, {
            method: request.method,
            url: request.url,
            attempt: this.attempts,
            error: error.message,
          });
          throw error;
        }
        this.response = response;
        return response;
      }
      clearTimeout(this.timer);
      const requestId = response && requestIdOf(response.headers);
      log?.(
        'warn',
        `${request.method} ${request.url}: retrying in ${Math.round(delay)} ms after ` +
          `${outcome.kind === 'response' ? outcome.status : outcome.kind} (attempt ${this.attempts})`,
        { method: request.method, url: request.url, attempt: this.attempts, delayMs: delay, requestId },
      );
      hooks.onRetry?.({
        attempt: this.attempts,
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

  /** Starts an attempt: a fresh controller and timer where they can act. Returns the signal to give fetch. */
  private begin(request: Request): AbortSignal {
    this.attempts++;
    this.timedOut = false;
    const { timeoutMs } = this.settings;
    // Infinity means no timer at all (setTimeout would treat it as 1 ms). With no caller signal
    // either, nothing can abort the attempt: the Request's own signal (never aborted) will do.
    if (timeoutMs === Number.POSITIVE_INFINITY && !this.caller) return request.signal;
    this.controller = new AbortController();
    if (timeoutMs !== Number.POSITIVE_INFINITY) this.timer = setTimeout(() => this.onTimeout(), timeoutMs);
    return this.controller.signal;
  }

  private onTimeout(): void {
    const { timeoutMs } = this.settings;
    this.timedOut = true;
    const reason = new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError');
    // While the body is read nothing retries any more, so the call itself fails; before that, the
    // attempt's race rejects and `send` decides between a retry and a TimeoutError.
    if (this.response) this.end(new TimeoutError(timeoutMs, reason, this.info()));
    else this.interrupt?.(reason);
    this.controller?.abort(reason);
  }

  /** Settles like `pending`, but rejects as soon as the attempt is stopped, even if fetch ignores the signal. */
  private race<T>(pending: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.interrupt = reject;
      pending.then(resolve, reject);
    });
  }

  /** The request's method and URL, the attempts so far and the time since the call started. */
  private info(): AttemptsInfo {
    return {
      method: this.sent?.method,
      url: this.sent?.url,
      attempts: this.attempts,
      elapsedMs: this.settings.now() - this.startedAt,
    };
  }

  /** What the caller sees when openapi-fetch rejects. */
  private failure(error: unknown): unknown {
    const { caller, response } = this;
    if (caller?.aborted) return caller.reason;
    // SDK errors pass through; so does anything before a response arrived that is not one (openapi-fetch
    // could not build the request, e.g. a body JSON.stringify rejects): that is the caller's bug to see.
    if (isReservationApiError(error) || response === undefined) return error;
    const { status, headers } = response;
    const { method, url, ...attempts } = this.info();
    const redact = this.redact();
    if (this.timedOut)
      return new TimeoutError(this.settings.timeoutMs, error, { method, url, ...attempts, redact });
    // openapi-fetch parses every 2xx body as JSON (error bodies it parses leniently itself).
    if (error instanceof SyntaxError) {
      const type = headers.get('content-type') ?? 'no Content-Type';
      return new ReservationApiError({
        status,
        headers,
        cause: error,
        redact,
        method,
        url,
        message: `The Reservation API answered ${status} with a body that is not JSON (${type}); ${CHECK_BASE_URL}`,
      });
    }
    // The headers had arrived, so no retry followed: the attempt count would say nothing here.
    return new ConnectionError(error, { method, url, headers, redact });
  }

  /**
   * Rejects the call with `reason` now, and cleans up: the body read it abandons may never settle
   * (a stream that ignores the signal), and its timer must not outlive the call.
   */
  private end(reason: unknown): void {
    this.close();
    this.fail?.(reason);
  }

  private close(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.caller?.removeEventListener('abort', this.onCallerAbort);
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
