// Runs the quickstart against the real standalone mock server (HTTP on 127.0.0.1, a free port):
// first in-process through main(), so the test can pin "now" and read what it printed, then as
// the real program in a child process, exactly as `pnpm start` runs it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { createReservationClient } from '@reservation-api/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { main, type QuickstartResult } from '../src/quickstart';

const SLUG = 'demo-bistro';
const API_KEY = 'rk_demo_full';
/** Monday 15 June 2026, 10:00 in Prague: before opening, so every slot of the day is still ahead. */
const MONDAY_10AM = '2026-06-15T08:00:00.000Z';
/** Sunday 21 June 2026, 10:00 in Prague: demo-bistro is closed on Sundays. */
const SUNDAY_10AM = '2026-06-21T08:00:00.000Z';

const exampleDir = resolve(import.meta.dirname, '..');

let server: MockServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(now?: string): Promise<MockServer> {
  server = await startMockServer({ port: 0, host: '127.0.0.1', seed: 'demo', ...(now ? { now } : {}) });
  return server;
}

async function runMain(
  mock: MockServer,
  now: string,
): Promise<{ lines: string[]; result: QuickstartResult }> {
  const lines: string[] = [];
  const result = await main({
    baseUrl: mock.url,
    apiKey: API_KEY,
    project: SLUG,
    log: (line) => lines.push(line),
    now: new Date(now),
  });
  return { lines, result };
}

describe('quickstart main()', () => {
  it('prints the project, the day, every reservation, and books, confirms and cancels on a free table', async () => {
    const mock = await start(MONDAY_10AM);
    const { lines, result } = await runMain(mock, MONDAY_10AM);

    expect(lines[0]).toBe('Project: Demo Bistro (demo-bistro), time zone Europe/Prague');
    expect(lines).toContain(
      'Today: 2026-06-15 (Monday): open 11:00–22:00, break 15:00–17:00, 9 of 9 slots free',
    );
    expect(lines).toContain('  11:00–12:00 free');
    // The paging walk (5 per page) saw all six demo reservations, in list order.
    expect(result.reservationsSeen).toBe(6);
    expect(lines.filter((line) => /^ {2}res_demo_\d{4} /.test(line))).toHaveLength(6);
    expect(lines).toContain('  6 in total');

    // The smallest table for two in the first free slot: tbl_01 (2 seats, first by position).
    expect(result).toMatchObject({ date: '2026-06-15', from: '11:00', to: '12:00', tableId: 'tbl_01' });
    expect(lines).toContain(`Created ${result.reservationId}: 2026-06-15 11:00–12:00 at Stůl 1, PENDING`);
    expect(lines).toContain(`History of ${result.reservationId}: created → confirmed → cancelled`);
  });

  it('says a project without tables has nothing to book, rather than "no table for 2 guests"', async () => {
    const mock = await start(MONDAY_10AM);
    const run = main({
      baseUrl: mock.url,
      apiKey: 'rk_salon_full',
      project: 'demo-salon',
      log: () => undefined,
      now: new Date(MONDAY_10AM),
    });
    await expect(run).rejects.toThrow(/^demo-salon has no tables: this quickstart books a table/);
    // Nothing was booked.
    const booked = await mock.service.control.reservations('demo-salon');
    expect(booked.some((r) => r.customer.email === 'quickstart@example.com')).toBe(false);
  });

  it('catches the DOUBLE_BOOKING by type and leaves only its own, cancelled reservation behind', async () => {
    const mock = await start(MONDAY_10AM);
    const { lines, result } = await runMain(mock, MONDAY_10AM);

    expect(result.doubleBookingCaught).toBe(true);
    expect(lines).toContain(
      'Second booking of Stůl 1 refused: 409 DOUBLE_BOOKING (Table is already reserved for this time slot)',
    );

    // The server's view: our reservation ended CANCELLED through confirm and cancel by our key...
    const stored = await mock.service.control.getReservation(SLUG, result.reservationId);
    expect(stored.status).toBe('CANCELLED');
    expect(stored.table?.id).toBe('tbl_01');
    expect(stored.statusHistory.map((entry) => entry.action)).toEqual(['created', 'confirmed', 'cancelled']);
    // ...and the refused second booking created nothing: six demo reservations plus ours.
    const client = createReservationClient({ baseUrl: mock.url, apiKey: API_KEY, project: SLUG });
    expect((await client.reservations.list()).total).toBe(7);
  });

  it('skips a table that is already booked in the chosen slot', async () => {
    const mock = await start(MONDAY_10AM);
    await mock.service.control.addReservation(SLUG, {
      date: '2026-06-15',
      from: '11:00',
      to: '12:00',
      status: 'CONFIRMED',
      customer: { email: 'early.bird@example.com' },
      tableId: 'tbl_01',
    });

    const { result } = await runMain(mock, MONDAY_10AM);

    // tbl_05 is the other two-seat table; the slot itself is still "available" (any table free).
    expect(result).toMatchObject({ from: '11:00', tableId: 'tbl_05' });
  });

  it('on a closed day shows why and books on the next open day', async () => {
    const mock = await start(SUNDAY_10AM);
    const { lines, result } = await runMain(mock, SUNDAY_10AM);

    expect(lines).toContain('Today: 2026-06-21 (Sunday): closed, Closed');
    expect(lines).toContain(
      'Next: 2026-06-22 (Monday): open 11:00–22:00, break 15:00–17:00, 9 of 9 slots free',
    );
    expect(result.date).toBe('2026-06-22');
    expect((await mock.service.control.getReservation(SLUG, result.reservationId)).status).toBe('CANCELLED');
  });
});

describe('quickstart as a program (what CI runs)', () => {
  const START = 'tsx --conditions=@reservation-api/source src/quickstart.ts';

  /** Runs the `start` script's command with the given base URL; resolves when the process exits. */
  function runScript(baseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const [, ...args] = START.split(' ');
    const child = spawn(resolve(exampleDir, 'node_modules/.bin/tsx'), args, {
      cwd: exampleDir,
      env: { ...process.env, RESERVATION_API_URL: baseUrl },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Asynchronous on purpose: the mock server answers from this same process's event loop.
    return new Promise((done, fail) => {
      child.on('error', fail);
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
  }

  it('`pnpm start` runs the same command this test runs', () => {
    const pkg = JSON.parse(readFileSync(resolve(exampleDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(START);
  });

  it('exits 0 against a running mock, leaving its reservation cancelled', async () => {
    const mock = await start(); // real clock, like `pnpm start`: the script decides "today" itself

    const { code, stdout, stderr } = await runScript(mock.url);

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('409 DOUBLE_BOOKING');
    const id = /^Created (res_\w+):/m.exec(stdout)?.[1];
    expect(id).toBeDefined();
    expect((await mock.service.control.getReservation(SLUG, id ?? '')).status).toBe('CANCELLED');
  });

  it('exits 1 with a hint when nothing listens at the base URL', async () => {
    const mock = await start();
    const url = mock.url;
    await mock.close(); // the port is now closed
    server = undefined;

    const { code, stderr } = await runScript(url);

    expect(code).toBe(1);
    expect(stderr).toContain('ConnectionError');
    expect(stderr).toContain('Start the mock first: pnpm start');
  });
});
