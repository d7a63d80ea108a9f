// `client.use(middleware)` and `onRetry`: code that sees every attempt of every call. Middleware has
// openapi-fetch's shape (onRequest / onResponse / onError) but runs around each attempt, retries
// included, inside the call's timeout and abort handling; openapi-fetch's own middleware would run
// once per call, around all the attempts, and never see a retry.
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';

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
  /** `status` (408, 429 or 5xx: see `status`), `network-error` or `timeout`. */
  reason: RetryReason;
  /** The HTTP status when `reason` is `status`. */
  status: number | undefined;
  /** The failed attempt's request id (`X-Request-Id`), when an answer arrived with one. */
  requestId: string | undefined;
  method: string;
  url: string;
}

/** The client's hooks, shared by all its calls (and changed by `use` / `eject` at any time). */
export interface Hooks {
  middleware: Middleware[];
  /** Each call's openapi-fetch parameters, by its Request (captured once, reused by every attempt). */
  params: WeakMap<Request, CallParams>;
  onRetry: ((info: RetryInfo) => void) | undefined;
}

/**
 * Registered on the openapi-fetch client once the first middleware is added (not before: openapi-fetch
 * does extra work per call as soon as any middleware exists). It only remembers the call's parameters.
 */
export function captureParams(hooks: Hooks): Middleware {
  return {
    onRequest({ request, ...params }) {
      hooks.params.set(request, params);
    },
  };
}

/**
 * One attempt through the middleware, in openapi-fetch's order: onRequest first to last (a returned
 * Request replaces the request, a Response answers without sending), then onError (last to first) if
 * sending failed, then onResponse last to first.
 */
export async function throughMiddleware(
  request: Request,
  middleware: readonly Middleware[],
  params: CallParams,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  let current = request;
  for (const m of middleware) {
    const result = await m.onRequest?.({ ...params, request: current });
    if (result instanceof Response) return result;
    if (result instanceof Request) current = result;
  }
  let response: Response | undefined;
  try {
    response = await send(current);
  } catch (error) {
    let failure = error;
    for (let i = middleware.length - 1; i >= 0 && response === undefined; i--) {
      const result = await middleware[i]?.onError?.({ ...params, request: current, error: failure });
      if (result instanceof Response) response = result;
      else if (result instanceof Error) failure = result;
    }
    if (response === undefined) throw failure;
  }
  for (let i = middleware.length - 1; i >= 0; i--) {
    const result: unknown = await middleware[i]?.onResponse?.({
      ...params,
      request: current,
      response,
    });
    if (result instanceof Response) response = result;
  }
  return response;
}
