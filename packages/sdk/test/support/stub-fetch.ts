// A recording fetch stub. Replies are built with `reply()`, which validates the body against
// openapi.yaml for that method, path and status when the test sets it up, so a fixture that drifts
// from the contract fails loudly in the test that uses it.
import { assertResponseMatches } from '../../../../test/support/openapi';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Responder = (request: Request, init: { signal?: AbortSignal } | undefined) => Promise<Response>;

export interface Stub {
  fetch: (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;
  calls: RecordedRequest[];
  /** Resolves once `count` requests have been recorded: a wait on that event, with no deadline. */
  called(count?: number): Promise<void>;
}

/** Answers with `responders` in order (the last one repeats) and records every request. */
export function stubFetch(...responders: Responder[]): Stub {
  const calls: RecordedRequest[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  return {
    calls,
    called(count = 1) {
      if (calls.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async fetch(request, init) {
      const text = await request.clone().text();
      calls.push({
        method: request.method,
        url: new URL(request.url),
        headers: new Headers(request.headers),
        body: text === '' ? undefined : JSON.parse(text),
        signal: init?.signal,
      });
      for (const waiter of waiting.filter((w) => w.count <= calls.length)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
      const responder = responders[Math.min(calls.length - 1, responders.length - 1)];
      if (!responder) throw new Error('stubFetch: no responder');
      return responder(request, init);
    },
  };
}

/**
 * A JSON reply, checked now against the operation `method pathname` of openapi.yaml (pathname as
 * the SDK will request it, e.g. `/prefix/api/v1/demo-bistro/reservations` minus the base prefix).
 */
export function reply(
  method: string,
  pathname: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Responder {
  assertResponseMatches(method, pathname, status, body);
  return async () => Response.json(body, { status, headers });
}

/** A reply that the contract does not describe (non-JSON bodies, proxies): not validated. */
export function rawReply(status: number, body: string, headers: Record<string, string> = {}): Responder {
  return async () => new Response(body, { status, headers });
}

/** A fetch that never answers until its signal aborts (then rejects like fetch does). */
export const hang: Responder = (_request, init) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

/** A fetch that fails like an unreachable host. */
export const networkFailure: Responder = async () => {
  // As undici fails a refused connection: its cause carries the system error's code.
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  throw new TypeError('fetch failed', { cause: refused });
};

/**
 * A 200 JSON reply whose body sends its first bytes and then stalls. By default the stream ignores
 * the fetch signal (the worst case: only the SDK can end the wait); with `honourSignal` it errors
 * with the signal's reason, as undici's body does.
 */
export function stallingBody(
  options: { honourSignal?: boolean; headers?: Record<string, string> } = {},
): Responder {
  return async (_request, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":true,'));
        if (options.honourSignal) {
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason), {
            once: true,
          });
        }
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/json', ...options.headers },
    });
  };
}

/** A 200 JSON reply whose connection breaks off after the first bytes, the way undici reports it. */
export const brokenBody: Responder = async () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"success":true,'));
      const socketError = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
      setTimeout(() => controller.error(new TypeError('terminated', { cause: socketError })), 5);
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
};
