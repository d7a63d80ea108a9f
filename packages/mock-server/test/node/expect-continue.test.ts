// `Expect: 100-continue` (curl sends it for bodies over 1 KB; node:http and undici clients can ask for
// it): the client holds its body back until the server says `100 Continue`. node:http said so itself
// before the mock saw the request, so a client went on uploading a body the checks then refused
// unread (a request without a key, one over the size limit). Now `100 Continue` comes only when the
// pipeline reads the body, after the key, project, route and permission checks.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server';

const booking = JSON.stringify({
  email: 'expect@example.com',
  date: '2030-06-18',
  from: '12:00',
  to: '13:00',
});

/** A raw connection that collects what the server writes and whether it closed. */
function open(port: number): { socket: Socket; text: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, text: () => text, closed };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function head(port: number, headers: Record<string, string>, length: number): string {
  const lines = Object.entries({
    Host: `127.0.0.1:${port}`,
    'Content-Type': 'application/json',
    Expect: '100-continue',
    ...headers,
    'Content-Length': String(length),
  });
  return `POST /api/v1/demo-bistro/reservations HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);

describe('Expect: 100-continue on the standalone server', () => {
  it('answers a request without a key 401 without asking for its body, and closes the connection', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { socket, text, closed } = open(server.address.port);
    socket.write(head(server.address.port, {}, booking.length));
    await closed;
    expect(statuses(text())).toEqual(['401']);
    expect(server.service.control.requests.list().map((entry) => entry.status)).toEqual([401]);
  });

  it('answers a request pipelined behind a refused one whose client sent its body anyway', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { port } = server.address;
    const { socket, text } = open(port);
    const clock = JSON.stringify({ advanceMs: 3_600_000 });
    socket.write(
      `${head(port, { 'X-API-Key': 'rk_wrong' }, booking.length)}${booking}` +
        `POST /__mock/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${clock.length}\r\n\r\n${clock}`,
    );
    // Whatever takes effect is answered: the clock moved, and the client is told so.
    await until(() => statuses(text()).length === 3 && text().endsWith('}'));
    expect(statuses(text())).toEqual(['100', '401', '200']);
    expect(server.service.control.clock.now()).toBe('2030-06-17T09:00:00.000Z');
    socket.destroy();
  });

  it('answers a body announced over the limit 413 without asking for it', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { socket, text, closed } = open(server.address.port);
    socket.write(head(server.address.port, { 'X-API-Key': 'rk_demo_full' }, 65 * 1024 + 1));
    await closed;
    expect(statuses(text())).toEqual(['413']);
  });

  it('says 100 Continue once the checks pass, then books with the body sent after it', async () => {
    const server = await startServer({ now: '2030-06-17T08:00:00Z' });
    const { socket, text } = open(server.address.port);
    socket.write(head(server.address.port, { 'X-API-Key': 'rk_demo_full' }, booking.length));
    await until(() => statuses(text()).length === 1);
    expect(statuses(text())).toEqual(['100']);
    socket.write(booking);
    await until(() => statuses(text()).length === 2 && text().endsWith('}'));
    expect(statuses(text())).toEqual(['100', '201']);
    // The connection is kept for the next request.
    expect(socket.destroyed).toBe(false);
    socket.destroy();
    const made = (await server.service.control.reservations('demo-bistro')).filter(
      (r) => r.customer.email === 'expect@example.com',
    );
    expect(made).toHaveLength(1);
  });
});
