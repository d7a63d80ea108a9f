// A client that goes away in the middle of its body is nobody's error (mock README, "The request
// journal"): it gets no answer, no journal entry, and nothing is logged, on the API and the control
// routes alike. Before, the failed body read was journaled as a 500 "bug in the mock" and logged.
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../src/index';
import type { MockLogger } from '../../src/runtime/logger';
import { startServer } from '../support/server';

/**
 * Sends the head and half the announced body, then closes its side; resolves with what the server
 * wrote back once the server has closed the connection (by then it has given up on the request).
 */
function halfBody(port: number, method: string, path: string): Promise<string> {
  const body = JSON.stringify({ email: 'guest@example.com', date: '2030-06-18', from: '12:00', to: '13:00' });
  const half = body.slice(0, Math.floor(body.length / 2));
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: rk_demo_full\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${half}`,
      () => socket.end(),
    );
  });
}

function spyLogger() {
  return { error: vi.fn<MockLogger['error']>(), warn: vi.fn<MockLogger['warn']>() };
}

describe('a client that disconnects mid-body', () => {
  it('on an API route: no answer, no journal entry, nothing logged, nothing written', async () => {
    const logger = spyLogger();
    const server = await startServer({ logger, now: '2030-06-17T08:00:00Z' });
    const count = async () => (await server.service.control.snapshot()).reservations?.length;
    const before = await count();
    const written = await halfBody(server.address.port, 'POST', '/api/v1/demo-bistro/reservations');
    // A complete request afterwards is answered and journaled as usual.
    const after = await fetch(`${server.url}/api/v1/demo-bistro/info`, {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });

    expect(written).toBe('');
    expect(after.status).toBe(200);
    expect(logger.error).not.toHaveBeenCalled();
    expect(server.service.control.requests.list().map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200']);
    expect(await count()).toBe(before);
  });

  it('on a control route: no answer, nothing logged, nothing changed', async () => {
    const logger = spyLogger();
    const server = await startServer({ logger, now: '2030-06-17T08:00:00Z' });
    const before = server.service.control.clock.now();
    const written = await halfBody(server.address.port, 'POST', '/__mock/clock');
    await server.service.control.settled();

    expect(written).toBe('');
    expect(logger.error).not.toHaveBeenCalled();
    expect(server.service.control.clock.now()).toBe(before);
  });

  it('through mock.fetch(): a body stream that fails gets a network error, no journal entry, no log', async () => {
    const logger = spyLogger();
    const mock = createMockService({ logger, now: '2030-06-17T08:00:00Z' });
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) {
          controller.error(new Error('the client went away'));
          return;
        }
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"email":"guest@'));
      },
    });
    const response = await mock.fetch(
      new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );

    expect(response?.type).toBe('error');
    expect(logger.error).not.toHaveBeenCalled();
    expect(mock.control.requests.list()).toEqual([]);
    mock.close();
  });
});
