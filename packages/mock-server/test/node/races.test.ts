// Three races the first version allowed (mock README, "Rules"): a key changed while a request body
// is still arriving, concurrent clock moves, and webhook receivers that hang.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/node';
import { booking } from '../support/api';

const NOW = '2026-06-15T08:00:00Z';
const P = '/api/v1/demo-bistro';
let closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function start(options: Parameters<typeof startMockServer>[0] = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, ...options });
  closers.push(() => server.close());
  return server;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a POST whose body arrives in two parts; `between` runs after the first part has been
 * received and checked by the server. Resolves to the answer's status and body.
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
      if (end !== -1 && length && received.length >= end + 4 + Number(length[1])) {
        socket.destroy();
        resolve({ status: Number(received.slice(9, 12)), body: received.slice(end + 4) });
      }
    });
    socket.on('error', reject);
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST ${P}/reservations HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-API-Key: ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    // Enough for the server to have checked the key and started reading the body.
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
    const server = await start({ now: NOW });
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
  });

  it('with the key unchanged, the same two-part request is 201 (the test can tell)', async () => {
    const server = await start({ now: NOW });
    const answer = await postInTwoParts(
      server,
      'rk_demo_full',
      JSON.stringify(booking()),
      async () => undefined,
    );
    expect(answer.status).toBe(201);
  });
});

describe('concurrent clock moves on a frozen clock', () => {
  it('three concurrent advance(60000) move the clock three minutes, in JavaScript', async () => {
    const server = await start({ now: NOW });
    const { clock } = server.service.control;
    await Promise.all([clock.advance(60_000), clock.advance(60_000), clock.advance(60_000)]);
    expect(clock.now()).toBe('2026-06-15T08:03:00.000Z');
  });

  it('and over HTTP', async () => {
    const server = await start({ now: NOW });
    const advance = () =>
      fetch(`${server.url}/__mock/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 60_000 }) });
    const answers = await Promise.all([advance(), advance(), advance()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(server.service.control.clock.now()).toBe('2026-06-15T08:03:00.000Z');
  });
});

describe('webhook receivers that hang', () => {
  async function receiver(answer: boolean): Promise<{ url: string; arrivals: number[] }> {
    const arrivals: number[] = [];
    const http: Server = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      if (answer) res.writeHead(204).end();
      // Otherwise never answered: the mock gives up after its 5 s timeout.
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          http.closeAllConnections();
          http.close(resolve);
        }),
    );
    return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`, arrivals };
  }

  it('delay nobody else: a fast receiver gets its first attempt within a second', async () => {
    const server = await start();
    const { control } = server.service;
    const slugs = ['demo-bistro', 'hang-two', 'hang-three'];
    for (const slug of slugs.slice(1)) {
      await control.createProject({
        id: `prj_${slug}`,
        slug,
        name: slug,
        openingHours: Object.fromEntries(
          ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
            d,
            { open: '00:00', close: '24:00' },
          ]),
        ),
        apiKeys: [{ key: `rk_${slug}_key`, permissions: ['write'] }],
      });
    }
    const keys: Record<string, string> = {
      'demo-bistro': 'rk_demo_full',
      'hang-two': 'rk_hang-two_key',
      'hang-three': 'rk_hang-three_key',
      'demo-salon': 'rk_salon_full',
    };
    const hanging = await receiver(false);
    const fast = await receiver(true);
    for (const slug of slugs) await control.setWebhook(slug, { url: hanging.url });
    await control.setWebhook('demo-salon', { url: fast.url });

    const tomorrow = new Date(Date.now() + 86_400_000);
    const book = (slug: string, body: Record<string, unknown>) =>
      fetch(`${server.url}/api/v1/${slug}/reservations`, {
        method: 'POST',
        headers: { 'X-API-Key': keys[slug] ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A Tuesday-to-Friday date for the salon (open 09:00–18:00), any date for the others.
    const salonDay = new Date(tomorrow);
    while (![2, 3, 4, 5].includes(salonDay.getUTCDay())) salonDay.setUTCDate(salonDay.getUTCDate() + 1);
    const date = (d: Date) => d.toISOString().slice(0, 10);

    for (const slug of ['demo-bistro', 'hang-two', 'hang-three']) {
      const body =
        slug === 'demo-bistro'
          ? booking({ date: date(salonDay), from: '11:00', to: '12:00' })
          : booking({ date: date(tomorrow), from: '10:00', to: '11:00' });
      expect((await book(slug, body)).status).toBe(201);
    }
    while (hanging.arrivals.length < 3) await wait(10);
    const sent = Date.now();
    const salon = await book('demo-salon', {
      ...booking({ date: date(salonDay), from: '10:00', to: '11:00' }),
      phone: '+420 601 000 000',
    });
    expect(salon.status).toBe(201);
    while (fast.arrivals.length < 1 && Date.now() - sent < 4_000) await wait(10);
    expect(fast.arrivals).toHaveLength(1);
    expect((fast.arrivals[0] ?? Number.POSITIVE_INFINITY) - sent).toBeLessThan(1_000);
    expect(control.deliveries().filter((d) => d.status === 'pending')).toHaveLength(3);
  });
});
