// A plain request as the transports hand one to `core.handle()` or the session registry, for tests
// that drive the core without MSW or HTTP.
import type { MockRequest } from '../../src/pipeline/exchange';

export interface MockRequestOptions {
  /** X-API-Key value (none by default). */
  key?: string;
  /** A JSON body, serialised here and sent as application/json. */
  json?: unknown;
  /** A body sent as it is, with no Content-Type. */
  text?: string;
}

export function mockRequest(
  method: string,
  url: string | URL,
  options: MockRequestOptions = {},
): MockRequest {
  const headers = new Map<string, string>();
  if (options.key !== undefined) headers.set('x-api-key', options.key);
  if (options.json !== undefined) headers.set('content-type', 'application/json');
  const text = options.json === undefined ? options.text : JSON.stringify(options.json);
  const bytes = text === undefined ? undefined : new TextEncoder().encode(text);
  return {
    method,
    url: new URL(url),
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    hasBody: bytes !== undefined,
    body: async () => bytes ?? new Uint8Array(0),
  };
}
