// A standalone server per test (real HTTP on 127.0.0.1), closed after it.
import { afterEach } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/node';

export interface ServerHarness {
  readonly server: MockServer;
  start(options?: MockServerOptions): Promise<MockServer>;
  /** fetch relative to the server's URL; a JSON body is serialised with Content-Type application/json. */
  call(
    path: string,
    init?: RequestInit & { json?: unknown; key?: string | null },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
}

export function useServer(defaults: MockServerOptions = {}): ServerHarness {
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
