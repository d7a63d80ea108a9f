// The only module that imports msw: MSW request handlers over a mock core. One handler for each of
// `{baseUrl}/api/v1/*` and `{baseUrl}/__mock/*`, matched by a URL prefix (MSW tries every handler on
// every request; a prefix test keeps that cheap, and spares MSW's path decoding, which throws on a
// malformed percent-escape). Both end in the core's one pipeline.
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MockCore } from '../core/mock-core';
import { fromFetchRequest, toFetchResponse } from '../http/fetch-exchange';

export interface MswHandlers {
  /** The API, under `{baseUrl}/api/v1/`. */
  handlers: RequestHandler[];
  /** The control interface, under `{baseUrl}/__mock/`. */
  controlHandlers: RequestHandler[];
}

export function createMswHandlers(core: MockCore): MswHandlers {
  const handler = (prefix: string, control: boolean): RequestHandler =>
    http.all(
      ({ request }) => request.url.startsWith(prefix),
      async ({ request }) => {
        const answer = await core.handle(fromFetchRequest(request), { control });
        // A `connection: "reset"` fault: MSW's network error, what fetch sees when a socket drops.
        if (answer?.dropConnection) return HttpResponse.error();
        return answer && toFetchResponse(answer);
      },
    );
  return {
    handlers: [handler(`${core.baseUrl}/api/v1/`, false)],
    controlHandlers: [handler(`${core.baseUrl}/__mock`, true)],
  };
}
