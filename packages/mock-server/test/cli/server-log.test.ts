// The standalone server's terminal log (mock README, "Watching the mock"), read from the built
// binary's output: a line per request (mock time, session, method, session-relative path, status,
// code, request id, duration, the rule of a 4xx) and per webhook attempt (delivery id, event,
// target, status or network error, duration, next attempt); --log json and off; no control
// character from input ever reaches the terminal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAttemptTracker, requestLine } from '../../src/cli/event-lines';
import { createLineWriter } from '../../src/cli/server-log';
import type { JournalEntry } from '../../src/observers/journal';
import type { Delivery, DeliveryAttempt } from '../../src/observers/webhooks';
import { ANY_CONTROL, RAW_CONTROL, refusedPort, request, startCli, startMockCli } from './support';

const NOW = '2030-06-17T08:00:00.000Z';
const KEY = { 'X-API-Key': 'rk_demo_full' };
const booking = { email: 'log@example.com', date: '2030-06-18', from: '12:00', to: '13:00' };

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { ...KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('reservation-mock terminal log', () => {
  it('prints a line per request and per webhook attempt, pretty and without colours when not on a terminal', async () => {
    const port = await refusedPort();
    const { cli, url } = await startMockCli([
      '--now',
      NOW,
      '--webhook-url',
      `demo-bistro=http://127.0.0.1:${port}/hooks`,
    ]);

    // A path with an escaped ESC and C1 CSI: printed as it came, percent-encoded.
    await fetch(`${url}/api/v1/demo-bistro/res%1b[2Jx%c2%9b`, { headers: KEY });
    await cli.waitFor(/GET \/api\/v1\/demo-bistro\/res%1b\[2Jx%c2%9b 404 NOT_FOUND req_\d+ \d+ms/);

    await post(`${url}/api/v1/demo-bistro/reservations`, { email: 'log@example.com' });
    const [invalid] = await cli.waitFor(/.*POST \/api\/v1\/demo-bistro\/reservations 400 .*/);
    expect(invalid).toMatch(new RegExp(`^${NOW} POST .* 400 req_\\d+ \\d+ms \\(MISSING_FIELDS: .+\\)$`));

    const created = await post(`${url}/api/v1/demo-bistro/reservations`, booking);
    expect(created.status).toBe(201);
    await cli.waitFor(new RegExp(`${NOW} POST /api/v1/demo-bistro/reservations 201 req_\\d+ \\d+ms\\n`));
    // The refused receiver: the attempt's network error and when the next one is due (1 minute on).
    const [attempt] = await cli.waitFor(/.*webhook whd_\S+ reservation\.created #1 .*/);
    expect(attempt).toContain(`→ http://127.0.0.1:${port}/hooks`);
    expect(attempt).toMatch(/ECONNREFUSED/);
    expect(attempt).toMatch(/\d+ms next attempt 2030-06-17T08:01:00\.000Z$/);

    // A session's request: its id, and the path below its /sessions/{id}.
    const session = await request(`${url}/__mock/sessions`, 'POST', { id: 'w1', now: NOW });
    expect(session.status).toBe(201);
    await fetch(`${url}/sessions/w1/api/v1/demo-bistro/reservations`, { headers: KEY });
    await cli.waitFor(new RegExp(`${NOW} \\[w1\\] GET /api/v1/demo-bistro/reservations 200 req_\\d+`));

    // A change made through the control interface: a line of its own, the session's named.
    await request(`${url}/sessions/w1/__mock/clock`, 'POST', { advanceMs: 60_000 });
    await cli.waitFor(/2030-06-17T08:01:00\.000Z \[w1\] control: clock now 2030-06-17T08:01:00\.000Z\n/);
    await request(`${url}/__mock/reset`, 'POST');
    await cli.waitFor(new RegExp(`${NOW} control: reset\\n`));

    expect(cli.stdout()).not.toMatch(RAW_CONTROL);
    expect(cli.stdout()).not.toContain('\u001b');
  }, 60_000);

  it('--log json prints one JSON object per line, parseable, with the same fields', async () => {
    const { cli, url } = await startMockCli(['--now', NOW, '--log', 'json']);
    await fetch(`${url}/api/v1/demo-bistro/reservations/res_nope`, { headers: KEY });
    const [line] = await cli.waitFor(/\{"type":"request".*\}/);
    expect(JSON.parse(line)).toMatchObject({
      type: 'request',
      at: NOW,
      session: null,
      method: 'GET',
      path: '/api/v1/demo-bistro/reservations/res_nope',
      status: 404,
      code: 'RESERVATION_NOT_FOUND',
      requestId: expect.stringMatching(/^req_\d+$/),
      durationMs: expect.any(Number),
      rule: expect.stringContaining('RESERVATION_NOT_FOUND'),
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    // stdout is the log alone, a JSON object per line (for jq or a log shipper); the banner and the
    // shutdown notice are on stderr.
    const lines = cli
      .stdout()
      .split('\n')
      .filter((text) => text !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const text of lines) expect(() => JSON.parse(text), text).not.toThrow();
    expect(cli.stderr()).toContain('Reservation API mock listening on');
    expect(cli.stderr()).toContain('SIGTERM: shutting down');
  }, 60_000);

  it('--log off prints no request line', async () => {
    const { cli, url } = await startMockCli(['--now', NOW, '--log', 'off']);
    await fetch(`${url}/api/v1/demo-bistro/reservations`, { headers: KEY });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    // A line for the request would have been printed before the shutdown notice.
    expect(cli.stdout()).toContain('SIGTERM: shutting down');
    expect(cli.stdout()).not.toContain('GET /api/v1/demo-bistro/reservations');
  }, 60_000);

  it('takes no inherited object member for a command name: an unknown command, bad usage (2), listing them', async () => {
    const cli = startCli(['toString']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr().trim()).toBe(
      "Unknown command 'toString': the commands are trigger, listen, deliveries, redeliver, coverage; without one, the mock starts (reservation-mock --help)",
    );
  }, 30_000);

  it('says a command given after a flag must come first', async () => {
    const cli = startCli(['--port', '0', 'listen']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr().trim()).toBe("'listen' must come first: reservation-mock listen [options]");
  }, 30_000);

  it('refuses an unknown flag as bad usage (2), pointing at --help', async () => {
    const cli = startCli(['--prot', '4011']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/Unknown option '--prot'.*\(reservation-mock --help lists the options\)/);
  }, 30_000);

  it('prints the options the README lists, word for word', async () => {
    const cli = startCli(['--help']);
    expect(await cli.exited).toBe(0);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const block = /```\n(--port PORT[\s\S]*?)```/.exec(readme)?.[1];
    // The help's options: from `--port` to the blank line after them, without the indent.
    const help = cli.stdout().split('\n');
    const first = help.indexOf('  --port PORT          port to listen on (default 4010; 0 = any free port)');
    const options = help.slice(first, help.indexOf('', first)).map((line) => line.slice(2));
    expect(first).toBeGreaterThan(0);
    expect(block?.trimEnd().split('\n')).toEqual(options);
  }, 30_000);

  it('keeps serving when its stdout reader goes away (`| head -1`), where an EPIPE ended it', async () => {
    const { cli, url } = await startMockCli(['--now', NOW]);
    // The reader closes its end, as `head -1` does once it has its line.
    cli.child.stdout?.destroy();
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${url}/api/v1/demo-bistro/info`, { headers: KEY });
      expect(answer.status).toBe(200);
      // Each request is a log line: a write to the closed pipe after it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cli.child.exitCode).toBeNull();
    expect(cli.stderr()).not.toContain('EPIPE');
  }, 30_000);

  it('refuses an unknown --log value, naming the three', async () => {
    const cli = startCli(['--log', 'loud']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('--log must be pretty, json or off, got loud');
  }, 30_000);
});

describe('request lines', () => {
  const entry = (overrides: Partial<JournalEntry>): JournalEntry => ({
    id: 'req_000001',
    at: NOW,
    wallTime: NOW,
    method: 'GET',
    path: '/api/v1/demo-bistro/reservations',
    query: '',
    project: 'demo-bistro',
    key: 'none',
    body: null,
    status: 400,
    error: { code: 'VALIDATION_ERROR', message: 'x' },
    operationId: null,
    rule: 'VALIDATION_ERROR: x',
    reservations: [],
    deliveries: [],
    durationMs: 1,
    response: { body: '', truncated: false },
    ...overrides,
  });

  it('escape every control character of the entry, in pretty and in json', () => {
    const hostile = entry({
      path: '/sessions/w1/api/v1/\u001b[2J\u009b31m',
      query: '?q=\r\u0007',
      rule: 'VALIDATION_ERROR: \u001b]8;;http://evil\u0007link\u202e',
    });
    const pretty = requestLine(hostile, 'w1', '/sessions/w1', { format: 'pretty', colour: false });
    expect(pretty).toBe(
      `${NOW} [w1] GET /api/v1/\\x1b[2J\\x9b31m?q=\\x0d\\x07 400 VALIDATION_ERROR req_000001 1ms (\\x1b]8;;http://evil\\x07link\\u202e — x)`,
    );
    const json = requestLine(hostile, 'w1', '/sessions/w1', { format: 'json', colour: false });
    expect(json).not.toMatch(ANY_CONTROL);
    expect(JSON.parse(json)).toMatchObject({ path: '/api/v1/\u001b[2J\u009b31m?q=\r\u0007' });
  });

  it('colour only the status and the dim parts when asked', () => {
    const coloured = requestLine(entry({ status: 503, error: { code: null, message: '' } }), null, '', {
      format: 'pretty',
      colour: true,
    });
    expect(coloured).toContain('\u001b[31m503\u001b[0m');
    expect(coloured).not.toContain('\u001b[31m(');
  });

  it('names the rule of every error, a fault 5xx and a dropped connection too, and the message of a 400, 409 or 422', () => {
    const line = (overrides: Partial<JournalEntry>) =>
      requestLine(entry(overrides), null, '', { format: 'pretty', colour: false });
    expect(
      line({
        status: 503,
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
        rule: 'fault flt_0001',
      }),
    ).toMatch(/ 503 INTERNAL_ERROR req_000001 1ms \(fault flt_0001\)$/);
    expect(line({ status: 0, error: null, rule: 'fault flt_0002 (connection reset)' })).toMatch(
      / 0 req_000001 1ms \(fault flt_0002 \(connection reset\)\)$/,
    );
    expect(
      line({
        error: { code: 'VALIDATION_ERROR', message: 'date: must be a date in YYYY-MM-DD format' },
        rule: 'VALIDATION_ERROR: a field or parameter is invalid',
      }),
    ).toMatch(
      // The code once: the rule's `CODE: ` is left out beside it.
      / 400 VALIDATION_ERROR req_000001 1ms \(a field or parameter is invalid — date: must be a date in YYYY-MM-DD format\)$/,
    );
    // A 404's message says no more than its rule: the rule alone.
    expect(
      line({ status: 404, error: { code: 'NOT_FOUND', message: 'Not found' }, rule: 'NOT_FOUND: no route' }),
    ).toMatch(/ 404 NOT_FOUND req_000001 1ms \(no route\)$/);
    expect(line({ status: 200, error: null, rule: 'ok' })).not.toContain('(');
    // A refused key: the rule and its reason, no bracket inside another.
    expect(
      line({
        status: 401,
        error: { code: 'API_KEY_INVALID', message: 'Invalid API key' },
        rule: 'API_KEY_INVALID: key unknown, revoked or regenerated — no key has this value: unknown, or regenerated',
      }),
    ).toMatch(
      / 401 API_KEY_INVALID req_000001 1ms \(key unknown, revoked or regenerated — no key has this value: unknown, or regenerated\)$/,
    );
    const json = requestLine(
      entry({ error: { code: 'VALIDATION_ERROR', message: 'date: bad' }, rule: 'VALIDATION_ERROR: invalid' }),
      null,
      '',
      { format: 'json', colour: false },
    );
    expect(JSON.parse(json)).toMatchObject({ rule: 'VALIDATION_ERROR: invalid', message: 'date: bad' });
  });
});

describe('createLineWriter', () => {
  it('writes the lines of one task together once it ends, in order; flush() writes at once', async () => {
    const writes: string[] = [];
    const writer = createLineWriter((text) => writes.push(text));
    writer.print('a');
    writer.print('b');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    writer.print('c');
    writer.flush();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
  });
});

describe('createAttemptTracker', () => {
  const attempt = (number: number): DeliveryAttempt => ({
    number,
    at: NOW,
    url: 'http://127.0.0.1:1/hooks',
    request: { headers: {} },
    durationMs: 1,
  });
  const delivery = (id: string, attempts: number, status: Delivery['status'] = 'pending'): Delivery => ({
    id,
    event: 'reservation.created',
    projectId: 'prj_demo_bistro',
    reservationId: 'res_0001',
    url: 'http://127.0.0.1:1/hooks',
    status,
    attempts: Array.from({ length: attempts }, (_, i) => attempt(i + 1)),
    nextAttemptAt: null,
    createdAt: NOW,
    body: '{}',
    signature: `sha256=${'0'.repeat(64)}`,
  });
  const numbers = (attempts: DeliveryAttempt[]) => attempts.map((a) => a.number);

  it('gives each attempt once: none for a new delivery or a status change, the last for one first seen late', () => {
    const unprinted = createAttemptTracker();
    expect(numbers(unprinted(delivery('whd_a', 0)))).toEqual([]);
    expect(numbers(unprinted(delivery('whd_a', 1)))).toEqual([1]);
    expect(numbers(unprinted(delivery('whd_a', 1, 'failed')))).toEqual([]);
    expect(numbers(unprinted(delivery('whd_a', 3)))).toEqual([2, 3]);
    expect(numbers(unprinted(delivery('whd_b', 4)))).toEqual([4]);
    // The same id with fewer attempts is another delivery (ids restart after a reset).
    expect(numbers(unprinted(delivery('whd_a', 1)))).toEqual([1]);
  });
});
