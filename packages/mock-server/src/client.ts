// `@reservation-api/mock-server/client`: the mock's control interface over HTTP, for a test runner
// driving a standalone server (or one of its sessions) from another process or a browser page. The
// same members and types as the in-process `mock.control`, every result wrapped in a Promise
// (mock README, "Remote control"). Only fetch and web streams: no msw, no node: modules, so it runs in
// Node 20+, browsers, Bun and Deno.
import type { DeliveryFilter, MockControl, ResetOptions } from './control/control';
import type { JournalFilter } from './observers/journal';
import type { MockEvent } from './observers/mock-events';

/** `T` with every function's result wrapped in a Promise (once), at any depth of plain objects. */
export type Promisified<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : T[K] extends object
      ? Promisified<T[K]>
      : T[K];
};

/** The control of a mock over HTTP: `MockControl` with every result a Promise. */
export type RemoteControl = Promisified<MockControl>;

export interface ConnectOptions {
  /**
   * Drive this session of the server (`{server}/sessions/{id}`), creating it when missing; an
   * existing one is used as it is. Without it, the default mock at the server root.
   */
  session?: string;
  /** When the session is created: freeze its clock at this instant. */
  now?: Date | string | number;
  /** When the session is created: its data. Default 'demo'. */
  seed?: 'demo' | 'empty';
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

export interface MockConnection {
  /** The base URL of the mock driven: the API is under `{baseUrl}/api/v1/`. */
  baseUrl: string;
  control: RemoteControl;
  /**
   * Whether this connection created its session. False for the root mock, and for a session that
   * existed already (one a crashed run left, say): that one is joined as it is, with its data,
   * clock and faults, `now` and `seed` do not apply, and close() does not end it. For a fresh
   * world then: `await mock.control.reset()` (README, "Remote control").
   */
  created: boolean;
  /** Closes event streams, and ends the session if this connection created it. */
  close(): Promise<void>;
}

/**
 * A control route answered with an error: `status` and the route's error body
 * (`{ error, message, code? }`); `kind` as the in-process MockControlError's.
 */
export class RemoteControlError extends Error {
  override readonly name = 'RemoteControlError';
  readonly kind: 'invalid' | 'not_found' | 'conflict' | 'limit' | 'failed';
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; code?: string } | null,
    readonly method: string,
    readonly url: string,
  ) {
    super(body?.message ?? `${method} ${url} answered ${status}`);
    this.code = body?.code;
    this.kind =
      status === 400
        ? 'invalid'
        : status === 404
          ? 'not_found'
          : status === 409
            ? 'conflict'
            : status === 429
              ? 'limit'
              : 'failed';
  }
}

/**
 * No answer at all from the server (not running, wrong port or host): names the URL and how to start
 * a mock there. `cause` is fetch's own error.
 */
export class MockUnreachableError extends Error {
  override readonly name = 'MockUnreachableError';

  constructor(
    /** The server URL given to connectMock(). */
    readonly serverUrl: string,
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(
      `No mock server answers at ${serverUrl} (${method} ${url}: ${describeCause(cause)}). Start one ` +
        `there first: \`npx reservation-mock --port ${portOf(serverUrl)}\`, startMockServer() from ` +
        `@reservation-api/mock-server/node, or Playwright's webServer waiting for ${serverUrl}/__mock/health.`,
      { cause },
    );
  }
}

/** fetch's error with its network reason (undici puts `ECONNREFUSED` and the like in `cause`). */
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause;
  const code =
    typeof inner === 'object' && inner !== null && 'code' in inner ? String(inner.code) : undefined;
  return code === undefined ? error.message : `${error.message}, ${code}`;
}

function portOf(serverUrl: string): string {
  try {
    const url = new URL(serverUrl);
    return url.port || (url.protocol === 'https:' ? '443' : '80');
  } catch {
    return '4010';
  }
}

/** A filter object as a query string (`?a=1&b=2`, or '' when empty); undefined values are left out. */
function queryOf(filter: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

const toJsonTime = (time: Date | string | number) => (time instanceof Date ? time.toISOString() : time);

/** Connects to a standalone mock server (`reservation-mock`), or one of its sessions. */
export async function connectMock(serverUrl: string, options: ConnectOptions = {}): Promise<MockConnection> {
  const server = serverUrl.replace(/\/+$/, '');
  // The control routes are under the root: below /api/v1 every call was a 401 "Missing X-API-Key
  // header", which reads as a key to add.
  if (URL.canParse(server) && /\/api\/v1$/i.test(new URL(server).pathname))
    throw new TypeError(
      `connectMock takes the mock server's root URL (e.g. http://127.0.0.1:4010), not its API under /api/v1: got ${serverUrl}`,
    );
  const ownFetch = options.fetch ?? ((input, init) => fetch(input, init));
  /** fetch, with "no answer at all" turned into an error that names the server and how to start one. */
  const doFetch: typeof fetch = async (input, init) => {
    try {
      return await ownFetch(input, init);
    } catch (error) {
      // An abort is the caller's own (unsubscribe, close): not a missing server.
      if (init?.signal?.aborted) throw error;
      throw new MockUnreachableError(server, init?.method ?? 'GET', String(input), error);
    }
  };
  const streams = new Set<AbortController>();

  async function call<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
    const url = `${baseUrl}/__mock${path}`;
    const response = await doFetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!response.ok)
      throw new RemoteControlError(
        response.status,
        typeof parsed === 'object' && parsed !== null ? (parsed as RemoteControlError['body']) : null,
        method,
        url,
      );
    return parsed as T;
  }

  let baseUrl = server;
  let created = false;
  if (options.session !== undefined) {
    try {
      await call(server, 'POST', '/sessions', {
        id: options.session,
        ...(options.now === undefined ? {} : { now: toJsonTime(options.now) }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
      });
      // Under the URL this client reached the server at, as when it joins one: the answer's
      // `baseUrl` names the server's bound address, which behind a proxy or a port forward (or a
      // server bound to 0.0.0.0 in a container) is not reachable from here.
      baseUrl = `${server}/sessions/${encodeURIComponent(options.session)}`;
      created = true;
    } catch (error) {
      // No session route: a server started with --max-sessions 0 (`No control route POST
      // /__mock/sessions`) or --no-control (the API's `Not found`). Said so, rather than its bare 404;
      // any other 404 (SESSION_NOT_FOUND: `serverUrl` is a session's URL) goes on as it is.
      if (
        error instanceof RemoteControlError &&
        error.status === 404 &&
        (error.code === undefined || error.code === 'NOT_FOUND')
      )
        throw new RemoteControlError(
          404,
          {
            ...error.body,
            message: `The mock at ${server} serves no sessions: it was started with --max-sessions 0 or --no-control, or that is not the server's root URL (${error.method} ${error.url} answered 404: ${error.message})`,
          },
          error.method,
          error.url,
        );
      if (!(error instanceof RemoteControlError && error.code === 'SESSION_EXISTS')) throw error;
      baseUrl = `${server}/sessions/${encodeURIComponent(options.session)}`;
    }
  }

  const control = createRemoteControl(baseUrl, call, doFetch, streams);
  return {
    baseUrl,
    control,
    created,
    async close() {
      for (const stream of streams) stream.abort();
      streams.clear();
      if (created && options.session !== undefined) {
        await call(server, 'DELETE', `/sessions/${encodeURIComponent(options.session)}`).catch(
          (error: unknown) => {
            // Already ended (idle, or by someone else): nothing left to do.
            if (!(error instanceof RemoteControlError && error.status === 404)) throw error;
          },
        );
      }
    },
  };
}

type Call = <T>(baseUrl: string, method: string, path: string, body?: unknown) => Promise<T>;

function createRemoteControl(
  baseUrl: string,
  call: Call,
  doFetch: typeof fetch,
  streams: Set<AbortController>,
): RemoteControl {
  const get = <T>(path: string) => call<T>(baseUrl, 'GET', path);
  const send = <T>(method: string, path: string, body?: unknown) => call<T>(baseUrl, method, path, body);
  const slugPath = (slug: string) => `/projects/${encodeURIComponent(slug)}`;
  const done = async (promise: Promise<unknown>): Promise<void> => {
    await promise;
  };

  return {
    // Inputs go over whole, unknown fields too, for the mock to refuse them as the in-process control
    // does (mock README, "The control interface").
    reset: (options: ResetOptions = {}) =>
      done(
        send('POST', '/reset', {
          ...options,
          ...(options.now === undefined ? {} : { now: toJsonTime(options.now) }),
        }),
      ),
    clock: {
      now: async () => (await get<{ now: string }>('/clock')).now,
      set: (time) => done(send('POST', '/clock', { now: toJsonTime(time) })),
      advance: (ms) => done(send('POST', '/clock', { advanceMs: ms })),
    },
    keys: {
      list: async (slug) =>
        (await get<{ keys: Awaited<ReturnType<MockControl['keys']['list']>> }>(`${slugPath(slug)}/keys`))
          .keys,
      create: (slug, input) => send('POST', `${slugPath(slug)}/keys`, input),
      regenerate: (slug, id) => send('POST', `${slugPath(slug)}/keys/${encodeURIComponent(id)}/regenerate`),
      revoke: (slug, id) => send('DELETE', `${slugPath(slug)}/keys/${encodeURIComponent(id)}`),
    },
    blacklist: (slug, entry) => send('POST', `${slugPath(slug)}/blacklist`, entry),
    setWebhook: (slug, target) => send('PUT', `${slugPath(slug)}/webhook`, target),
    deliveries: async (filter: DeliveryFilter = {}) =>
      (
        await get<{ deliveries: ReturnType<MockControl['deliveries']> }>(
          `/webhooks/deliveries${queryOf(filter)}`,
        )
      ).deliveries,
    redeliver: async (id, options = {}) =>
      (
        await send<{ delivery: Awaited<ReturnType<MockControl['redeliver']>> }>(
          'POST',
          `/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`,
          options,
        )
      ).delivery,
    trigger: async (slug, event, options = {}) => {
      // The rule of control.ts's trigger(), kept here too (this entry imports nothing at run time, and
      // JSON could not carry such options to the server to refuse): spread into the body, an `event`
      // option would replace the event unseen, and `null` would add nothing. Refused before sending.
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        throw new TypeError('trigger options must be an object');
      if (Object.hasOwn(options, 'event'))
        throw new TypeError("event is trigger()'s second argument, not one of its options");
      return send<Awaited<ReturnType<MockControl['trigger']>>>('POST', `${slugPath(slug)}/trigger`, {
        ...options,
        event,
      });
    },
    faults: {
      add: async (spec) =>
        (await send<{ fault: ReturnType<MockControl['faults']['add']> }>('POST', '/faults', spec)).fault,
      remove: (id) => done(send('DELETE', `/faults/${encodeURIComponent(id)}`)),
      clear: () => done(send('DELETE', '/faults')),
      list: async () => (await get<{ faults: ReturnType<MockControl['faults']['list']> }>('/faults')).faults,
    },
    requests: {
      list: async (filter: JournalFilter = {}) =>
        (await get<{ requests: ReturnType<MockControl['requests']['list']> }>(`/requests${queryOf(filter)}`))
          .requests,
      clear: () => done(send('DELETE', '/requests')),
    },
    coverage: () => get<ReturnType<MockControl['coverage']>>('/coverage'),
    subscribe: (listener) => subscribe(`${baseUrl}/__mock/events`, listener, doFetch, streams),
    projects: async () =>
      (await get<{ projects: Awaited<ReturnType<MockControl['projects']>> }>('/projects')).projects,
    reservations: async (slug, filter = {}) =>
      (
        await get<{ reservations: Awaited<ReturnType<MockControl['reservations']>> }>(
          `${slugPath(slug)}/reservations${queryOf(filter)}`,
        )
      ).reservations,
    getReservation: async (slug, id) =>
      (
        await get<{ reservation: Awaited<ReturnType<MockControl['getReservation']>> }>(
          `${slugPath(slug)}/reservations/${encodeURIComponent(id)}`,
        )
      ).reservation,
    createProject: (project) => send('POST', '/projects', project),
    addTable: async (slug, table) =>
      (
        await send<{ table: Awaited<ReturnType<MockControl['addTable']>> }>(
          'POST',
          `${slugPath(slug)}/tables`,
          table,
        )
      ).table,
    addService: async (slug, service) =>
      (
        await send<{ service: Awaited<ReturnType<MockControl['addService']>> }>(
          'POST',
          `${slugPath(slug)}/services`,
          service,
        )
      ).service,
    addReservation: async (slug, reservation) =>
      (
        await send<{ reservation: Awaited<ReturnType<MockControl['addReservation']>> }>(
          'POST',
          `${slugPath(slug)}/reservations`,
          reservation,
        )
      ).reservation,
    snapshot: async () =>
      (await get<{ snapshot: Awaited<ReturnType<MockControl['snapshot']>> }>('/snapshot')).snapshot,
    settled: () => done(send('POST', '/settled')),
  };
}

/**
 * Opens the Server-Sent Events stream and calls `listener` with each event; resolves (with the
 * unsubscribe function) once the stream is open, so that nothing after it is missed.
 */
async function subscribe(
  url: string,
  listener: (event: MockEvent) => void,
  doFetch: typeof fetch,
  streams: Set<AbortController>,
): Promise<() => void> {
  const controller = new AbortController();
  const response = await doFetch(url, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: RemoteControlError['body'] = null;
    try {
      body = JSON.parse(text) as RemoteControlError['body'];
    } catch {
      body = null;
    }
    throw new RemoteControlError(response.status, body, 'GET', url);
  }
  streams.add(controller);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        // Events are separated by a blank line; a partial one waits for the next chunk.
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseEvent(block);
          if (event) listener(event);
        }
      }
    } catch {
      // Aborted by unsubscribe()/close(), or the server went away: the stream simply ends.
    } finally {
      streams.delete(controller);
    }
  })();
  return () => {
    controller.abort();
    streams.delete(controller);
  };
}

function parseEvent(block: string): MockEvent | undefined {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 || (type !== 'request' && type !== 'delivery' && type !== 'state')) return undefined;
  return { type, data: JSON.parse(data.join('\n')) } as MockEvent;
}
