// A request and its answer as plain data: what the mock's core reads and writes. Each transport
// adapts once at its edge: the MSW handlers and any Fetch-based runtime through fetch-exchange.ts,
// the standalone server straight from node:http (transports/node-server.ts). Same core, same answers.

export interface MockRequest {
  /** Upper case. */
  readonly method: string;
  /** The full URL, parsed once. */
  readonly url: URL;
  /** A header's value (name in lower case), or null. Repeated headers are joined with ", ". */
  header(name: string): string | null;
  /** Whether the request carries a body at all (announced length above 0, chunked, or a stream). */
  readonly hasBody: boolean;
  /**
   * The body's bytes, at most `limit`; rejects with PAYLOAD_TOO_LARGE (an HttpError) when more were
   * announced or sent, and with RequestAbortedError when the client goes away before the body
   * arrived. Read on demand: a request refused before its body matters is never read.
   */
  body(limit: number): Promise<Uint8Array>;
}

export interface MockAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body text (JSON, unless a header says otherwise). */
  body: string;
  /**
   * No answer at all: the connection is dropped (a `connection: "reset"` fault). The standalone
   * server destroys the socket, the MSW handlers answer `HttpResponse.error()`, and
   * `core.fetch()` rejects with a TypeError, as fetch does on a network error. `status` is then 0.
   */
  dropConnection?: true;
}
