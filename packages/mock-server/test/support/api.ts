// The handler tests send their requests through MSW to a fresh mock per test. (That every answer
// matches openapi.yaml is the repository's conformance test's job: test/conformance/.)
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/index';
import { MONDAY_MORNING } from './time';

export const BASE_URL = 'http://127.0.0.1:4010';
export { MONDAY_MORNING } from './time';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** X-API-Key value; null sends no header. Default rk_demo_full. */
  key?: string | null;
  /** A JSON body (serialised here). */
  json?: unknown;
  /** A raw body sent as is, as application/json unless `headers` says otherwise (malformed input). */
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** Another base URL than BASE_URL (a mock created with its own baseUrl). */
  baseUrl?: string;
}

/** Sends a request to the mock (through MSW) and reads its JSON answer. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers(options.headers);
  const key = options.key === undefined ? 'rk_demo_full' : options.key;
  if (key !== null) headers.set('X-API-Key', key);
  let body: BodyInit | undefined = options.raw;
  // A raw body is JSON text unless a test says otherwise (415 is tested with its own Content-Type).
  if (body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  const base = (options.baseUrl ?? BASE_URL).replace(/\/+$/, '');
  const url = new URL(`${base}${path}`);
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface MockApi {
  readonly service: MockService;
  request: typeof apiRequest;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions): Promise<ApiAnswer<T>>;
  patch<T = unknown>(path: string, json?: unknown, options?: RequestOptions): Promise<ApiAnswer<T>>;
  del<T = unknown>(path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  /** MSW server, for server.use(...) overrides (e.g. a webhook receiver). */
  readonly server: ReturnType<typeof setupServer>;
}

/**
 * Registers vitest hooks: one MSW server per file and a fresh mock service for every test (demo data,
 * clock frozen at `now`, default MONDAY_MORNING).
 */
export function useMockApi(options: MockServiceOptions = {}): MockApi {
  const baseUrl = options.baseUrl ?? BASE_URL;
  const server = setupServer();
  let service: MockService | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    service = createMockService({ now: MONDAY_MORNING, baseUrl, ...options });
    server.resetHandlers(...service.controlHandlers, ...service.handlers);
  });
  afterEach(async () => {
    await service?.control.settled();
    service?.close();
  });
  afterAll(() => server.close());
  return {
    get service() {
      if (!service) throw new Error('useMockApi: no service outside a test');
      return service;
    },
    server,
    request: (method, path, o) => apiRequest(method, path, { baseUrl, ...o }),
    get: (path, o) => apiRequest('GET', path, { baseUrl, ...o }),
    post: (path, json, o) =>
      apiRequest('POST', path, { baseUrl, ...o, ...(json === undefined ? {} : { json }) }),
    patch: (path, json, o) =>
      apiRequest('PATCH', path, { baseUrl, ...o, ...(json === undefined ? {} : { json }) }),
    del: (path, o) => apiRequest('DELETE', path, { baseUrl, ...o }),
  };
}

/** A valid booking body for demo-bistro on Tuesday 2026-06-16. */
export function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'guest@example.com', date: '2026-06-16', from: '12:00', to: '13:00', ...overrides };
}
