// The standalone server's way of sending webhook attempts: node:http(s) over keep-alive connections,
// one pool per server, instead of the global fetch. Node 20's fetch makes a Fetch Request, web streams
// and an AbortSignal per attempt, and a new connection whenever its pool is busy; a booking's delivery
// cost more than the booking. With this transport, synchronous signing and the dispatcher's scheduled
// set, a booking's server CPU fell to 0.36–0.48 of before (BENCHMARKS.md, "a booking's webhook
// delivery at the edge"). Only the mocks the server makes itself use it; a mock given to the server
// (`service`) keeps its own `fetch`, and mocks in process send through fetch, so MSW and test stubs
// see their deliveries.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  StoppableWebhookPost,
  type WebhookPost,
  type WebhookReply,
  type WebhookTransport,
} from '../observers/webhooks';

export interface NodeWebhookTransport {
  send: WebhookTransport;
  /** Closes the pooled connections (the server's close(), after every attempt has ended). */
  close(): void;
}

interface Target {
  secure: boolean;
  hostname: string;
  port: string;
  path: string;
}

export function createNodeWebhookTransport(): NodeWebhookTransport {
  // Idle pooled sockets do not keep the process alive (Node unrefs them while free).
  const http = new HttpAgent({ keepAlive: true });
  const https = new HttpsAgent({ keepAlive: true });
  const targets = new Map<string, Target>();
  /**
   * Where a URL points, parsed once: node:http parses a URL string on every request, which was 3 %
   * of a booking's CPU. Bounded: emptied once it holds 100 URLs (redeliveries may name any).
   */
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (target === undefined) {
      if (targets.size >= 100) targets.clear();
      const parsed = new URL(url);
      // As fetch does (in process), so a target with credentials fails alike on both transports.
      if (parsed.username || parsed.password)
        throw new TypeError('Request cannot be constructed from a URL that includes credentials');
      target = {
        secure: parsed.protocol === 'https:',
        hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: parsed.port,
        path: `${parsed.pathname}${parsed.search}`,
      };
      targets.set(url, target);
    }
    return target;
  };
  const send = (post: WebhookPost): Promise<WebhookReply> =>
    new Promise((resolve, reject) => {
      const { secure, ...where } = targetOf(post.url);
      // The dispatcher's own posts are stopped without an AbortSignal (StoppableWebhookPost says why);
      // any other caller's through its signal.
      const stoppable = post instanceof StoppableWebhookPost ? post : undefined;
      const request = (secure ? httpsRequest : httpRequest)(
        {
          ...where,
          method: 'POST',
          headers: { ...post.headers, 'Content-Length': Buffer.byteLength(post.body) },
          agent: secure ? https : http,
          // Aborting destroys the request and its answer: the attempt's deadline and the world's end.
          ...(stoppable ? {} : { signal: post.signal }),
        },
        (response) => resolve(replyOf(response)),
      );
      // As node:http does for an aborted signal: the request and its answer destroyed.
      stoppable?.whenStopped((reason) => request.destroy(abortError(reason)));
      // `on`, not `once`: a request aborted after its answer began may report a second error.
      request.on('error', reject);
      // A request can also end with neither an answer nor an error (a `101` answer to a request that
      // asked for no upgrade): the attempt fails now rather than at its deadline. After an answer
      // this changes nothing (the promise is settled).
      request.on('close', () => reject(new Error('the connection closed before an answer')));
      request.end(post.body);
    });
  return {
    send,
    close() {
      http.destroy();
      https.destroy();
    },
  };
}

/** The error node:http gives a request whose signal aborted: an AbortError caused by the reason. */
function abortError(reason: unknown): Error {
  const error = new Error('The operation was aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

function replyOf(response: IncomingMessage): WebhookReply {
  // A failure of the body reaches the reader through read(); this keeps it from being unhandled
  // before the first read.
  response.on('error', () => undefined);
  const chunks = response[Symbol.asyncIterator]();
  return {
    status: response.statusCode ?? 0,
    headers: headerPairs(response.rawHeaders),
    read: async () => {
      const next = await chunks.next();
      return next.done ? undefined : (next.value as Buffer);
    },
    cancel: async () => {
      response.destroy();
    },
  };
}

/**
 * Node's raw header list (name, value, name, value, …) as fetch gives it: names in lower case, a
 * repeated name once with its values joined by `, `; here in the order received.
 */
function headerPairs(raw: readonly string[]): Map<string, string> {
  const headers = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    const before = headers.get(name);
    headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  return headers;
}
