// Which way a standalone server's mocks send their deliveries (mock README, "Webhooks"): the mocks the
// server makes go over its node:http transport; a server given a mock (`service`) leaves the sending
// to it, and its sessions send through fetch, as mocks in process do, so a patched fetch sees them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMockCore, type MockCore, silentLogger } from '../../src/index';
import { booking } from '../support/api';
import { mockRequest } from '../support/mock-request';
import { startServer } from '../support/server';

const NOW = '2026-06-15T08:00:00.000Z';
const HOOK = 'http://hooks.test/in';
const BOOKING = booking({ guests: 2, tableId: 'tbl_02', serviceIds: ['svc_lunch'] });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs the global fetch for HOOK only (everything else goes out as before); the URLs it saw. */
function interceptHook(): string[] {
  const seen: string[] = [];
  const real = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(HOOK)) return real(input, init);
    seen.push(url);
    return new Response(null, { status: 204 });
  });
  return seen;
}

async function bookWithWebhook(core: MockCore, url = HOOK): Promise<void> {
  await core.control.setWebhook('demo-bistro', { url });
  const answer = await core.handle(
    mockRequest('POST', `${core.baseUrl}/api/v1/demo-bistro/reservations`, {
      key: 'rk_demo_full',
      json: BOOKING,
    }),
  );
  expect(answer?.status).toBe(201);
  await core.control.settled();
}

describe("a standalone server's deliveries", () => {
  it('of a server given a mock: its sessions send through fetch (a patched fetch sees them)', async () => {
    const seen = interceptHook();
    let session: MockCore | undefined;
    const server = await startServer({
      service: createMockCore({ now: NOW, logger: silentLogger }),
      logger: silentLogger,
      onSessionStart: (_id, core) => {
        session = core;
      },
    });
    const created = await fetch(`${server.url}/__mock/sessions`, {
      method: 'POST',
      body: JSON.stringify({ id: 'w1', now: NOW }),
    });
    expect(created.status).toBe(201);
    if (!session) throw new Error('no session started');
    await bookWithWebhook(session);
    expect(seen).toEqual([HOOK]);
    expect(session.control.deliveries()[0]?.status).toBe('delivered');
  });

  it('of the mocks a server makes: over its own transport, not the global fetch', async () => {
    // A real receiver on 127.0.0.1; the global fetch is wrapped to note every call made to it.
    let received = 0;
    const receiver = createServer((req, res) => {
      received++;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      receiver.closeAllConnections();
      receiver.close();
    });
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
    const throughFetch: string[] = [];
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(target)) throughFetch.push(url);
      return real(input, init);
    });
    let session: MockCore | undefined;
    const server = await startServer({
      now: NOW,
      logger: silentLogger,
      onSessionStart: (_id, core) => {
        session = core;
      },
    });
    await fetch(`${server.url}/__mock/sessions`, {
      method: 'POST',
      body: JSON.stringify({ id: 'w1', now: NOW }),
    });
    if (!session) throw new Error('no session started');
    await bookWithWebhook(session, target);
    expect(received).toBe(1);
    expect(throughFetch).toEqual([]);
    expect(session.control.deliveries()[0]?.status).toBe('delivered');
  });
});
