// msw's "fail every unhandled request", except requests to your own server on this machine
// (supertest's ephemeral 127.0.0.1 port, or any loopback server that is not a mock): mock README,
// "Testing your own HTTP service with supertest". One options object for msw 2
// (`onUnhandledRequest`) and msw 3 (`onUnhandledFrame`, which receives network frames): each
// generation reads its own key and ignores the other. The callbacks are typed by the shape msw passes,
// so this module imports nothing from msw and works with either installed.

/** A mock (or anything with a base URL) whose origin is NOT let through: an unknown path there fails. */
export interface HasBaseUrl {
  baseUrl: string;
}

/** What msw 2 passes its `onUnhandledRequest` callback (the parts used). */
export interface UnhandledRequestPrint {
  warning(): void;
  error(): void;
}

/** What msw 3 passes its `onUnhandledFrame` callback (the parts used). */
export interface UnhandledFrameArgs {
  frame: { protocol: string; data: unknown };
  defaults: { warn(): void; error(): void };
}

export interface UnhandledExceptLocalOptions {
  /** What happens to any other unhandled request: msw's `'error'` (default) or `'warn'`. */
  otherwise?: 'error' | 'warn';
}

/** Spread into `server.listen()` (msw 2 or 3); also accepted as `setupWorker().start()` options. */
export interface UnhandledExceptLocal {
  onUnhandledRequest(request: Request, print: UnhandledRequestPrint): void;
  onUnhandledFrame(args: UnhandledFrameArgs): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A request to a loopback server that is not one of the mocks: your own app, let through. */
export function isOwnLocalServer(url: string, mocks: HasBaseUrl | readonly HasBaseUrl[]): boolean {
  const list = listOf(mocks);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (!LOOPBACK.has(target.hostname)) return false;
  return list.every((mock) => new URL(mock.baseUrl).origin !== target.origin);
}

/** One mock or a list of them, as unhandledExceptLocal and isOwnLocalServer take them. */
function listOf(mocks: HasBaseUrl | readonly HasBaseUrl[]): readonly HasBaseUrl[] {
  return Array.isArray(mocks) ? mocks : [mocks as HasBaseUrl];
}

/** The request inside an msw 3 frame, when the frame is an HTTP one. */
function frameRequest(frame: UnhandledFrameArgs['frame']): Request | undefined {
  const { data } = frame;
  if (frame.protocol !== 'http' || typeof data !== 'object' || data === null || !('request' in data))
    return undefined;
  return data.request instanceof Request ? data.request : undefined;
}

/**
 * What fails an unhandled request: thrown from the callback, a network error response, which msw
 * answers the request with (fetch rejects, as with the 'error' strategy). msw's own callback helpers
 * (`print.error()`, `defaults.error()`) only print in current msw (2.15 and 3, kept so for
 * compatibility), so the request would go out to the network; any other thrown value becomes a 500
 * answer. Older msw 2 releases throw from `print.error()` itself, before this is reached.
 */
function refuse(): never {
  throw Response.error();
}

/**
 * Listen options that fail (or warn about) every unhandled request, except those to a loopback server
 * that is not one of `mocks`: `server.listen(unhandledExceptLocal(mock))`. Synchronous callbacks:
 * msw before 2.12 does not wait for a promise.
 */
export function unhandledExceptLocal(
  mocks: HasBaseUrl | readonly HasBaseUrl[],
  options: UnhandledExceptLocalOptions = {},
): UnhandledExceptLocal {
  const list = listOf(mocks);
  // A bad base URL fails here, not on the first unhandled request.
  for (const mock of list) {
    // The usual slip: a mock made per test (in beforeEach) is still undefined in beforeAll.
    if (mock === undefined || mock === null)
      throw new TypeError(
        "unhandledExceptLocal: got no mock (a mock made in beforeEach is undefined in beforeAll): pass the mocks' base URL instead, unhandledExceptLocal({ baseUrl: 'https://api.test' })",
      );
    const { baseUrl } = mock as { baseUrl: unknown };
    // A string or a URL object (`new URL(…)` from JavaScript), as URL.canParse takes.
    if (!((typeof baseUrl === 'string' || baseUrl instanceof URL) && URL.canParse(baseUrl)))
      throw new TypeError(
        `unhandledExceptLocal: a mock's baseUrl must be a URL (a mock, or { baseUrl: 'https://api.test' }); got ${
          typeof baseUrl === 'string' ? JSON.stringify(baseUrl.slice(0, 200)) : typeof baseUrl
        }`,
      );
  }
  // From JavaScript, another value ('bypass') would silently mean 'error'.
  const { otherwise } = options;
  if (otherwise !== undefined && otherwise !== 'error' && otherwise !== 'warn')
    throw new TypeError(
      `unhandledExceptLocal: otherwise must be 'error' or 'warn'; got ${typeof otherwise === 'string' ? JSON.stringify(otherwise) : typeof otherwise}`,
    );
  const warn = otherwise === 'warn';
  return {
    onUnhandledRequest(request, print) {
      if (isOwnLocalServer(request.url, list)) return;
      if (warn) return print.warning();
      print.error();
      refuse();
    },
    onUnhandledFrame({ frame, defaults }) {
      const request = frameRequest(frame);
      if (request && isOwnLocalServer(request.url, list)) return;
      if (warn) return defaults.warn();
      defaults.error();
      refuse();
    },
  };
}
