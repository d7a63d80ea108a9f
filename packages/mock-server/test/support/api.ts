// Every API request of the handler tests goes through request() below, which validates the answer
// against openapi.yaml (status declared for the operation, body matches its schema) before a test
// sees it, so no test can skip the contract check.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { assertResponseMatches, assertSchema, findOperation } from '../../../../test/support/openapi';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/index';

export const BASE_URL = 'http://127.0.0.1:4010';
/** A Monday morning in Prague (10:00 local, CEST): the demo bistro is about to open. */
export const MONDAY_MORNING = '2026-06-15T08:00:00.000Z';

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
  /** A raw body sent as is (for malformed input). */
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** Another base URL than BASE_URL (a mock created with its own baseUrl). */
  baseUrl?: string;
}

/** Sends a request to the mock and validates the answer against openapi.yaml. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers(options.headers);
  const key = options.key === undefined ? 'rk_demo_full' : options.key;
  if (key !== null) headers.set('X-API-Key', key);
  let body: BodyInit | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  const base = (options.baseUrl ?? BASE_URL).replace(/\/+$/, '');
  const url = new URL(`${base}${path}`);
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  // The contract's paths start at /api/v1: validate against the path without the base URL's prefix.
  validateAnswer(
    method,
    url.pathname.slice(new URL(base).pathname.replace(/\/$/, '').length),
    response.status,
    parsed,
  );
  return { status: response.status, body: parsed as T, headers: response.headers };
}

function validateAnswer(method: string, pathname: string, status: number, body: unknown): void {
  if (!pathname.startsWith('/api/v1/')) return;
  if (findOperation(method, pathname)) {
    assertResponseMatches(method, pathname, status, body);
  } else {
    // A path the contract does not have: its answer must still be a documented error body.
    assertSchema('Error', body);
    if (status !== 401 && status !== 403 && status !== 404 && status !== 429 && status < 500) {
      throw new Error(`${method} ${pathname}: unexpected status ${status} for an unknown route`);
    }
  }
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
export function useMockApi(options: MockServiceOptions & { perRoute?: boolean } = {}): MockApi {
  const baseUrl = options.baseUrl ?? BASE_URL;
  const server = setupServer();
  let service: MockService | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    const { perRoute, ...serviceOptions } = options;
    service = createMockService({ now: MONDAY_MORNING, baseUrl, ...serviceOptions });
    server.resetHandlers(
      ...service.controlHandlers,
      ...(perRoute ? service.routeHandlers : service.handlers),
    );
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
