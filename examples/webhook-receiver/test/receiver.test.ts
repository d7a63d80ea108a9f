// The receiver on its own (deliveries signed here with the SDK), against the standalone mock over
// real HTTP, and as the CLI in a child process. Everything binds 127.0.0.1 on free ports.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { constructWebhookEvent, signWebhookPayload, type WebhookEvent } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createReceiver, type Receiver, type ReceiverOptions } from '../src/receiver';

const SECRET = 'whsec_demo_bistro';
/** A Monday morning in Prague; the demo bistro is open on Tuesday 2026-06-16. */
const NOW = '2026-06-15T08:00:00.000Z';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Started {
  receiver: Receiver;
  lines: string[];
  handled: WebhookEvent[];
}

async function startReceiver(overrides: Partial<ReceiverOptions> = {}): Promise<Started> {
  const lines: string[] = [];
  const handled: WebhookEvent[] = [];
  const receiver = await createReceiver({
    secret: SECRET,
    port: 0,
    log: (line) => lines.push(line),
    onEvent: (event) => {
      handled.push(event);
    },
    ...overrides,
  });
  cleanups.push(() => receiver.close());
  return { receiver, lines, handled };
}

function createdEvent(id = 'res_0001'): WebhookEvent {
  return {
    event: 'reservation.created',
    timestamp: NOW,
    projectId: 'prj_demo_bistro',
    data: {
      reservation: {
        id,
        date: '2026-06-16',
        from: '12:00',
        to: '13:00',
        status: 'PENDING',
        guests: 2,
        note: 'U okna 🙂',
        customer: { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.com', phone: null },
        services: [{ id: 'svc_lunch', name: 'Obědové menu' }],
        table: { id: 'tbl_02', name: 'Stůl 2' },
        createdAt: NOW,
      },
    },
  };
}

async function deliver(
  url: string,
  body: string,
  signature: string | null,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers['X-Webhook-Signature'] = signature;
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

describe('createReceiver', () => {
  it('accepts a correctly signed event, processes it once and logs event, id and status', async () => {
    const { receiver, lines, handled } = await startReceiver();
    const body = JSON.stringify(createdEvent());
    const answer = await deliver(receiver.url, body, await signWebhookPayload(body, SECRET));
    expect(answer.status).toBe(200);
    expect(handled).toEqual([createdEvent()]);
    expect(receiver.events).toEqual([createdEvent()]);
    expect(lines).toEqual(['reservation.created res_0001 PENDING']);
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
  });

  it('verifies the raw bytes, so a body with unusual spacing and key order is accepted as sent', async () => {
    const { receiver, handled } = await startReceiver();
    // Parsing and re-serialising this body would change its bytes and break the signature.
    const event = createdEvent();
    const body = `{ "projectId":"prj_demo_bistro",  "data": ${JSON.stringify(event.data, null, 3)},\n"timestamp":"${NOW}", "event":"reservation.created" }`;
    const answer = await deliver(receiver.url, body, await signWebhookPayload(body, SECRET));
    expect(answer.status).toBe(200);
    expect(handled).toEqual([event]);
  });

  it('rejects a tampered body with 400 and a short reason, and processes nothing', async () => {
    const { receiver, lines, handled } = await startReceiver();
    const body = JSON.stringify(createdEvent());
    const signature = await signWebhookPayload(body, SECRET);
    const tampered = body.replace('"guests":2', '"guests":9');
    expect(tampered).not.toBe(body);
    const answer = await deliver(receiver.url, tampered, signature);
    expect(answer).toEqual({ status: 400, text: 'invalid signature\n' });
    expect(handled).toEqual([]);
    expect(receiver.events).toEqual([]);
    // The log (not the sender) gets the SDK's message, which says what is wrong.
    expect(lines).toEqual([expect.stringMatching(/^rejected: invalid signature \(.*signature.*\)$/)]);
  });

  it('logs why when its secret is not set, while the sender gets the short reason', async () => {
    const { receiver, lines } = await startReceiver({ secret: undefined as unknown as string });
    const body = JSON.stringify(createdEvent());
    const answer = await deliver(receiver.url, body, await signWebhookPayload(body, SECRET));
    expect(answer).toEqual({ status: 400, text: 'invalid signature\n' });
    expect(lines).toEqual([expect.stringContaining('secret is missing (is its environment variable set?)')]);
  });

  it('rejects a signature made with another secret, without echoing either secret', async () => {
    const { receiver, handled } = await startReceiver();
    const body = JSON.stringify(createdEvent());
    const answer = await deliver(receiver.url, body, await signWebhookPayload(body, 'whsec_someone_else'));
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('whsec_');
    expect(handled).toEqual([]);
  });

  it('rejects a delivery without X-Webhook-Signature with 400', async () => {
    const { receiver, handled } = await startReceiver();
    const answer = await deliver(receiver.url, JSON.stringify(createdEvent()), null);
    expect(answer).toEqual({ status: 400, text: 'missing X-Webhook-Signature header\n' });
    expect(handled).toEqual([]);
  });

  it('rejects a correctly signed body that is not a known event with 400 invalid payload', async () => {
    const { receiver, lines, handled } = await startReceiver();
    for (const body of ['{"event":"reservation.moved","data":{}}', 'not json']) {
      const answer = await deliver(receiver.url, body, await signWebhookPayload(body, SECRET));
      expect(answer).toEqual({ status: 400, text: 'invalid payload\n' });
    }
    expect(handled).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^rejected: invalid payload \(Webhook body is not a known event/),
      'rejected: invalid payload (Webhook body is not valid JSON.)',
    ]);
  });

  it('answers 200 to a repeated delivery but processes it only once', async () => {
    const { receiver, lines, handled } = await startReceiver();
    const body = JSON.stringify(createdEvent());
    const signature = await signWebhookPayload(body, SECRET);
    const first = await deliver(receiver.url, body, signature);
    const again = await deliver(receiver.url, body, signature);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.text).toBe('duplicate\n');
    expect(handled).toHaveLength(1);
    expect(receiver.events).toHaveLength(1);
    expect(lines).toEqual([
      'reservation.created res_0001 PENDING',
      'duplicate (ignored): reservation.created res_0001 PENDING',
    ]);
    // Another reservation's event is not a duplicate.
    const other = JSON.stringify(createdEvent('res_0002'));
    await deliver(receiver.url, other, await signWebhookPayload(other, SECRET));
    expect(handled.map((e) => e.data.reservation.id)).toEqual(['res_0001', 'res_0002']);
  });

  it('answers 500 when processing fails, and processes the retry instead of dropping it as a repeat', async () => {
    let failures = 1;
    const { receiver, handled } = await startReceiver({
      onEvent: (event) => {
        if (failures-- > 0) throw new Error('database down');
        handled.push(event);
      },
    });
    const body = JSON.stringify(createdEvent());
    const signature = await signWebhookPayload(body, SECRET);
    expect((await deliver(receiver.url, body, signature)).status).toBe(500);
    expect(receiver.events).toEqual([]);
    expect((await deliver(receiver.url, body, signature)).status).toBe(200);
    expect(handled).toHaveLength(1);
    expect(receiver.events).toHaveLength(1);
  });

  it('answers 409 to a retry while the first copy is processed, and processes a later retry if that copy fails', async () => {
    let release: (error: Error) => void = () => undefined;
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let calls = 0;
    const { receiver, handled } = await startReceiver({
      onEvent: (event) => {
        calls++;
        // The first copy outlasts the service's timeout, then fails.
        if (calls === 1) {
          started();
          return new Promise<void>((_, reject) => (release = reject));
        }
        handled.push(event);
      },
    });
    const body = JSON.stringify(createdEvent());
    const signature = await signWebhookPayload(body, SECRET);
    const first = deliver(receiver.url, body, signature);
    await firstStarted;
    expect(await deliver(receiver.url, body, signature)).toEqual({ status: 409, text: 'in progress\n' });
    release(new Error('database down'));
    expect((await first).status).toBe(500);
    expect(await deliver(receiver.url, body, signature)).toEqual({ status: 200, text: 'ok\n' });
    expect(handled).toHaveLength(1);
  });

  it('accepts the old secret during a rotation', async () => {
    const { receiver, handled } = await startReceiver({ secret: ['whsec_new', SECRET] });
    const body = JSON.stringify(createdEvent());
    expect((await deliver(receiver.url, body, await signWebhookPayload(body, SECRET))).status).toBe(200);
    expect(handled).toHaveLength(1);
  });

  it('answers 404 off its path, 405 for other methods and 413 for an oversized body', async () => {
    const { receiver, handled } = await startReceiver({ maxBodyBytes: 1024 });
    const base = new URL(receiver.url);
    expect((await fetch(new URL('/other', base), { method: 'POST', body: '{}' })).status).toBe(404);
    const get = await fetch(receiver.url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const big = 'x'.repeat(4096);
    expect((await deliver(receiver.url, big, await signWebhookPayload(big, SECRET))).status).toBe(413);
    expect(handled).toEqual([]);
  });
});

// --- Against the standalone mock over real HTTP -----------------------------------------------

interface ApiAnswer {
  status: number;
  body: unknown;
}

function apiFor(server: MockServer) {
  return async (method: string, path: string, json?: unknown): Promise<ApiAnswer> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'X-API-Key': 'rk_demo_full',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

async function startMock(webhookUrl: string): Promise<MockServer> {
  const server = await startMockServer({ port: 0, host: '127.0.0.1', now: NOW, webhookUrl });
  cleanups.push(() => server.close());
  return server;
}

function reservationId(answer: ApiAnswer): string {
  expect(answer.status).toBe(201);
  const { reservation } = answer.body as { reservation: { id: string } };
  return reservation.id;
}

describe('the receiver against the standalone mock', () => {
  it('takes the event of the largest customer the API can build (fields from three 64 KiB bookings) with its default limit', async () => {
    const { receiver, handled } = await startReceiver();
    const server = await startMock(receiver.url);
    // One customer (found by e-mail) whose first name, last name and phone each came with a booking
    // of 64 KiB: the third booking's event carries all three.
    const booking = { email: 'jana@example.com', date: '2026-06-16', to: '13:00' };
    const slots = ['12:00', '12:30', '13:30'];
    for (const [i, field] of ['firstName', 'lastName', 'phone'].entries()) {
      const base = { ...booking, from: slots[i], to: i === 2 ? '14:30' : '13:00', tableId: `tbl_0${i + 1}` };
      const padding = 64 * 1024 - Buffer.byteLength(JSON.stringify({ ...base, [field]: '' }));
      const body = JSON.stringify({
        ...base,
        [field]: field === 'phone' ? '1'.repeat(padding) : 'x'.repeat(padding),
      });
      expect(Buffer.byteLength(body)).toBe(64 * 1024);
      const created = await fetch(`${server.url}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
        body,
      });
      expect(created.status, await created.text()).toBe(201);
    }
    await server.service.control.settled();
    const largest = Math.max(...server.service.control.deliveries().map((d) => Buffer.byteLength(d.body)));
    expect(largest).toBeGreaterThan(3 * 64 * 1024);
    expect(server.service.control.deliveries().map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(handled).toHaveLength(3);
  });

  it("receives every event of each reservation's life in order, nothing for NO_SHOW, all delivered", async () => {
    // Deliveries do not wait on each other (mock README, "Rules"), so each step waits for the
    // delivery it caused: the order below is then the order of the life, not a race.
    const { receiver, lines } = await startReceiver();
    const server = await startMock(receiver.url);
    const api = apiFor(server);
    const P = '/api/v1/demo-bistro/reservations';
    const book = (from: string, to: string) =>
      api('POST', P, {
        email: 'jana@example.com',
        firstName: 'Jana',
        date: '2026-06-16',
        from,
        to,
        guests: 2,
      });

    const completed = reservationId(await book('12:00', '13:00'));
    await server.service.control.settled();
    expect((await api('PATCH', `${P}/${completed}/status`, { status: 'CONFIRMED' })).status).toBe(200);
    await server.service.control.settled();
    expect((await api('PATCH', `${P}/${completed}/status`, { status: 'COMPLETED' })).status).toBe(200);
    await server.service.control.settled();

    const deleted = reservationId(await book('13:00', '14:00'));
    await server.service.control.settled();
    expect((await api('DELETE', `${P}/${deleted}`)).status).toBe(200);
    await server.service.control.settled();

    const cancelled = reservationId(await book('18:00', '19:00'));
    await server.service.control.settled();
    const patch = await api('PATCH', `${P}/${cancelled}/status`, { status: 'CANCELLED', reason: 'Weather' });
    expect(patch.status).toBe(200);
    await server.service.control.settled();

    const noShow = reservationId(await book('19:00', '20:00'));
    await server.service.control.settled();
    expect((await api('PATCH', `${P}/${noShow}/status`, { status: 'CONFIRMED' })).status).toBe(200);
    await server.service.control.settled();
    expect((await api('PATCH', `${P}/${noShow}/status`, { status: 'NO_SHOW' })).status).toBe(200);

    await server.service.control.settled();

    const summary = receiver.events.map((e) => [e.event, e.data.reservation.id]);
    expect(summary).toEqual([
      ['reservation.created', completed],
      ['reservation.confirmed', completed],
      ['reservation.completed', completed],
      ['reservation.created', deleted],
      ['reservation.cancelled', deleted],
      ['reservation.created', cancelled],
      ['reservation.cancelled', cancelled],
      ['reservation.created', noShow],
      ['reservation.confirmed', noShow],
    ]);
    const reservations = receiver.events.map((e) => e.data.reservation);
    expect(reservations[0]).toMatchObject({
      status: 'PENDING',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
      guests: 2,
      customer: { firstName: 'Jana', email: 'jana@example.com' },
    });
    expect(reservations[1]).toEqual({
      id: completed,
      status: 'CONFIRMED',
      previousStatus: 'PENDING',
      confirmedBy: 'key_demo_full',
    });
    expect(reservations[2]).toEqual({ id: completed, status: 'COMPLETED' });
    expect(reservations[4]).toEqual({
      id: deleted,
      status: 'CANCELLED',
      previousStatus: 'PENDING',
      reason: '',
      cancelledBy: 'key_demo_full',
    });
    expect(reservations[6]).toEqual({
      id: cancelled,
      status: 'CANCELLED',
      previousStatus: 'PENDING',
      reason: 'Weather',
      cancelledBy: 'key_demo_full',
    });
    expect(reservations[8]).toMatchObject({ id: noShow, status: 'CONFIRMED', confirmedBy: 'key_demo_full' });
    expect(receiver.events.every((e) => e.projectId === 'prj_demo_bistro')).toBe(true);
    expect(lines).toContain(`reservation.cancelled ${cancelled} CANCELLED`);
    expect(lines).toHaveLength(9);

    const log = await fetch(`${server.url}/__mock/webhooks/deliveries`);
    const { deliveries } = (await log.json()) as {
      deliveries: Array<{ event: string; status: string; url: string; attempts: unknown[] }>;
    };
    expect(deliveries.map((d) => d.event)).toEqual(summary.map(([event]) => event));
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'delivered', url: receiver.url });
      expect(delivery.attempts).toEqual([expect.objectContaining({ number: 1, responseStatus: 200 })]);
    }

    // The receiver's event coverage (the mock README, "Coverage"): each webhook event of the contract,
    // counted once for every delivery the receiver acknowledged with a 2xx. 0 would name an event
    // this receiver was never shown.
    const coverage = await fetch(`${server.url}/__mock/coverage`);
    const { items } = (await coverage.json()) as {
      items: Array<{ kind: string; id: string; count: number }>;
    };
    const events = items.filter((item) => item.kind === 'event');
    console.log(
      `Event coverage of this receiver:\n${events.map((e) => `  ${e.id.padEnd(24)} ${e.count}`).join('\n')}`,
    );
    expect(events).toEqual([
      { kind: 'event', id: 'reservation.created', count: 4 },
      { kind: 'event', id: 'reservation.confirmed', count: 2 },
      { kind: 'event', id: 'reservation.cancelled', count: 2 },
      { kind: 'event', id: 'reservation.completed', count: 1 },
    ]);
  });
});

// --- The CLI ---------------------------------------------------------------------------------------

const exampleDir = fileURLToPath(new URL('..', import.meta.url));
// tsx as a loader in this one process, not its CLI: the CLI runs the script in a second process,
// which a SIGKILL of the first (the cleanup after a failed test) would leave running.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Collects a child's stdout and resolves when a line matches (rejects if it exits first). */
function waitForLine(child: ChildProcess, output: string[], pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      for (const line of output.join('').split('\n')) {
        const match = pattern.exec(line);
        if (match) {
          child.stdout?.off('data', onData);
          child.off('exit', onExit);
          resolve(match);
          return true;
        }
      }
      return false;
    };
    const onData = () => void check();
    const onExit = (code: number | null) =>
      reject(new Error(`exited (${code}) before printing ${pattern}:\n${output.join('')}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    check();
  });
}

describe('the CLI (src/main.ts)', () => {
  it('starts with the demo secret, logs a real delivery from the mock, and exits 0 on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    delete env.WEBHOOK_SECRET;
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, '--conditions=@reservation-api/source', 'src/main.ts'],
      {
        cwd: exampleDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const errors: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
    const exited = once(child, 'exit');
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    });

    const [, url] = await waitForLine(child, output, /listening on (http:\/\/127\.0\.0\.1:\d+\/webhooks)/);
    if (!url) throw new Error('no URL');
    const server = await startMock(url);
    const created = await apiFor(server)('POST', '/api/v1/demo-bistro/reservations', {
      email: 'cli@example.com',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    const id = reservationId(created);
    await waitForLine(child, output, new RegExp(`^reservation\\.created ${id} PENDING$`));
    await server.service.control.settled();
    expect(server.service.control.deliveries()).toMatchObject([{ status: 'delivered' }]);

    child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect({ code, signal, errors: errors.join('') }).toEqual({ code: 0, signal: null, errors: '' });
    expect(output.join('')).toContain('SIGTERM: shutting down');
  });
});

// --- The local loop: `reservation-mock trigger` against a started mock ----------------------------

const mockCli = fileURLToPath(
  new URL(
    'src/cli.ts',
    new URL(
      '.',
      pathToFileURL(createRequire(import.meta.url).resolve('@reservation-api/mock-server/package.json')),
    ),
  ),
);

/** Runs `reservation-mock <args>` (from source, as the other CLI tests do) to its exit. */
async function reservationMock(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, '--conditions=@reservation-api/source', mockCli, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

// Child processes start slowly on a loaded machine: these tests get a generous timeout.
describe('reservation-mock trigger with this receiver', () => {
  it('triggers each of the four events from the CLI; the receiver verifies every delivery', async () => {
    const { receiver, lines } = await startReceiver();
    const server = await startMock(receiver.url);
    const expected: Array<[string, string]> = [];
    for (const event of [
      'reservation.created',
      'reservation.confirmed',
      'reservation.cancelled',
      'reservation.completed',
    ] as const) {
      const run = await reservationMock([
        'trigger',
        event,
        '--url',
        server.url,
        '--project',
        'demo-bistro',
        '--json',
      ]);
      expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
      const { reservationId, deliveries } = JSON.parse(run.stdout) as {
        reservationId: string;
        deliveries: string[];
      };
      await server.service.control.settled();
      // Every event on the way: confirmed and cancelled after created, completed after confirmed.
      expect(deliveries).toHaveLength(
        {
          'reservation.created': 1,
          'reservation.confirmed': 2,
          'reservation.cancelled': 2,
          'reservation.completed': 3,
        }[event],
      );
      for (const id of deliveries) expected.push([id, reservationId]);
      // Deliveries never wait on each other, so the triggered event need not be the last to arrive.
      expect(receiver.events).toContainEqual(
        expect.objectContaining({
          event,
          data: expect.objectContaining({ reservation: expect.objectContaining({ id: reservationId }) }),
        }),
      );
    }
    // Each delivery verified (signature over the raw bytes, schema) and processed once, by its id.
    // In any order: deliveries never wait on each other.
    const byId = (a: (string | undefined)[], b: (string | undefined)[]) =>
      String(a[0]).localeCompare(String(b[0]));
    expect(
      receiver.events
        .map((e) => [(e as { deliveryId?: string }).deliveryId, e.data.reservation.id])
        .sort(byId),
    ).toEqual([...expected].sort(byId));
    expect(lines.filter((line) => line.startsWith('rejected'))).toEqual([]);
    expect(server.service.control.deliveries().every((d) => d.status === 'delivered')).toBe(true);
  }, 120_000);

  it('exits non-zero with a clear message for an unknown event or when no mock is running', async () => {
    const unknown = await reservationMock(['trigger', 'reservation.moved']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain(
      'Unknown event "reservation.moved": use one of reservation.created, reservation.confirmed, reservation.cancelled, reservation.completed',
    );
    const server = await startMockServer({ port: 0, host: '127.0.0.1' });
    const url = server.url;
    await server.close();
    const refused = await reservationMock(['trigger', 'reservation.created', '--url', url]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`No mock is running at ${url} (connection refused)`);
  }, 120_000);
});

describe('a receiver that verifies JSON.stringify(JSON.parse(body))', () => {
  it('fails locally against the mock, while verifying the raw bytes of the same request passes', async () => {
    const results: Array<{ reserialised: string; raw: string }> = [];
    const naive = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const outcome = (body: string | Uint8Array) =>
          constructWebhookEvent(body, req.headers, SECRET).then(
            () => 'verified',
            (error: unknown) => (error instanceof Error ? error.name : String(error)),
          );
        // The classic bug: a framework parsed the JSON and the receiver signs what it re-serialises.
        results.push({
          reserialised: await outcome(JSON.stringify(JSON.parse(raw.toString('utf8')))),
          raw: await outcome(raw),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => naive.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          naive.close(() => resolve());
          naive.closeAllConnections();
        }),
    );
    const server = await startMock(`http://127.0.0.1:${(naive.address() as AddressInfo).port}/webhooks`);
    await server.service.control.trigger('demo-bistro', 'reservation.confirmed');
    await server.service.control.settled();
    expect(results).toEqual([
      { reserialised: 'WebhookSignatureError', raw: 'verified' },
      { reserialised: 'WebhookSignatureError', raw: 'verified' },
    ]);
  });
});
