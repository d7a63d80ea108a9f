// GET /__mock/events is bounded (SECURITY.md): each event is formatted once whatever the number of
// clients, a client that stops reading is dropped once more than 1 MiB waits unsent for it (the
// others keep their stream), and at most 64 clients watch at a time (the next gets 503 with a message
// that names the limit).
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockEvent } from '../../src/observers/mock-events';
import { createEventStream, type EventStream, MAX_EVENT_CLIENTS } from '../../src/transports/events-stream';
import { startServer } from '../support/server';
import { waiters } from '../support/waiters';

/** An event bus of our own, to emit events of any size. */
function fakeBus() {
  const listeners = new Set<(event: MockEvent) => void>();
  return {
    subscribe(listener: (event: MockEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: MockEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A node:http server that serves only the event stream; `added` counts the clients it took. */
async function streamServer(stream: EventStream) {
  const added = waiters();
  let count = 0;
  const server: Server = createServer((req, res) => {
    if (!stream.add(req, res, {})) {
      res.writeHead(503);
      res.end();
      return;
    }
    count += 1;
    added.check();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    stream.close();
    server.closeAllConnections();
    server.close();
  });
  return {
    port: (server.address() as AddressInfo).port,
    /** Resolves once the stream has taken `n` clients in all. */
    added: (n: number) => added.until(() => count >= n),
  };
}

interface Reader {
  res: IncomingMessage;
  received: () => string;
  /** Resolves once `holds()` is true, checked again on each chunk that arrives. */
  until: (holds: () => boolean) => Promise<void>;
}

/** A client that reads everything; resolves once the stream's head has arrived. */
function reader(port: number): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      const arrived = waiters();
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        arrived.check();
      });
      cleanups.push(() => res.destroy());
      resolve({ res, received: () => text, until: arrived.until });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A client that asks for the stream and then never reads a byte. */
function pausedClient(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => undefined);
  socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  cleanups.push(() => socket.destroy());
  return socket;
}

const stateEvent = (id: string): MockEvent => ({
  type: 'state',
  data: { kind: 'reservation', at: '2030-06-17T08:00:00.000Z', id },
});

describe('the event stream', () => {
  it('formats each event once, however many clients watch', async () => {
    const bus = fakeBus();
    const stream = createEventStream(bus);
    const { port } = await streamServer(stream);
    const clients = await Promise.all([reader(port), reader(port), reader(port)]);
    let serialised = 0;
    const data = { kind: 'reservation', at: '2030-06-17T08:00:00.000Z', id: 'res_0001' } as const;
    bus.emit({
      type: 'state',
      data: Object.assign(
        {
          toJSON() {
            serialised += 1;
            return data;
          },
        },
        data,
      ),
    });
    const frame = `event: state\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of clients) await client.until(() => client.received().includes(frame));
    expect(serialised).toBe(1);
  });

  it('drops a client that stops reading once more than 1 MiB waits for it, and keeps the others', async () => {
    const bus = fakeBus();
    const stream = createEventStream(bus);
    const { port, added } = await streamServer(stream);
    const active = await reader(port);
    pausedClient(port);
    await added(2);
    expect(stream.clients).toBe(2);

    // 64 KiB events until the paused client is dropped (the kernel buffers a few MiB first); the
    // bound on the loop only keeps a regression from running forever.
    const id = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (stream.clients === 2 && sent < 4000) {
      bus.emit(stateEvent(id));
      sent += 1;
      // The reading client reads, the paused one does not.
      await nextTurn();
    }
    expect(stream.clients).toBe(1);
    expect(active.res.destroyed).toBe(false);
    bus.emit(stateEvent('last'));
    await active.until(() => active.received().endsWith('"id":"last"}\n\n'));
  });

  it(`refuses client ${MAX_EVENT_CLIENTS + 1} with 503 and a message naming the limit, and takes one again when a client leaves`, async () => {
    const server = await startServer();
    const open: IncomingMessage[] = [];
    for (let i = 0; i < MAX_EVENT_CLIENTS; i++) {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(`${server.url}/__mock/events`, { agent: false }, resolve);
        req.on('error', reject);
        req.end();
      });
      expect(res.statusCode).toBe(200);
      res.on('error', () => undefined);
      open.push(res);
    }
    cleanups.push(() => {
      for (const res of open) res.destroy();
    });

    const refused = await fetch(`${server.url}/__mock/events`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: 'Service Unavailable',
      message: `Too many event-stream clients: at most ${MAX_EVENT_CLIENTS} may watch at a time; close one and retry`,
    });

    open.pop()?.destroy();
    // Until the server has seen the client go; each try is a new connection, so the default 1 s of
    // polling could run out on a loaded machine (the test's own timeout is the bound that matters).
    await expect
      .poll(
        async () => {
          const again = await fetch(`${server.url}/__mock/events`);
          await again.body?.cancel();
          return again.status;
        },
        { timeout: 15_000 },
      )
      .toBe(200);
  });
});
