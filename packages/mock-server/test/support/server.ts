// A standalone server per test (real HTTP on 127.0.0.1, a free port), closed after it, and requests to
// it: `call` through fetch, `send` through node:http with every header and body byte chosen by the
// test (fetch sets its own Host and a text/plain Content-Type for string bodies, which the Host check
// and the media-type rule need to control).
import { type IncomingHttpHeaders, request } from 'node:http';
import { afterEach, onTestFinished } from 'vitest';
import {
  type MockServer,
  type MockServerOptions,
  type MockServerOwnMockOptions,
  startMockServer,
} from '../../src/node';

export interface ServerHarness {
  readonly server: MockServer;
  start(options?: MockServerOwnMockOptions): Promise<MockServer>;
  /** fetch relative to the server's URL; a JSON body is serialised with Content-Type application/json. */
  call(
    path: string,
    init?: RequestInit & { json?: unknown; key?: string | null },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
}

export function useServer(defaults: MockServerOwnMockOptions = {}): ServerHarness {
  let current: MockServer | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const harness: ServerHarness = {
    get server() {
      if (!current) throw new Error('useServer: start() first');
      return current;
    },
    async start(options = {}) {
      current = await startMockServer({ port: 0, ...defaults, ...options });
      return current;
    },
    async call(path, init = {}) {
      const { json, key = 'rk_demo_full', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== null) headers.set('X-API-Key', key);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      const response = await fetch(`${harness.server.url}${path}`, {
        ...rest,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: response.headers,
      };
    },
  };
  return harness;
}

/** Tuesday 2026-06-16, 12:00 in Prague (CEST): the demo bistro has been open for an hour. */
export const TUESDAY_NOON = '2026-06-16T10:00:00.000Z';

/**
 * A standalone mock on 127.0.0.1 and a free port, closed after the test. The hook is registered per
 * call, not at module level: test files share this module (vitest `isolate: false`), and a module-level
 * `afterEach` would attach to the first file that imported it only.
 */
export async function startServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, ...options });
  onTestFinished(() => server.close());
  return server;
}

export interface SendOptions {
  /** X-API-Key; null sends none. Default rk_demo_full. */
  key?: string | null;
  /** Serialised as the body, sent as application/json unless `contentType` says otherwise. */
  json?: unknown;
  /** The body's exact bytes (sent as application/json unless `contentType` says otherwise). */
  body?: string | Buffer;
  /** The Content-Type header of a body; null sends a body without one. */
  contentType?: string | null;
  /** The Host header. Default: 127.0.0.1:<port>. */
  host?: string;
  /** Further headers (e.g. Accept). */
  headers?: Record<string, string>;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON (undefined when empty or not JSON). */
  body: unknown;
}

/** One request over a fresh connection to a server (or a port); resolves with the whole answer. */
export function send(
  target: MockServer | number,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<HttpAnswer> {
  const bytes =
    options.body !== undefined
      ? Buffer.from(options.body)
      : options.json !== undefined
        ? Buffer.from(JSON.stringify(options.json))
        : undefined;
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? 'rk_demo_full' : options.key;
  if (key !== null) headers['x-api-key'] = key;
  if (options.host !== undefined) headers.host = options.host;
  Object.assign(headers, options.headers);
  if (bytes !== undefined) {
    headers['content-length'] = String(bytes.length);
    const type = options.contentType === undefined ? 'application/json' : options.contentType;
    if (type !== null) headers['content-type'] = type;
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: typeof target === 'number' ? target : target.address.port,
        method,
        path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

/** A demo-bistro booking on Tuesday 2026-06-16 (open 11:00–15:00 and 17:00–22:00). */
export function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'guest@example.com', date: '2026-06-16', from: '18:00', to: '19:00', ...overrides };
}

/** How many reservations demo-bistro has on `date` (through the API). */
export async function reservationCount(server: MockServer, date = '2026-06-16'): Promise<number> {
  const answer = await send(server, 'GET', `/api/v1/demo-bistro/reservations?date=${date}`);
  if (answer.status !== 200) throw new Error(`listing reservations: ${answer.status} ${answer.text}`);
  return (answer.body as { total: number }).total;
}

/** Opening hours for every day of the week (seed format). */
export function everyDay(hours: { open: string; close: string } | null): Record<string, typeof hours> {
  return Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [day, hours]),
  );
}
