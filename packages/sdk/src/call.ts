// One call of the SDK, the path every request takes (resource methods and `client.raw` alike):
// `runCall` repeats `attempt` as the pure policy of retry.ts allows (reads only, backoff,
// Retry-After); `attempt` makes one request, from the headers until the body has been read, and
// classifies what happened into a value or a typed error. Their state is their own locals, and the
// progress of one attempt (hooks.ts), which tells what an exception means.
import { type Sleep, untilAborted } from './abort';
import { requestIdOf } from './api-promise';
import {
  CHECK_BASE_URL,
  ConnectionError,
  errorFromResponse,
  HookError,
  type HookName,
  isRedirect,
  type RequestInfo,
  ReservationApiError,
  TimeoutError,
} from './errors';
import {
  type AttemptFetch,
  type AttemptState,
  BODY_READ,
  bodyTaken,
  type Hooks,
  type Progress,
  setHeaders,
} from './hooks';
import type { Log } from './logger';
import { bodyText, redactText } from './redact';
import {
  type AttemptOutcome,
  isRetryableMethod,
  isRetryableStatus,
  type RetryPolicy,
  retryDelayMs,
} from './retry';

/**
 * A fetch implementation. It receives the Request and `{ signal, redirect: 'manual' }` (the standard
 * two-argument form): honouring the signal lets a timeout or abort cancel the work (the SDK gives up
 * on time either way), and `redirect` keeps a Request a middleware rebuilt from following a redirect.
 */
export type FetchLike = (
  request: Request,
  init: { signal: AbortSignal; redirect?: 'manual' },
) => Promise<Response>;

export interface FetchSettings {
  /** The caller's fetch, or undefined to use `globalThis.fetch` as it is at call time (so MSW started later still intercepts). */
  fetch: FetchLike | undefined;
  /**
   * Set on the Request in order before any middleware sees it: the SDK's, the client's and the
   * call's headers, and the API key last, so that none of them replaces it.
   */
  headers: ReadonlyArray<readonly [string, string]>;
  /** What errors must never show: the API key and the header values the caller added. */
  secrets: readonly string[];
  /** Per attempt, from its start (onRequest middleware included) until the body has been read; Infinity for none. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  /** Undefined when logging is off (the default). */
  log: Log | undefined;
  /** `client.use()` middleware and `onRetry`. */
  hooks: Hooks;
}

/** openapi-fetch's per-request `fetch` option: sends one attempt. */
export type CallFetch = (request: Request) => Promise<Response>;

/** What openapi-fetch resolves with: the parsed body of a 2xx (`data`) or of an error (`error`). */
export interface Answer<T = unknown> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The call's value from an answer that is not a redirect (a 2xx or an HTTP error), or its typed error, thrown. */
export type Settle<A, T> = (answer: A, request: RequestInfo | undefined, secrets: readonly string[]) => T;

interface CallSpec<A extends Answer, T> {
  settings: FetchSettings;
  caller: AbortSignal | undefined;
  /** One openapi-fetch call: builds the request, runs the middleware, calls `fetch`, reads the body. */
  send: (fetch: CallFetch) => Promise<A>;
  settle: Settle<A, T>;
  /** Per-request middleware (of a `raw` call) is in use, so progress is recorded as for `client.use`. */
  watched: boolean;
  startedAt: number;
}

/** How one attempt ended: `result` is the call's value when `ok`, else its error. */
interface Attempt {
  ok: boolean;
  result: unknown;
  /** For the retry policy; undefined when no retry could change the result (or nothing was sent). */
  outcome: AttemptOutcome | undefined;
  request: Request | undefined;
  /** The answer, when one arrived (before any middleware changed it). */
  response: Response | undefined;
}

const BUILDING: Progress = { stage: 'building' };

/** What a timeout after the answer's headers interrupted: an onResponse middleware, or the body. */
const TIMED_OUT_AFTER_ANSWER = { answered: 'middleware-out', reading: 'body' } as const;

/**
 * Runs one call: attempts until one gives a value or a failure the retry policy does not repeat.
 * Rejects with a ReservationApiError, with the caller's abort reason, or with what openapi-fetch
 * threw while building the request (an invalid id or body: your bug, shown as it is), or with the
 * TypeError of a custom fetch that returned no unread Response (the request may have been sent).
 */
export async function runCall<A extends Answer, T>(
  settings: FetchSettings,
  caller: AbortSignal | null | undefined,
  send: (fetch: CallFetch) => Promise<A>,
  settle: Settle<A, T>,
  watched = false,
): Promise<T> {
  const { log, hooks } = settings;
  const spec: CallSpec<A, T> = {
    settings,
    caller: caller ?? undefined,
    send,
    settle,
    watched,
    startedAt: settings.now(),
  };
  for (let n = 1; ; n++) {
    const { ok, result, outcome, request, response } = await attempt(spec, n);
    const delay =
      outcome &&
      request &&
      retryDelayMs(request.method, n - 1, outcome, settings.retry, settings.now(), settings.random);
    if (delay === undefined) {
      if (ok) return result as T;
      // `error`: a call that got no answer (README, "Logging"): a network error or a timeout.
      if (
        log &&
        request &&
        !response &&
        (result instanceof ConnectionError || result instanceof TimeoutError)
      ) {
        const { message } = result as Error;
        log('error', `${request.method} ${request.url} failed: ${message}`, {
          method: request.method,
          url: request.url,
          attempt: n,
          error: message,
        });
      }
      throw result;
    }
    // A delay means a retryable outcome of a request that was sent.
    const { method, url } = request as Request;
    const { kind } = outcome as AttemptOutcome;
    const requestId = response && requestIdIn(response, settings.secrets);
    log?.(
      'warn',
      `${method} ${url}: retrying in ${Math.round(delay)} ms after ${response?.status ?? kind} (attempt ${n})`,
      { method, url, attempt: n, delayMs: delay, requestId },
    );
    const failedHook = (cause: unknown): never => {
      throw hookError('onRetry', cause, { method, url, redact: settings.secrets }, response);
    };
    let hooked: unknown;
    try {
      hooked = hooks.onRetry?.({
        attempt: n,
        delayMs: delay,
        reason: kind === 'response' ? 'status' : kind,
        status: response?.status,
        requestId,
        method,
        url,
      });
    } catch (cause) {
      failedHook(cause);
    }
    // An async onRetry (a metrics call) runs alongside the wait, and the caller's abort cuts both
    // short (one that never settles cannot hold the call): the retry waits for both, and its
    // rejection is this call's HookError, never an unhandled rejection that ends the process.
    await Promise.all([
      settings.sleep(delay, spec.caller),
      untilAborted(Promise.resolve(hooked).catch(failedHook), spec.caller),
    ]);
  }
}

/**
 * One attempt, top to bottom: a timer and the caller's abort that cover the body too; openapi-fetch
 * builds the request, the headers and the API key are set on it (before any middleware: by the
 * marker, or else by this fetch), openapi-fetch runs the middleware in, this fetch, the middleware
 * out and reads the body; what happened is classified last, into the call's value or a typed error,
 * with the outcome the retry policy needs.
 */
async function attempt<A extends Answer, T>(spec: CallSpec<A, T>, n: number): Promise<Attempt> {
  const { settings, caller } = spec;
  const { timeoutMs, hooks, log } = settings;
  // A caller abort rejects with the signal's own reason (a DOMException AbortError by default, or
  // whatever was passed to abort()), exactly as fetch does; it is never wrapped and never retried.
  caller?.throwIfAborted();
  // Looked up per attempt, not captured at creation, so a fetch patched later (MSW) is used.
  const fetchImpl: FetchLike = settings.fetch ?? globalThis.fetch;
  const state: AttemptState = { progress: BUILDING, headers: settings.headers };
  const watched = spec.watched || hooks.middleware.length > 0;

  // The timer and the caller's abort stop the attempt in any phase, even if fetch or the body
  // stream ignores the signal (MSW's mocked bodies do). Infinity means no timer (setTimeout would
  // treat it as 1 ms); with no caller signal either, nothing can abort: the Request's own signal does.
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  let stop: ((reason: unknown) => void) | undefined;
  const onAbort =
    caller &&
    ((): void => {
      controller?.abort(caller.reason);
      stop?.(caller.reason);
    });
  if (timeoutMs !== Infinity || onAbort) {
    controller = new AbortController();
    if (onAbort) caller?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== Infinity) {
      timer = setTimeout(() => {
        timedOut = true;
        const reason = new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError');
        controller?.abort(reason);
        stop?.(reason);
      }, timeoutMs);
      // The request keeps the process alive while it runs (a socket, MSW's delay timer), not this
      // timer, as with AbortSignal.timeout: unref'd, it costs less to set and clear (about 1 % of a
      // call in the SDK bench). Deno, workerd and browsers return a number, which has no unref.
      (timer as { unref?: () => void }).unref?.();
    }
  }

  const fetch = fetchFor(state, fetchImpl, controller?.signal, watched ? undefined : settings.headers);
  if (watched) fetch.state = state;

  const sentAt = log ? settings.now() : 0;
  let answer: A | undefined;
  let failure: unknown;
  try {
    const pending = spec.send(fetch);
    answer = await (controller
      ? new Promise<A>((resolve, reject) => {
          stop = reject;
          pending.then(resolve, reject);
        })
      : pending);
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timer);
    if (onAbort) caller?.removeEventListener('abort', onAbort);
  }

  const { progress } = state;
  const { stage, request, response } = progress;
  // `debug`: each attempt that was sent, with its status (or `network-error`, `timeout`) and duration.
  if (log && request && stage !== 'middleware-in') {
    const status = answer?.response.status ?? response?.status;
    const what =
      status !== undefined
        ? `${status}`
        : timedOut
          ? 'timeout'
          : caller?.aborted
            ? 'aborted'
            : 'network-error';
    const durationMs = settings.now() - sentAt;
    log('debug', `${request.method} ${request.url}: ${what} (attempt ${n}, ${Math.round(durationMs)} ms)`, {
      method: request.method,
      url: request.url,
      attempt: n,
      status,
      durationMs,
      requestId: answer && requestIdIn(answer.response, settings.secrets),
    });
  }
  const secrets = settings.secrets;

  if (answer) {
    const answered = answer.response;
    let outcome: AttemptOutcome | undefined;
    if (!answered.ok || answered.redirected) {
      // Never followed (redirect: 'manual'), for resource methods and `raw` alike: see RedirectError.
      if (isRedirect(answered))
        return failed(progress, errorFromResponse(answered, undefined, request, secrets));
      const { status } = answered;
      // An answer an onRequest middleware gave itself (nothing was sent) is not the server's to retry.
      if (isRetryableStatus(status) && stage !== 'middleware-in')
        outcome = { kind: 'response', status, retryAfter: answered.headers.get('retry-after') };
    }
    // `answered`, not the progress's answer: what onRetry and the logs report is the answer the
    // call judged (an onResponse may have swapped the server's).
    try {
      return {
        ok: true,
        result: spec.settle(answer, request, secrets),
        outcome,
        request,
        response: answered,
      };
    } catch (error) {
      return { ...failed(progress, error, outcome), response: answered };
    }
  }

  if (caller?.aborted) return failed(progress, caller.reason);
  // No answer (or it was not read in time): how many attempts were made, and over how long, matters.
  const attempts = { attempts: n, elapsedMs: settings.now() - spec.startedAt };
  const about = { method: request?.method, url: request?.url, redact: secrets };
  if (timedOut) {
    const waiting = stage === 'sent' || stage === 'no-answer';
    const error = new TimeoutError(timeoutMs, failure, {
      ...about,
      ...attempts,
      response,
      stage: waiting ? 'waiting' : response ? TIMED_OUT_AFTER_ANSWER[stage] : 'before-sending',
    });
    // Only a request that was sent and got no answer is retried: once the headers arrived the
    // server may have acted on it (or be sending a huge or endless body), and one that never left
    // waited on a middleware of yours, which a retry would wait on again.
    return failed(progress, error, waiting ? { kind: 'timeout' } : undefined);
  }
  if (stage === 'building') return failed(progress, failure);
  if (stage === 'middleware-in')
    return failed(progress, hookError('onRequest', failure, { ...about, attempts: n }));
  // A body an onResponse passed on (re-wrapped to add a header, or transformed) is read as the
  // server's: not JSON, it is the answer's own error below; broken off, its failure cannot be told
  // from the network's and is a ConnectionError (README, "Hooks"), with the status, never retried.
  if (stage === 'answered') return failed(progress, hookError('onResponse', failure, about, response));
  if (stage === 'reading' && failure instanceof SyntaxError) {
    // openapi-fetch parses every 2xx body as JSON (error bodies it parses leniently itself).
    const { status, headers } = response;
    // One line of at most 1,000 characters, as any text from an answer in a message.
    // Masked before the cut, so that no part of a secret is left at it.
    const type = bodyText(redactText(headers.get('content-type') ?? 'no Content-Type', secrets));
    return failed(
      progress,
      new ReservationApiError({
        status,
        headers,
        // Not the parser's own error: its message quotes the start of the body, where part of a
        // secret (which masking finds only whole) could be.
        cause: new SyntaxError('not JSON'),
        ...about,
        // A write answered 2xx may have been taken: the message says so first, so that fixing the
        // URL does not read as the way to repeat it.
        message: `The Reservation API answered ${status} with a body that is not JSON (${type}); ${
          request && !isRetryableMethod(request.method)
            ? `the ${request.method} may have been taken: check before repeating it; `
            : ''
        }${CHECK_BASE_URL}`,
      }),
    );
  }
  // A network failure, or (in `reading`) a body that broke off: then the headers had arrived, and
  // no retry follows.
  const error = new ConnectionError(failure, {
    ...about,
    ...(response ? { headers: response.headers, status: response.status } : attempts),
  });
  return failed(progress, error, response ? undefined : { kind: 'network-error' });
}

/**
 * The answer's request id as the logs and onRetry get it: masked as an error's is (SECURITY.md), since
 * a server can echo a secret in any header.
 */
function requestIdIn(response: Response, secrets: readonly string[]): string | undefined {
  const id = requestIdOf(response.headers);
  return id === undefined ? undefined : redactText(id, secrets);
}

/** An attempt that ended with `error`, at `progress`; `outcome` when a retry could change it. */
function failed(progress: Progress, error: unknown, outcome?: AttemptOutcome): Attempt {
  return { ok: false, result: error, outcome, request: progress.request, response: progress.response };
}

/**
 * The fetch an attempt gives openapi-fetch: sets the headers (when no marker middleware does), sends
 * with the attempt's signal (or the Request's own when nothing can abort), and records the progress.
 */
function fetchFor(
  state: AttemptState,
  fetchImpl: FetchLike,
  signal: AbortSignal | undefined,
  headers: FetchSettings['headers'] | undefined,
): AttemptFetch {
  return async (request) => {
    // The attempt is over (an onRequest outlasted the timeout, or the caller aborted): it is reported
    // as not sent, so it must not go out now, even through a fetch that ignores its signal.
    signal?.throwIfAborted();
    if (headers) setHeaders(request, headers);
    // Only middleware can have read the body by now (then the progress is still `middleware-in`, and
    // this is the HookError of an onRequest: nothing was sent), not a network failure of fetch.
    else if (bodyTaken(request)) throw new TypeError(BODY_READ);
    state.progress = { stage: 'sent', request };
    let response: Response;
    try {
      response = await fetchImpl(request, { signal: signal ?? request.signal, redirect: 'manual' });
    } catch (error) {
      state.progress = { stage: 'no-answer', request };
      throw error;
    }
    // A custom fetch's bug, not the network's nor a middleware's: rejected as it is (as a request
    // openapi-fetch cannot build is), never retried, since the server may have answered.
    const notResponse = typeof response?.text !== 'function' || typeof response.headers?.get !== 'function';
    if (notResponse || bodyTaken(response)) {
      state.progress = BUILDING;
      // Its type only: the value itself (a body's text?) could hold what errors must never show.
      const what = notResponse
        ? `${response === null ? 'null' : typeof response}, not a Response`
        : 'a Response whose body was already read';
      throw new TypeError(
        `createReservationClient: your \`fetch\` returned ${what} for ${request.method} ${request.url}; the request may have reached the server`,
      );
    }
    // With middleware, the marker moves on to `reading` once every onResponse has run.
    state.progress = { stage: headers ? 'reading' : 'answered', request, response };
    return response;
  };
}

/** The one place a HookError is built: `hook` threw, on the attempt of `about` that got `response`. */
function hookError(
  hook: HookName,
  cause: unknown,
  about: Partial<RequestInfo> & { redact: readonly string[]; attempts?: number },
  response?: Response,
): HookError {
  return new HookError(hook, cause, { ...about, response });
}
