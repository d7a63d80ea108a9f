// A webhook receiver for the Reservation API on plain node:http. The order of the steps is the
// point of the example: read the raw bytes, verify the signature over exactly those bytes, only then
// trust the JSON, drop repeats, process, and answer 2xx only once the event has been handled.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  constructWebhookEvent,
  createWebhookDeduplicator,
  type WebhookEvent,
  WebhookPayloadError,
  WebhookSignatureError,
  webhookEventKey,
} from '@reservation-api/sdk/webhooks';

export const DEFAULT_PORT = 4020;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PATH = '/webhooks';
/**
 * An event carries its customer's names, e-mail and phone, each up to what one 64 KiB booking can
 * carry and possibly set by different bookings (the customer is found by e-mail), and a note of at
 * most 1,000 characters: under 300 KiB. Anything larger is not from the service and is not buffered.
 */
export const DEFAULT_MAX_BODY_BYTES = 512 * 1024;

export interface ReceiverOptions {
  /** The project's signing secret; several during a rotation (`[newSecret, oldSecret]`). */
  secret: string | readonly string[];
  /** Default 4020; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the example is for local development, not for the open network. */
  host?: string;
  /** Path that accepts deliveries. Default `/webhooks`. */
  path?: string;
  /**
   * Handles a verified, first-seen event. The delivery is answered after it resolves, and the
   * service gives up on an answer after 5 s, so hand slow work to a queue. A throw answers 500 and
   * forgets the event, so the service's retry is processed again rather than dropped as a repeat.
   */
  onEvent?: (event: WebhookEvent) => void | Promise<void>;
  /** One line per delivery. Default console.log. */
  log?: (line: string) => void;
  /** Bodies above this are answered 413 without being read further. Default 512 KiB. */
  maxBodyBytes?: number;
}

export interface Receiver {
  /** Where to point the service, e.g. http://127.0.0.1:4020/webhooks. */
  url: string;
  /** Every event processed, in arrival order; repeats are not added again. */
  readonly events: readonly WebhookEvent[];
  close(): Promise<void>;
}

/** Why a request is turned away before any event was processed. */
class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The whole body as bytes, or a 413 once it exceeds `limit` (the rest is never buffered). */
function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new Rejection(413, 'body too large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        reject(new Rejection(413, 'body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A short, fixed reason for the 400 answer. The SDK's messages are meant for the receiver's own
 * developer (they explain raw bodies and secrets); the sender only needs to know which check failed.
 */
function rejectionFor(error: unknown, header: string | undefined): Rejection | undefined {
  if (error instanceof WebhookSignatureError) {
    return new Rejection(400, header ? 'invalid signature' : 'missing X-Webhook-Signature header');
  }
  if (error instanceof WebhookPayloadError) return new Rejection(400, 'invalid payload');
  return undefined;
}

function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
}

/** `reservation.confirmed res_0007 CONFIRMED`: what happened, to which reservation, and where it is now. */
export function describeEvent(event: WebhookEvent): string {
  const { id, status } = event.data.reservation;
  return `${event.event} ${id} ${status}`;
}

export async function createReceiver(options: ReceiverOptions): Promise<Receiver> {
  const host = options.host ?? DEFAULT_HOST;
  const path = options.path ?? DEFAULT_PATH;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? ((line: string) => console.log(line));
  // Keyed by the delivery id (X-Webhook-Delivery), which every retry and redelivery of a delivery
  // repeats: a retry of one the receiver already handled (its 2xx got lost) is answered, not redone.
  const dedupe = createWebhookDeduplicator();
  // The deliveries being processed now: a retry that arrives meanwhile (the service gave up waiting)
  // is neither processed twice nor answered `duplicate` before the first copy succeeded.
  const processing = new Set<string>();
  const events: WebhookEvent[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://receiver.invalid');
    if (pathname !== path) return answer(res, 404, 'not found');
    if (req.method !== 'POST') return answer(res, 405, 'method not allowed', { Allow: 'POST' });

    const header = req.headers['x-webhook-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    let event: WebhookEvent;
    try {
      // The raw bytes, never a parsed-and-re-serialised body: the signature covers these exact bytes.
      // With the request's headers, the event also carries its delivery id (X-Webhook-Delivery).
      const rawBody = await readRawBody(req, maxBodyBytes);
      event = await constructWebhookEvent(rawBody, req.headers, options.secret);
    } catch (error) {
      const rejection = error instanceof Rejection ? error : rejectionFor(error, signature);
      if (!rejection) throw error;
      // The sender gets the short reason; the log gets the SDK's own message, which says what is
      // wrong (a secret that is not set, a header without its scheme, the field of a bad payload).
      log(
        `rejected: ${rejection.reason}${error instanceof Rejection ? '' : ` (${(error as Error).message})`}`,
      );
      if (rejection.status === 413) res.setHeader('Connection', 'close');
      return answer(res, rejection.status, rejection.reason);
    }

    // Checked and recorded in one synchronous step, so two copies arriving together are not both
    // processed. A copy of one still being processed gets 409, which the service retries: if that
    // processing then fails, the event is forgotten and the later retry processes it.
    const key = webhookEventKey(event);
    if (processing.has(key)) {
      log(`in progress (retry later): ${describeEvent(event)}`);
      return answer(res, 409, 'in progress');
    }
    if (dedupe.seen(event)) {
      log(`duplicate (ignored): ${describeEvent(event)}`);
      return answer(res, 200, 'duplicate');
    }
    processing.add(key);
    try {
      await options.onEvent?.(event);
    } catch (error) {
      dedupe.forget(event);
      log(`failed: ${describeEvent(event)}: ${error instanceof Error ? error.message : String(error)}`);
      return answer(res, 500, 'processing failed');
    } finally {
      processing.delete(key);
    }
    events.push(event);
    log(describeEvent(event));
    return answer(res, 200, 'ok');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) answer(res, 500, 'internal error');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${hostPart}:${port}${path}`,
    events,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections from the sender would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
