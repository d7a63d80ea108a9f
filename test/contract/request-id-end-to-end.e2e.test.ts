// One request id, end to end: a failed SDK call against the standalone mock carries the id of the
// mock's journal entry (`X-Request-Id`) in the error (`requestId`), in the SDK's log record of that
// call, in the journal itself, and the dashboard opened in Chromium finds the entry by that id and
// shows its method, path and status. Each link is checked by equality with the error's id, so a
// broken link (a missing header, another id in the log, a journal keyed otherwise, a search that
// shows another entry) fails here.
import { type Browser, chromium } from '@playwright/test';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { ConflictError, createReservationClient, type Logger, type LogRecord } from '@reservation-api/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../support/chromium';

const NOW = '2030-06-17T08:00:00Z';
/** Tuesday: demo-bistro is open in the evening. */
const TOMORROW = '2030-06-18';

describe('one request id in the SDK error, its log record, the journal and the dashboard', () => {
  let server: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: NOW });
    browser = await chromium.launch(await findChromium());
  }, 60_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
  });

  it('follows the id of a 409 from the SDK error to the dashboard', async () => {
    const records: Array<{ level: string; message: string; record: LogRecord }> = [];
    const at =
      (level: string) =>
      (message: string, record: LogRecord): void => {
        records.push({ level, message, record });
      };
    const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
    const client = createReservationClient({
      baseUrl: server.url,
      apiKey: 'rk_demo_full',
      project: 'demo-bistro',
      logger,
      logLevel: 'debug',
    });
    const booking = {
      email: 'jana@example.com',
      date: TOMORROW,
      from: '19:00',
      to: '21:00',
      tableId: 'tbl_02',
    };
    await client.reservations.create({ ...booking, guests: 2 });
    records.length = 0;

    // The same table at the same time: 409 DOUBLE_BOOKING.
    const error = await client.reservations.create({ ...booking, guests: 2 }).then(
      () => expect.fail('expected a double booking'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    if (!(error instanceof ConflictError)) return;
    expect(error).toMatchObject({ status: 409, code: 'DOUBLE_BOOKING' });
    const id = error.requestId;
    expect(id).toMatch(/^req_\d+$/);

    // The SDK's log record of that call (one attempt: a 409 is not retried) carries the same id.
    const attempts = records.filter((r) => r.record.status === 409);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.record.requestId).toBe(id);

    // The mock journaled the call under that id.
    const entry = server.service.control.requests.list().find((e) => e.id === id);
    expect(entry).toMatchObject({
      id,
      method: 'POST',
      path: '/api/v1/demo-bistro/reservations',
      status: 409,
      error: expect.objectContaining({ code: 'DOUBLE_BOOKING' }),
    });
    // It is the newest entry: the id names this call, not an earlier one.
    expect(server.service.control.requests.list().at(-1)?.id).toBe(id);

    // The dashboard finds it by that id and shows its detail.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${server.url}/__mock/`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      const search = page.getByRole('search', { name: 'Find a request by id' });
      await search.getByRole('searchbox', { name: 'Request id' }).fill(String(id));
      await search.getByRole('button', { name: 'Find' }).click();
      const detail = page.getByRole('region', { name: 'Request detail' });
      const field = (label: string) =>
        detail.getByRole('row', { name: new RegExp(`^${label} `) }).getByRole('cell');
      await expect.poll(() => field('Journal id').textContent(), { timeout: 10_000 }).toBe(id);
      expect(await field('Status').textContent()).toBe('409');
      expect(await field('Error').textContent()).toContain('DOUBLE_BOOKING');
      expect(await detail.getByRole('heading', { level: 3 }).textContent()).toBe(
        'POST /api/v1/demo-bistro/reservations',
      );
      // The list's row of that entry is the selected one.
      const row = page
        .getByRole('list', { name: 'Requests, newest first' })
        .getByRole('button', { name: new RegExp(`, ${id}$`) });
      expect(await row.getAttribute('aria-current')).toBe('true');
    } finally {
      await page.close();
    }
  }, 60_000);
});
