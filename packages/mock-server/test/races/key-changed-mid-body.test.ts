// Race (mock README, "Rules"): the key is judged when the request takes effect, so a key regenerated
// or revoked while a POST body is still arriving makes that POST 401 API_KEY_INVALID, and nothing is
// written (the first version checked the key on the headers and stored the booking).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/node';
import { booking, startServer, TUESDAY_NOON } from '../support/server';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a POST whose body arrives in two parts over a raw socket; `between` runs after the headers
 * and the first half have been sent (and given time to be read). Resolves to the answer.
 */
function postInTwoParts(
  server: MockServer,
  key: string,
  body: string,
  between: () => Promise<unknown>,
): Promise<{ status: number; body: string }> {
  const { port } = server.address;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received);
      if (end !== -1 && length && Buffer.byteLength(received.slice(end + 4)) >= Number(length[1])) {
        socket.destroy();
        resolve({ status: Number(received.slice(9, 12)), body: received.slice(end + 4) });
      }
    });
    socket.on('error', reject);
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST /api/v1/demo-bistro/reservations HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    // Enough for the server to have read the headers and started on the body.
    void wait(150)
      .then(between)
      .then(() => socket.write(body.slice(half)), reject);
  });
}

describe('a key changed while a request body is still arriving', () => {
  it.each([
    [
      'regenerated',
      (server: MockServer) => server.service.control.keys.regenerate('demo-bistro', 'key_demo_full'),
    ],
    ['revoked', (server: MockServer) => server.service.control.keys.revoke('demo-bistro', 'key_demo_full')],
  ])('%s: the request is 401 API_KEY_INVALID and nothing is written', async (_, change) => {
    const server = await startServer({ now: TUESDAY_NOON });
    // A target, so that a booking that slipped through would also show as a delivery.
    await server.service.control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hooks' });
    const before = await server.service.control.snapshot();
    const answer = await postInTwoParts(server, 'rk_demo_full', JSON.stringify(booking()), () =>
      change(server),
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Unauthorized',
      code: 'API_KEY_INVALID',
      message: 'Invalid API key',
    });
    const after = await server.service.control.snapshot();
    expect(after.reservations).toEqual(before.reservations);
    expect(after.customers).toEqual(before.customers);
    expect(await server.service.control.deliveries()).toEqual([]);
  });

  it('with the key unchanged, the same two-part request is 201 (the guard: the test can tell)', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const answer = await postInTwoParts(
      server,
      'rk_demo_full',
      JSON.stringify(booking()),
      async () => undefined,
    );
    expect(answer.status).toBe(201);
  });
});
