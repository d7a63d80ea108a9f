// Browser end-to-end test of the booking widget: builds it with Vite, serves the build with
// `vite preview`, and drives Chromium (the system one or the npm one, never a downloaded browser:
// test/support/chromium.ts) with playwright-core; the service worker is proven on both once.
// The API is the in-browser MSW mock with its clock pinned, so dates and slots are deterministic.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { components } from '@reservation-api/sdk';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_SOURCES,
  findChromium,
  hasSystemChromium,
  systemChromiumPath,
} from '../../../test/support/chromium';

type Schemas = components['schemas'];

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(root, 'test-output');
const SLUG = 'demo-bistro';
/** Tuesday 2026-12-01, 09:00 in Prague: the day is open and no slot of it is past yet. */
const NOW = '2026-12-01T08:00:00Z';
/** Friday: open 11:00–22:00 with a 15:00–17:00 break; the demo data has no active booking on it. */
const DAY = '2026-12-04';
const GUESTS = 2;
const TIMEOUT = 60_000;
/**
 * Waits for the page to catch up: generous, as a loaded machine can overrun expect.poll's default
 * second; half the test's timeout, so a page that never catches up fails with what was awaited.
 */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: TIMEOUT / 2 });

const slot = (page: Page, from: string) => page.locator(`[data-testid="slot-${from}"]`);

function hexToRgb(hex: string): string {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('booking widget in Chromium (mock mode)', () => {
  let outDir: string | undefined;
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  const pageErrors: string[] = [];

  /** Runs in the page: GET on the mocked API (the in-page mock adds the demo key). */
  const apiGet = <T>(path: string) =>
    page.evaluate(async (url) => (await fetch(url)).json(), `/api/v1/${SLUG}${path}`) as Promise<T>;

  /** Runs in the page: another client books through the mock ("taken meanwhile"). */
  const bookElsewhere = (body: Schemas['CreateReservationRequest']) =>
    page.evaluate(async (b) => {
      if (!window.__mock) throw new Error('window.__mock is missing (e2e=1 not honoured?)');
      return window.__mock.book(b);
    }, body);

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'booking-widget-'));
    const inline = {
      configFile: join(root, 'vite.config.ts'),
      root,
      logLevel: 'warn' as const,
    };
    await build({ ...inline, mode: 'production', build: { outDir, emptyOutDir: true } });
    server = await preview({
      ...inline,
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${address.port}`;

    browser = await chromium.launch({ ...(await findChromium()), timeout: TIMEOUT });
    page = await browser.newPage({ viewport: { width: 720, height: 1000 } });
    page.setDefaultTimeout(TIMEOUT);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await mkdir(outputDir, { recursive: true });
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    if (outDir) await rm(outDir, { recursive: true, force: true });
  }, TIMEOUT);

  // Once on each browser: the system Chromium (when the machine has one) and the npm one that
  // `pnpm install` brings, which is what runs every browser test on a machine without the first.
  for (const source of CHROMIUM_SOURCES) {
    const absent = source === 'system' && !hasSystemChromium();
    it.skipIf(absent)(
      `the service worker answers in the ${source} Chromium${absent ? ` (none at ${systemChromiumPath()})` : ''}`,
      async () => {
        const own = await chromium.launch({ ...(await findChromium({ source })), timeout: TIMEOUT });
        try {
          const tab = await own.newPage();
          await tab.goto(`${baseUrl}/?mode=mock&e2e=1&now=${encodeURIComponent(NOW)}`);
          await tab.locator('[data-testid="widget"][data-ready="true"]').waitFor({ timeout: TIMEOUT });
          expect(await tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
          const info = await tab.evaluate(async (url) => (await fetch(url)).json(), `/api/v1/${SLUG}/info`);
          expect(info).toMatchObject({ project: { slug: SLUG } });
        } finally {
          await own.close();
        }
      },
      TIMEOUT,
    );
  }

  it(
    'starts the MSW worker, applies the branding and defaults to the next open day',
    async () => {
      await page.goto(`${baseUrl}/?mode=mock&e2e=1&now=${encodeURIComponent(NOW)}`);
      await page.locator('[data-testid="widget"][data-ready="true"]').waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      const info = await apiGet<Schemas['ProjectInfoResponse']>('/info');
      expect(await page.getByTestId('project-name').textContent()).toBe(info.project.name);
      const primary = await page.evaluate(() =>
        document.documentElement.style.getPropertyValue('--primary').trim(),
      );
      expect(primary).toBe(info.branding.primary);
      const headerColour = await page
        .locator('.brand')
        .evaluate((header) => getComputedStyle(header).backgroundColor);
      expect(headerColour).toBe(hexToRgb(info.branding.primary));

      // 09:00 on an open Tuesday: today is the next open day.
      expect(await page.getByTestId('date').inputValue()).toBe('2026-12-01');
      await eventually(() => slot(page, '11:00').isEnabled()).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'shows holidays and Sundays as closed',
    async () => {
      await page.getByTestId('date').fill('2026-12-24');
      await eventually(() => page.getByTestId('day-status').textContent()).toContain('Štědrý den');
      expect(await page.locator('[data-testid="slots"] button').count()).toBe(0);

      await page.getByTestId('date').fill('2026-12-06');
      await eventually(() => page.getByTestId('day-status').textContent()).toContain('Closed');
    },
    TIMEOUT,
  );

  it(
    'books a slot, shows the confirmation and disables the now fully booked slot',
    async () => {
      await page.getByTestId('date').fill(DAY);
      await eventually(() => slot(page, '12:00').isEnabled()).toBe(true);
      // Slots follow the break: none from 15:00 to 17:00.
      expect(await slot(page, '15:00').count()).toBe(0);
      expect(await slot(page, '17:00').count()).toBe(1);

      // A slot is free while any table is: other guests take every table but ours at 12:00.
      const { tables } = await apiGet<Schemas['TableListResponse']>('/tables');
      const fitting = tables.filter((t) => t.capacity >= GUESTS);
      const ours = fitting[0];
      if (!ours) throw new Error('the demo data has no table for two');
      for (const [i, table] of tables.entries()) {
        if (table.id === ours.id) continue;
        const result = await bookElsewhere({
          email: `other${i}@example.com`,
          date: DAY,
          from: '12:00',
          to: '12:30',
          tableId: table.id,
        });
        expect(result.status).toBe(201);
      }

      await page.getByTestId('guests').fill(String(GUESTS));
      await slot(page, '12:00').click();
      expect(await slot(page, '12:00').getAttribute('aria-pressed')).toBe('true');
      const options = await page
        .locator('[data-testid="table-select"] option[value]:not([value=""])')
        .count();
      expect(options).toBe(fitting.length);
      await page.getByTestId('table-select').selectOption(ours.id);
      await page.getByTestId('name').fill('Jana Nováková');
      await page.getByTestId('email').fill('jana@example.com');
      await page.getByTestId('book').click();

      const confirmation = page.getByTestId('confirmation');
      await eventually(() => confirmation.textContent()).toContain('Booked!');
      const text = (await confirmation.textContent()) ?? '';
      expect(text).toMatch(new RegExp(`Reservation \\S+ on ${DAY} at 12:00–12:30, status PENDING`));
      expect(await page.getByTestId('reservation-id').textContent()).not.toBe('');
      expect(await page.getByTestId('reservation-status').textContent()).toBe('PENDING');
      expect(await page.getByTestId('error').textContent()).toBe('');

      // Availability was refreshed: no table is left at 12:00.
      await eventually(() => slot(page, '12:00').isDisabled()).toBe(true);
      expect(await slot(page, '12:30').isEnabled()).toBe(true);
      await page.screenshot({ path: join(outputDir, 'booking.png'), fullPage: true });
    },
    TIMEOUT,
  );

  it(
    'says so when the chosen slot was taken meanwhile (409 DOUBLE_BOOKING)',
    async () => {
      await slot(page, '12:30').click();
      const tableId = await page.getByTestId('table-select').inputValue();
      expect(tableId).not.toBe('');

      // Someone else books the same table and time between our page load and our click.
      const taken = await bookElsewhere({
        email: 'quick@example.com',
        date: DAY,
        from: '12:30',
        to: '13:00',
        tableId,
      });
      expect(taken.status).toBe(201);

      await page.getByTestId('book').click();
      const alert = page.getByRole('alert');
      await eventually(() => alert.textContent()).toBe('This slot was just taken — pick another');
      expect(await page.getByTestId('confirmation').textContent()).toBe('');
      await page.screenshot({ path: join(outputDir, 'booking-conflict.png'), fullPage: true });

      expect(pageErrors).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'keeps a booking across a reload with ?persist=1, and not without it',
    async () => {
      const persistent = `${baseUrl}/?mode=mock&e2e=1&persist=1&now=${encodeURIComponent(NOW)}`;
      await page.goto(persistent);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.locator('[data-testid="widget"][data-ready="true"]').waitFor();
      await page.getByTestId('date').fill(DAY);
      await eventually(() => slot(page, '17:00').isEnabled()).toBe(true);
      await slot(page, '17:00').click();
      await page.getByTestId('table-select').selectOption({ index: 1 });
      await page.getByTestId('name').fill('Petr Svoboda');
      await page.getByTestId('email').fill('petr@example.com');
      await page.getByTestId('book').click();
      await eventually(() => page.getByTestId('confirmation').textContent()).toContain('Booked!');
      const id = (await page.getByTestId('reservation-id').textContent()) ?? '';
      expect(id).not.toBe('');

      await page.reload();
      await page.locator('[data-testid="widget"][data-ready="true"]').waitFor();
      const kept = await apiGet<Schemas['ReservationDetailResponse']>(`/reservations/${id}`);
      expect(kept.reservation).toMatchObject({ id, date: DAY, from: '17:00', status: 'PENDING' });
      expect(kept.reservation.customer.email).toBe('petr@example.com');

      // The same reload without persist starts from the demo data: the booking is not there.
      await page.goto(`${baseUrl}/?mode=mock&e2e=1&now=${encodeURIComponent(NOW)}`);
      await page.locator('[data-testid="widget"][data-ready="true"]').waitFor();
      const gone = await apiGet<{ code?: string }>(`/reservations/${id}`);
      expect(gone.code).toBe('RESERVATION_NOT_FOUND');
      await page.evaluate(() => localStorage.clear());
    },
    TIMEOUT,
  );
});
