// MSW request handlers over a mock core, and createMockService() (the core with them). Only
// transports/ imports msw: this file and msw-browser.ts (the import rule in .dependency-cruiser.cjs).
// One handler for each of `{baseUrl}/api/v1/*` and `{baseUrl}/__mock/*`, matched by a URL prefix (MSW tries every handler on
// every request; a prefix test keeps that cheap, and spares MSW's path decoding, which throws on a
// malformed percent-escape). Both end in the core's one pipeline.
//
// The prefix is a RegExp without groups: every msw release of the peer range (2.10 through 3.x) takes
// a RegExp path and matches it against the URL without its query, decoding nothing. (A predicate
// function needs msw 2.11; 2.10 reads it as a path and throws `path.endsWith is not a function`.)
import { HttpResponse, http, type RequestHandler } from 'msw';
import { createMockCore, type MockCore, type MockServiceOptions } from '../mock';
import { ConnectionDroppedError } from '../pipeline/fetch-exchange';

export interface MswHandlers {
  /** The API, under `{baseUrl}/api/v1/`. */
  handlers: RequestHandler[];
  /** The control interface, under `{baseUrl}/__mock/`. */
  controlHandlers: RequestHandler[];
}

/** A RegExp matching every URL that starts with `prefix`. */
export function prefixPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
}

export function createMswHandlers(core: MockCore): MswHandlers {
  const handler = (prefix: string, control: boolean): RequestHandler =>
    http.all(prefixPattern(prefix), async ({ request }) => {
      try {
        return await core.fetch(request, { control });
      } catch (error) {
        // A `connection: "reset"` fault: MSW's network error, what fetch sees when a socket drops.
        if (error instanceof ConnectionDroppedError) return HttpResponse.error();
        throw error;
      }
    });
  // Each list is made when first read, then kept: msw records where a handler was declared from a
  // stack trace (tens of µs with source maps on), which a fresh mock per test would pay for both
  // lists while most tests never read controlHandlers (BENCHMARKS.md, "In process").
  let handlers: RequestHandler[] | undefined;
  let controlHandlers: RequestHandler[] | undefined;
  return {
    get handlers() {
      handlers ??= [handler(`${core.baseUrl}/api/v1/`, false)];
      return handlers;
    },
    get controlHandlers() {
      controlHandlers ??= [handler(`${core.baseUrl}/__mock`, true)];
      return controlHandlers;
    },
  };
}

/** A mock with MSW handlers for its API (`handlers`) and its control routes (`controlHandlers`). */
export interface MockService extends MockCore, MswHandlers {}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore(options);
  const msw = createMswHandlers(core);
  return {
    ...core,
    // Read through, so each list is still made on first read (above).
    get handlers() {
      return msw.handlers;
    },
    get controlHandlers() {
      return msw.controlHandlers;
    },
  };
}
