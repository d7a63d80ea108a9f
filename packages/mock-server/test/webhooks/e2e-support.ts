// Shared pieces of the end-to-end webhook tests: the standalone mock on 127.0.0.1 (port 0), a
// receiver on node:http that records the exact bytes it got and answers from a script, and thin
// helpers for the API and the /__mock/ control routes over real HTTP. No test waits for a retry in
// real time: retries are fired by moving the mock's clock.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  constructWebhookEvent,
  createWebhookDeduplicator,
  type WebhookEvent,
} from '@reservation-api/sdk/webhooks';
import { expect, onTestFailed } from 'vitest';
import {
  createMockCore,
  type MockServer,
  type MockServerOptions,
  type MockServerOwnMockOptions,
  type MockServiceOptions,
  startMockServer,
} from '../../src/node';
import type { Delivery } from '../../src/observers/webhooks';
import { waiters } from '../support/waiters';

/** A Monday morning in Prague (10:00 local); the demo bistro is open all of Tuesday 2026-06-16. */
export const T0 = '2026-06-15T08:00:00.000Z';
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const DEMO_SECRET = 'whsec_demo_bistro';
export const RESERVATIONS = '/api/v1/demo-bistro/reservations';

/** The ISO time `minutes` after T0. */
export const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * MINUTE).toISOString();

const cleanups: Array<() => Promise<void>> = [];

/** Closes every server and receiver the test started (register with afterEach). */
export async function closeAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** The standalone mock with a frozen clock at T0, so attempt times are exact (`now: undefined`: real time). */
export async function startMock(options: MockServerOwnMockOptions = {}): Promise<MockServer> {
  return serve({ now: T0, ...options });
}

/**
 * The same over a mock made by createMockCore(options) (frozen at T0 unless `now` says otherwise),
 * for what only the core takes, such as `webhookTimeoutMs`.
 */
export async function startMockCore(options: MockServiceOptions = {}): Promise<MockServer> {
  return serve({ service: createMockCore({ now: T0, ...options }) });
}

async function serve(options: MockServerOptions): Promise<MockServer> {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', ...options });
  cleanups.push(() => server.close());
  return server;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** One request to the mock over HTTP; API answers are checked against openapi.yaml. */
export async function call<T = unknown>(
  server: MockServer,
  method: string,
  path: string,
  json?: unknown,
  key: string | null = 'rk_demo_full',
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (key !== null) headers['X-API-Key'] = key;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  return { status: response.status, body: body as T };
}

/** A demo-bistro booking on Tuesday 2026-06-16; `from`/`to` and anything else can be overridden. */
export function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'guest@example.com', date: '2026-06-16', from: '12:00', to: '13:00', ...overrides };
}

/** POST /reservations that must succeed; returns the new id. */
export async function create(server: MockServer, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await call<{ reservation: { id: string } }>(
    server,
    'POST',
    RESERVATIONS,
    booking(overrides),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.reservation.id;
}

/** PATCH /reservations/:id/status that must succeed. */
export async function patchStatus(server: MockServer, id: string, body: Record<string, unknown>) {
  const answer = await call(server, 'PATCH', `${RESERVATIONS}/${id}/status`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** `POST /__mock/clock { advanceMs }`: answers once the attempts that fell due have been made. */
export async function advance(server: MockServer, advanceMs: number): Promise<string> {
  const answer = await call<{ now: string }>(server, 'POST', '/__mock/clock', { advanceMs });
  expect(answer.status).toBe(200);
  return answer.body.now;
}

/** `GET /__mock/webhooks/deliveries`. */
export async function deliveries(server: MockServer): Promise<Delivery[]> {
  const answer = await call<{ deliveries: Delivery[] }>(server, 'GET', '/__mock/webhooks/deliveries');
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

/**
 * The delivery log once `done` holds, read again after each delivery event of the mock (a new
 * delivery, an attempt's outcome): no polling and no deadline of its own, so a slow machine cannot
 * fail it; the test's timeout is the bound, and a test that fails while this waits says what it was
 * waiting for. Only the first attempt needs this: it starts on its own right after the API answer.
 * Never used to wait for a retry.
 */
export async function waitForDeliveries(
  server: MockServer,
  done: (deliveries: Delivery[]) => boolean,
  what: string,
): Promise<Delivery[]> {
  let log: Delivery[] = [];
  let waiting = true;
  onTestFailed(() => {
    if (waiting) console.error(`Still waiting for ${what} when the test failed: ${JSON.stringify(log)}`);
  });
  let wake: () => void = () => undefined;
  const unsubscribe = server.service.control.subscribe((event) => {
    if (event.type === 'delivery') wake();
  });
  try {
    for (;;) {
      // Armed before the log is read, so an event while it is read is not missed.
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      log = await deliveries(server);
      if (done(log)) return log;
      await changed;
    }
  } finally {
    waiting = false;
    unsubscribe();
  }
}

/** Every delivery has made its first attempt. */
export const firstAttemptsMade = (log: Delivery[]): boolean => log.every((d) => d.attempts.length > 0);

/** Minutes between the event's own timestamp and each attempt. */
export function attemptMinutes(delivery: Delivery): number[] {
  const { timestamp } = JSON.parse(delivery.body) as { timestamp: string };
  return delivery.attempts.map((a) => (Date.parse(a.at) - Date.parse(timestamp)) / MINUTE);
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as they came off the wire. */
  body: Buffer;
}

/** A status, or a status with headers and a body, to answer with. */
export type Reply = number | { status: number; headers?: Record<string, string>; body?: string };

/** What to answer with; a promise holds the answer back until it resolves. */
export type Answer = Reply | Promise<Reply>;

export interface ReceiverOptions {
  /** Answer for the n-th request (0-based). Default: 200. */
  answer?: (index: number, request: ReceivedRequest) => Answer;
  /**
   * Verify like a real integration: the SDK's constructWebhookEvent over the raw bytes (400 when it
   * fails, whatever the script says) and its deduplicator for 2xx answers.
   */
  secret?: string;
}

export interface TestReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Requests whose client went away before the receiver answered (an attempt that timed out). */
  abandoned: number;
  /**
   * Resolves once `holds()` is true, checked now and again whenever a request arrives or is
   * abandoned: a wait on events, with no deadline of its own (the test's timeout is the bound).
   */
  until(holds: () => boolean): Promise<void>;
  /** Verified events, each once (only with `secret`). */
  events: WebhookEvent[];
  /** Verified deliveries that were repeats of a processed event (only with `secret`). */
  duplicates: WebhookEvent[];
  /** Requests answered 400 because verification failed, with the SDK's error name. */
  rejected: string[];
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<TestReceiver> {
  const dedupe = createWebhookDeduplicator();
  const arrivals = waiters();
  const changed = arrivals.check;
  const receiver: TestReceiver = {
    url: '',
    requests: [],
    abandoned: 0,
    until: arrivals.until,
    events: [],
    duplicates: [],
    rejected: [],
  };
  const server = createServer((req, res) => {
    res.on('close', () => {
      if (res.writableEnded) return;
      receiver.abandoned += 1;
      changed();
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const index = receiver.requests.push(request) - 1;
      const answer = options.answer?.(index, request) ?? 200;
      changed();
      const reply = await answer;
      let status = typeof reply === 'number' ? reply : reply.status;
      if (options.secret !== undefined) {
        const header = req.headers['x-webhook-signature'];
        try {
          const event = await constructWebhookEvent(
            request.body,
            typeof header === 'string' ? header : undefined,
            options.secret,
          );
          if (status >= 200 && status < 300) {
            if (dedupe.seen(event)) receiver.duplicates.push(event);
            else receiver.events.push(event);
          }
        } catch (error) {
          receiver.rejected.push(error instanceof Error ? error.name : String(error));
          status = 400;
        }
      }
      if (res.destroyed) return;
      if (typeof reply === 'number' || status !== reply.status) res.writeHead(status).end();
      else res.writeHead(status, reply.headers).end(reply.body);
    });
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/reservations`;
  return receiver;
}

/** A URL on 127.0.0.1 where nothing listens (the port was free a moment ago): connection refused. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

/** The event inside a received request. */
export function parsed(request: ReceivedRequest): WebhookEvent {
  return JSON.parse(request.body.toString('utf8')) as WebhookEvent;
}
