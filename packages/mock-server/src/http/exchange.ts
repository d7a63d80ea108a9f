// A request and its answer without the Fetch API: what the API pipeline (api.ts) reads and writes.
//
// Why not Fetch's Request and Response throughout: building them is most of what a request costs
// the standalone server (each Request creates an AbortSignal and Headers, each Response a stream),
// several times the work of the API itself. So the pipeline works on these two small shapes, and
// each transport adapts once at its edge: MSW and service.handle() through fromFetchRequest() and
// toFetchResponse() below, the standalone server straight from node:http (node.ts). Same pipeline,
// same answers, byte for byte.
import { readBodyBytes } from './body';

export interface ApiRequest {
  /** Upper case. */
  readonly method: string;
  /** The full URL, parsed once. */
  readonly url: URL;
  /** A header's value (name in lower case), or null. Repeated headers are joined with ", ". */
  header(name: string): string | null;
  /**
   * The body's bytes, at most `limit`; PAYLOAD_TOO_LARGE (a DomainError) when more were announced or
   * sent. Read on demand: a request rejected before its body matters is never made to read it.
   */
  body(limit: number): Promise<Uint8Array>;
}

export interface ApiAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON text of the body. */
  body: string;
}

export function fromFetchRequest(request: Request): ApiRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    body: (limit) => readBodyBytes(request, limit),
  };
}

export function toFetchResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** A Fetch Response as an answer (for the control routes, which are written against Fetch). */
export async function fromFetchResponse(response: Response): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}
