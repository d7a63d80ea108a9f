// Fetch's Request and Response ⇄ the core's plain request and answer. Used by the MSW adapter and by
// MockService.fetch() (workers, Deno, Bun, a test's own fetch stub); imports no msw.
import { httpErrors, RequestAbortedError } from './errors';
import type { MockAnswer, MockRequest } from './exchange';

/** The body's bytes, or 413 as soon as more than `limit` arrive (or are announced). */
async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const announced = request.headers.get('content-length');
  if (announced !== null && Number(announced) > limit) throw httpErrors.payloadTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A body stream that fails (the request aborted, its source errored) is a client gone away.
    const { done, value } = await reader.read().catch((cause: unknown) => {
      throw new RequestAbortedError({ cause });
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: some body sources (e.g. an interceptor's stream) never settle a cancel.
      reader.cancel().catch(() => undefined);
      throw httpErrors.payloadTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function fromFetchRequest(request: Request): MockRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    hasBody: request.body !== null,
    body: (limit) => readBodyBytes(request, limit),
  };
}

/** A `connection: "reset"` fault seen through Fetch: a TypeError, what fetch rejects with. */
export class ConnectionDroppedError extends TypeError {
  constructor() {
    super('Failed to fetch: the mock dropped the connection');
    this.name = 'TypeError';
  }
}

/** The answer as a Response; a dropped connection rejects with a TypeError, as fetch does. */
export function toFetchResponse(answer: MockAnswer): Response {
  if (answer.dropConnection) throw new ConnectionDroppedError();
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
