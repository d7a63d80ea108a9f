// `client.use(middleware)` and `onRetry`: code of yours that sees every attempt of every call.
// Middleware is openapi-fetch's own (`client.use` registers it on the openapi-fetch client, which
// runs it and checks what it returns); each attempt is one openapi-fetch call, so it runs on every
// retry, inside the attempt's timeout. The SDK adds one middleware of its own in front, which only
// records how far an attempt got, so that an exception can be told apart: a middleware's (before or
// after the answer) from a network failure or a body that is not JSON.
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import type { CallFetch } from './call';

/** What a middleware callback gets besides the request: openapi-fetch's parameters of the call. */
export type CallParams = Omit<MiddlewareCallbackParams, 'request'>;

/** Why an attempt is repeated. */
export type RetryReason = 'status' | 'network-error' | 'timeout';

/** Passed to `onRetry` before the client waits and sends the request again. */
export interface RetryInfo {
  /** The attempt that just failed: 1 for the first. */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** `status` (408, 429, 500, 502, 503 or 504: see `status`), `network-error` or `timeout`. */
  reason: RetryReason;
  /** The HTTP status when `reason` is `status`. */
  status: number | undefined;
  /** The failed attempt's request id (`X-Request-Id`), when an answer arrived with one. */
  requestId: string | undefined;
  method: string;
  url: string;
}

/**
 * How far an attempt got, which says what an exception means: while `building`, openapi-fetch could
 * not build the request (your bug, shown as it is; a custom fetch's bad answer is put back here); in
 * `middleware-in`, an `onRequest` threw (or read the body, or outlasted the timeout, or answered with
 * a Response of its own) and this attempt was not sent; `sent` and `no-answer` mean no answer (a network error or a timeout); in
 * `answered`, an `onResponse` threw after the server answered; in `reading`, the body was read.
 */
export type Progress =
  | { stage: 'building'; request?: undefined; response?: undefined }
  | { stage: 'middleware-in' | 'sent' | 'no-answer'; request: Request; response?: undefined }
  | { stage: 'answered' | 'reading'; request: Request; response: Response };

/** One attempt's progress, written by its fetch and by the marker middleware, and its headers. */
export interface AttemptState {
  progress: Progress;
  headers: ReadonlyArray<readonly [string, string]>;
}

/** Headers and auth: the call's headers, in order (the API key last), set on the Request openapi-fetch built. */
export function setHeaders(request: Request, headers: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of headers) request.headers.set(name, value);
}

/** The fetch an attempt gives openapi-fetch, carrying the attempt's state for the marker to find. */
export type AttemptFetch = CallFetch & { state?: AttemptState };

/** Why a middleware that read a body (not a clone of it) fails its call: the HookError's cause. */
export const BODY_READ = 'a middleware read the body; read a clone() of it instead';

/** The body was read, or is being read (a reader holds its stream): nobody else can read it. */
export const bodyTaken = (message: Request | Response): boolean =>
  message.bodyUsed || message.body?.locked === true;

/** The client's hooks, shared by all its calls (and changed by `use` / `eject` at any time). */
export interface Hooks {
  /** The middleware added with `client.use`, in order (registered on openapi-fetch behind MARKER). */
  middleware: Middleware[];
  onRetry: ((info: RetryInfo) => void) | undefined;
}

/**
 * Registered first while any middleware is: its onRequest runs first and its onResponse last. It finds
 * the attempt by the fetch openapi-fetch was given (`options.fetch`), so it holds no state itself.
 */
export const MARKER: Middleware = {
  onRequest({ request, options }) {
    // First of all middleware: the headers go on before any of yours sees the request.
    const { state } = options.fetch as AttemptFetch;
    if (state) {
      setHeaders(request, state.headers);
      state.progress = { stage: 'middleware-in', request };
    }
  },
  onResponse({ request, response, options }) {
    // Every middleware of yours has seen the answer: what fails now is reading the body.
    // The server's answer, or (after an onError recovered) the middleware's.
    const { state } = options.fetch as AttemptFetch;
    // Still `answered`, so this is the HookError of an onResponse (the server answered), not a
    // body that broke off.
    if (bodyTaken(response)) throw new TypeError(BODY_READ);
    if (state) state.progress = { stage: 'reading', request, response: state.progress.response ?? response };
  },
};
