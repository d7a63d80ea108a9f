// Requests pipelined on one connection (HTTP/1.1): every request that takes effect is answered, in
// order. Before, a refused request whose body the server never read (a 401, a GET with a body)
// closed the connection after its answer while a write pipelined behind it took effect unanswered:
// a client would book again.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server';

/** Writes `raw` in one packet; the status lines the server wrote back once `count` arrived (or it closed). */
function pipelined(port: number, raw: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    // An answer's status line follows the body before it directly (no line break after a body).
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1] ?? '');
    const done = () => {
      socket.destroy();
      resolve(statuses());
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (statuses().length >= count && /\r\n\r\n[\s\S]*\}$/.test(text)) done();
    });
    socket.on('error', reject);
    socket.on('close', done);
    socket.write(raw);
  });
}

const booking = JSON.stringify({ email: 'pipe@example.com', date: '2030-06-18', from: '12:00', to: '13:00' });

function request(port: number, method: string, path: string, headers: Record<string, string>, body = '') {
  const lines = Object.entries({
    Host: `127.0.0.1:${port}`,
    ...headers,
    'Content-Length': String(body.length),
  });
  return `${method} ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

describe('pipelined requests on one connection', () => {
  it.each([
    [
      'a GET with a body nobody reads',
      'GET',
      '/api/v1/demo-bistro/info',
      { 'X-API-Key': 'rk_demo_full' },
      'hello',
      '200',
    ],
    [
      'a POST refused without a key (its body unread)',
      'POST',
      '/api/v1/demo-bistro/reservations',
      { 'Content-Type': 'application/json' },
      '{}',
      '401',
    ],
  ])(
    'after %s, the booking behind it is answered, not only made',
    async (_, method, path, headers, body, first) => {
      const server = await startServer({ now: '2030-06-17T08:00:00Z' });
      const { port } = server.address;
      const raw =
        request(port, method, path, headers, body) +
        request(
          port,
          'POST',
          '/api/v1/demo-bistro/reservations',
          { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
          booking,
        );
      expect(await pipelined(port, raw, 2)).toEqual([first, '201']);
      expect(server.service.control.requests.list().map((entry) => entry.status)).toEqual([
        Number(first),
        201,
      ]);
      // Made once, and its answer above: the client has no reason to book again.
      const bookings = (await server.service.control.reservations('demo-bistro')).filter(
        (r) => r.customer.email === 'pipe@example.com',
      );
      expect(bookings).toHaveLength(1);
    },
  );

  it('a booking followed by bytes that are no request: its 201 first, then the 400 for the rest', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { port } = server.address;
    const raw = `${request(port, 'POST', '/api/v1/demo-bistro/reservations', { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' }, booking)}garbage\r\n\r\n`;
    expect(await pipelined(port, raw, 2)).toEqual(['201', '400']);
    expect(server.service.control.requests.list().map((entry) => entry.status)).toEqual([201]);
  });

  it('an event stream followed by bytes that are no request: the connection is closed within seconds', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { port } = server.address;
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.write(`GET /__mock/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\ngarbage\r\n\r\n`);
    // More bad bytes while it waits: refused once, not once per chunk.
    setTimeout(() => socket.write('more garbage\r\n\r\n'), 200);
    await closed;
    expect(Date.now() - started).toBeLessThan(9_000);
  }, 15_000);
});
