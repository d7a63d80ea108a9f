// How one webhook attempt's HTTP request is made: a plain request in, the receiver's status, headers
// and body chunks out. The dispatcher decides what to send and what the answer means; the transport
// only carries it. In process the default goes through `fetch` (so MSW and test stubs see every
// delivery); the standalone server gives its mocks a node:http one (transports/node-webhook-transport.ts).

/** One attempt's request: always a POST of a JSON body. */
export interface WebhookPost {
  url: string;
  /** The documented delivery headers (and `X-Mock-Session` for a session's deliveries). */
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Aborted when the attempt times out or its world ends: the request must stop then. */
  signal: AbortSignal;
}

/**
 * One attempt's request as the dispatcher makes it. Its `signal` is made only when a transport reads
 * it (fetchTransport does); the standalone server's node:http transport listens with whenStopped()
 * instead. Speed (BENCHMARKS.md, "HTTP: the per-request work"): Node 20 makes every AbortSignal an
 * EventTarget, and node:http hangs its own listeners on one, about 15 µs of server CPU per booking
 * with a delivery per booking. A class with a prototype getter and no closure made in its
 * constructor: an own accessor would keep the attempt alive through young collections on Node 20.
 */
export class StoppableWebhookPost implements WebhookPost {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  #controller: AbortController | undefined;
  #stopped = false;
  #reason: unknown;
  #listeners: ((reason: unknown) => void)[] | undefined;

  constructor(url: string, headers: Readonly<Record<string, string>>, body: string) {
    this.url = url;
    this.headers = headers;
    this.body = body;
  }

  /** Aborted once the attempt is stopped (made on first read, already aborted after a stop). */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#stopped) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Calls `listener` once with the reason when the attempt is stopped (at once if it already is). */
  whenStopped(listener: (reason: unknown) => void): void {
    if (this.#stopped) {
      listener(this.#reason);
      return;
    }
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  /** Stops the attempt (its deadline, its world's end): the signal aborts, each listener is told once. */
  stop(reason: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners ?? [];
    this.#listeners = undefined;
    // Every listener is told, even if one throws (its error follows, as an abort listener's would
    // not: nobody else listens here but the node:http transport, whose destroy() does not throw).
    let failure: { error: unknown } | undefined;
    for (const listener of listeners) {
      try {
        listener(reason);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}

/** The receiver's answer, as far as the delivery log reads it. */
export interface WebhookReply {
  status: number;
  /**
   * The answer's headers, names in lower case, a repeated name joined by `, ` (fetch gives them
   * sorted by name, the standalone server's transport in the order received).
   */
  headers: Iterable<[string, string]>;
  /** The next chunk of the body; `undefined` at its end. */
  read(): Promise<Uint8Array | undefined>;
  /** Stops reading the body (what is left is discarded) and frees the connection. */
  cancel(): Promise<void>;
  /** A browser's fetch hides a redirect it did not follow (status 0): not an answer to log. */
  hiddenRedirect?: boolean;
}

/** Sends one attempt; rejects when no answer came (network error, abort). */
export type WebhookTransport = (post: WebhookPost) => Promise<WebhookReply>;

/** The default transport: each attempt as a Fetch `Request` through `fetchFn`. */
export function fetchTransport(fetchFn: (request: Request) => Promise<Response>): WebhookTransport {
  return async (post) => {
    const response = await fetchFn(
      new Request(post.url, {
        method: 'POST',
        headers: post.headers,
        body: post.body,
        signal: post.signal,
        // A redirect is an answer that is not 2xx; following it would turn the POST into a GET.
        redirect: 'manual',
      }),
    );
    const reader = response.body?.getReader();
    return {
      status: response.status,
      headers: response.headers,
      read: async () => {
        if (reader === undefined) return undefined;
        const { done, value } = await reader.read();
        return done ? undefined : value;
      },
      cancel: async () => {
        await reader?.cancel();
      },
      ...(response.type === 'opaqueredirect' ? { hiddenRedirect: true } : {}),
    };
  };
}
