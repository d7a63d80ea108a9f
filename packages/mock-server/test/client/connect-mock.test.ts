// connectMock() (mock README, "Remote control"): a session is created when missing and ended by
// close() only if this connection created it; errors carry the control route's status and body; the
// client entry loads nothing but fetch and web streams (no msw, no node: modules).
import { readFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectMock, MockUnreachableError, RemoteControlError } from '../../src/client';
import { silentLogger } from '../../src/index';
import { startServer } from '../support/server';

const NOW = '2030-06-17T08:00:00.000Z';

describe('connectMock', () => {
  it('creates the session when missing, and close() ends it', async () => {
    const server = await startServer({ logger: silentLogger });
    const mock = await connectMock(server.url, { session: 'w1', now: NOW, seed: 'empty' });
    expect(mock.baseUrl).toBe(`${server.url}/sessions/w1`);
    expect(mock.created).toBe(true);
    expect(server.sessions().map((s) => s.id)).toEqual(['w1']);
    expect(await mock.control.clock.now()).toBe(NOW);
    expect(await mock.control.projects()).toEqual([]);
    await mock.close();
    expect(server.sessions()).toEqual([]);
  });

  it('drives a session it creates under the URL it reached the server at (a port forward, a proxy)', async () => {
    const server = await startServer({ logger: silentLogger });
    // A port forward: another port of 127.0.0.1 that pipes every connection to the server.
    const forward = createServer((client) => {
      const upstream = connect(server.address.port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => forward.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = forward.address() as { port: number };
      const mock = await connectMock(`http://127.0.0.1:${port}`, { session: 'fwd', now: NOW });
      expect(mock.baseUrl).toBe(`http://127.0.0.1:${port}/sessions/fwd`);
      expect(await mock.control.clock.now()).toBe(NOW);
      await mock.close();
      expect(server.sessions()).toEqual([]);
    } finally {
      forward.close();
    }
  });

  it('uses an existing session as it is, and leaves it open on close()', async () => {
    const server = await startServer({ logger: silentLogger });
    const owner = await connectMock(server.url, { session: 'shared', now: NOW });
    await owner.control.clock.advance(60_000);
    const guest = await connectMock(server.url, { session: 'shared', now: '2040-01-01T00:00:00Z' });
    expect(await guest.control.clock.now()).toBe('2030-06-17T08:01:00.000Z');
    // It says it joined: `now` did not apply, and a reset gives a fresh world.
    expect(guest.created).toBe(false);
    await guest.close();
    expect(server.sessions().map((s) => s.id)).toEqual(['shared']);
    await owner.close();
    expect(server.sessions()).toEqual([]);
  });

  it.each([
    [{ maxSessions: 0 }, 'No control route POST /__mock/sessions'],
    [{ control: false }, 'Not found'],
  ])('against a server without sessions (%j), says which flags turn them off', async (options, answered) => {
    const server = await startServer({ logger: silentLogger, ...options });
    const error = await connectMock(server.url, { session: 'w1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteControlError);
    expect(error).toMatchObject({ status: 404, kind: 'not_found' });
    expect((error as Error).message).toBe(
      `The mock at ${server.url} serves no sessions: it was started with --max-sessions 0 or --no-control, or that is not the server's root URL (POST ${server.url}/__mock/sessions answered 404: ${answered})`,
    );
  });

  it('throws a RemoteControlError with the status and the route error body', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const mock = await connectMock(server.url);
    expect(mock.created).toBe(false);
    const error = await mock.control.clock.set('2020-01-01T00:00:00Z').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteControlError);
    expect(error).toMatchObject({
      name: 'RemoteControlError',
      status: 409,
      kind: 'conflict',
      code: 'CLOCK_BACKWARDS',
      body: {
        error: 'Conflict',
        message: 'The mock clock only moves forward; reset with a now to start over earlier',
        code: 'CLOCK_BACKWARDS',
      },
    });
    await expect(connectMock(server.url, { session: 'bad id' })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses trigger options that are no object, or that name the event again, before sending', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const mock = await connectMock(server.url);
    const reservations = await server.service.control.reservations('demo-bistro');
    const trigger = mock.control.trigger as (
      slug: string,
      event: string,
      options: unknown,
    ) => Promise<unknown>;
    await expect(trigger('demo-bistro', 'reservation.created', null)).rejects.toThrow(
      new TypeError('trigger options must be an object'),
    );
    await expect(
      trigger('demo-bistro', 'reservation.confirmed', {
        event: 'reservation.cancelled',
        reservationId: 'res_demo_0004',
      }),
    ).rejects.toThrow(new TypeError("event is trigger()'s second argument, not one of its options"));
    expect(await server.service.control.reservations('demo-bistro')).toEqual(reservations);
    expect(server.service.control.deliveries()).toEqual([]);
  });

  it("refuses a URL below the API's /api/v1, where every control call was a 401 asking for a key", async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await expect(connectMock(`${server.url}/api/v1/`, { session: 'w9' })).rejects.toThrow(
      new TypeError(
        `connectMock takes the mock server's root URL (e.g. http://127.0.0.1:4010), not its API under /api/v1: got ${server.url}/api/v1/`,
      ),
    );
    expect(server.sessions()).toEqual([]);
  });

  it('names the URL and how to start a mock when no server answers there', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const url = `http://127.0.0.1:${port}`;

    const error = await connectMock(url, { session: 'w1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MockUnreachableError);
    expect(error).toMatchObject({ name: 'MockUnreachableError', serverUrl: url, method: 'POST' });
    const message = (error as Error).message;
    expect(message).toContain(`No mock server answers at ${url}`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toContain(`npx reservation-mock --port ${port}`);
    expect((error as Error).cause).toBeInstanceOf(TypeError);

    // Without a session, the first control call says the same.
    const mock = await connectMock(`${url}/`);
    await expect(mock.control.clock.now()).rejects.toThrow(
      `No mock server answers at ${url} (GET ${url}/__mock/clock: fetch failed, ECONNREFUSED)`,
    );
    await expect(mock.control.subscribe(() => undefined)).rejects.toBeInstanceOf(MockUnreachableError);
  });

  it('takes a fetch of its own', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const seen: string[] = [];
    const mock = await connectMock(server.url, {
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await mock.control.clock.now();
    expect(seen).toEqual([`${server.url}/__mock/clock`]);
  });

  it('imports nothing at run time: only types (so no msw and no node: module)', async () => {
    const source = await readFile(new URL('../../src/client.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });
});
