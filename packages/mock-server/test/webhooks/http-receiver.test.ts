// Against a real node:http server on 127.0.0.1: what actually goes over the wire, with the global
// fetch (undici), not a stub.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDispatcher } from '../../src/observers/webhooks/dispatcher';
import type { WebhookDispatcherOptions } from '../../src/observers/webhooks/types';
import { createManualClock } from '../../src/runtime/clock';
import { createSequentialIds } from '../../src/runtime/ids';
import { createdEvent, HOUR, nodeSignature, SECRET, START } from './support';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Set when the client went away before the receiver answered. */
  abortedRequests: number;
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** `answer` replies to the n-th request; leaving `res` unanswered is a receiver that hangs. */
async function startReceiver(answer: (index: number, res: ServerResponse) => void): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], abortedRequests: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = receiver.received.length;
      receiver.received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      answer(index, res);
      if (!res.writableEnded) {
        res.on('close', () => {
          if (!res.writableEnded) receiver.abortedRequests += 1;
        });
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks/reservations`;
  return receiver;
}

function dispatcherFor(url: string, overrides: Partial<WebhookDispatcherOptions> = {}) {
  const clock = createManualClock(START);
  const dispatcher = createWebhookDispatcher({
    clock,
    ids: createSequentialIds(),
    getTarget: () => ({ url, secret: SECRET }),
    ...overrides,
  });
  return { clock, dispatcher };
}

describe('webhook delivery to a real HTTP receiver', () => {
  it('puts the documented headers and the exact signed bytes on the wire', async () => {
    const receiver = await startReceiver((_, res) => {
      res.writeHead(204).end();
    });
    const { dispatcher } = dispatcherFor(receiver.url);
    const event = createdEvent();

    dispatcher.enqueue('demo-bistro', event);
    await dispatcher.idle();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hooks/reservations');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toBe('reservation-mock');
    expect(request?.headers['x-webhook-delivery']).toBe('whd_0001');
    // UTF-8 bytes of the one serialisation (the event has non-ASCII text), and the signature over them.
    expect(request?.body.equals(Buffer.from(JSON.stringify(event, null, 2), 'utf8'))).toBe(true);
    expect(request?.headers['x-webhook-signature']).toBe(nodeSignature(request?.body ?? Buffer.alloc(0)));
    expect(request?.headers['content-length']).toBe(String(request?.body.length));
    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'delivered',
      attempts: [{ number: 1, responseStatus: 204 }],
    });
  });

  it('retries after a 500 with byte-identical body and signature, and drains the error body', async () => {
    const receiver = await startReceiver((index, res) => {
      if (index === 0) res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(100_000));
      else res.writeHead(200).end('ok');
    });
    const { dispatcher } = dispatcherFor(receiver.url);

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.setTime(START + 3 * HOUR);

    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second?.body.equals(first?.body ?? Buffer.alloc(0))).toBe(true);
    expect(second?.headers['x-webhook-signature']).toBe(first?.headers['x-webhook-signature']);
    expect(dispatcher.deliveries()[0]?.attempts.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
  });

  it('does not follow a redirect: a 301 is a failed attempt and the POST is not re-sent elsewhere', async () => {
    const receiver = await startReceiver((_, res) => {
      res.writeHead(301, { location: '/elsewhere' }).end();
    });
    const { dispatcher } = dispatcherFor(receiver.url);

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(receiver.received.map((r) => r.url)).toEqual(['/hooks/reservations']);
    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: [{ number: 1, responseStatus: 301 }],
    });
  });

  it('records a refused connection as a failed attempt with the reason', async () => {
    const receiver = await startReceiver(() => undefined);
    const closed = servers.pop();
    await new Promise<void>((resolve) => closed?.close(() => resolve()));
    const { dispatcher } = dispatcherFor(receiver.url);

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const attempt = dispatcher.deliveries()[0]?.attempts[0];
    expect(attempt?.responseStatus).toBeUndefined();
    expect(attempt?.error).toMatch(/ECONNREFUSED/);
  });

  it('abandons a receiver that does not answer in time and closes the connection', async () => {
    const receiver = await startReceiver(() => undefined);
    const { dispatcher } = dispatcherFor(receiver.url, { timeoutMs: 100 });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(dispatcher.deliveries()[0]?.attempts[0]?.error).toBe('timeout after 100 ms');
    await expect.poll(() => receiver.abortedRequests).toBe(1);
  });
});
