// The dashboard in a real browser (Debian's Chromium through playwright-core, never a downloaded
// one), against the real standalone server: live requests over SSE, filters, the detail of a
// request, the clock moving a webhook retry onto the timeline, a fault added from the page, reset.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/node';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const OUTPUT = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
const TIMEOUT = 30_000;
const hasChromium = existsSync(CHROMIUM);
const skip = !hasChromium && !process.env.CI;
if (skip) console.warn(`[dashboard e2e] SKIPPED: ${CHROMIUM} is missing (in CI its absence fails the run).`);

describe.skipIf(skip)('the dashboard in Chromium', () => {
  let server: MockServer;
  let receiver: Server;
  let receiverUrl: string;
  let browser: Browser;
  let page: Page;

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/v1/demo-bistro${path}`, {
      ...init,
      headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json', ...init.headers },
    });
  const rows = () => page.getByTestId('request-row');

  beforeAll(async () => {
    if (!hasChromium)
      throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (see .ci/run).`);
    // A receiver that always fails, so the first delivery waits for its retry.
    receiver = createServer((req, res) => {
      req.resume();
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: TIMEOUT });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await mkdir(OUTPUT, { recursive: true });
    await page.goto(`${server.url}/__mock`);
    await page.locator('[data-testid="connection"].live').waitFor();
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('shows a request made by another client within a second, over the event stream', async () => {
    const sent = Date.now();
    expect((await api('/reservations/res_nope')).status).toBe(404);
    await page.locator('[data-testid="request-row"][data-status="404"]').waitFor({ timeout: 1000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(await rows().first().textContent()).toContain('/api/v1/demo-bistro/reservations/res_nope');
  });

  it('filters by status and path, and opens a request to show the rule that decided it', async () => {
    await api('/tables');
    await api('/reservations', { method: 'POST', body: JSON.stringify({ email: 'x' }) });
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByTestId('filter-status').selectOption('4');
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByTestId('filter-path').fill('/tables');
    await expect.poll(() => rows().count()).toBe(0);
    await page.getByTestId('filter-status').selectOption('');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByTestId('filter-path').fill('');
    await page.locator('[data-testid="request-row"][data-status="404"] button').click();
    expect(await page.getByTestId('detail-status').textContent()).toBe('404');
    expect(await page.getByTestId('detail-error').textContent()).toBe(
      'RESERVATION_NOT_FOUND: Reservation not found',
    );
    expect(await page.getByTestId('detail-rule').textContent()).toContain('RESERVATION_NOT_FOUND');
    expect(await page.getByTestId('detail-answer').textContent()).toContain(
      '"code": "RESERVATION_NOT_FOUND"',
    );
    await page.screenshot({ path: join(OUTPUT, 'requests.png'), fullPage: true });
  });

  it('advances the clock and shows the webhook retry on the delivery timeline', async () => {
    await server.service.control.setWebhook('demo-bistro', { url: receiverUrl });
    const created = await api('/reservations', {
      method: 'POST',
      body: JSON.stringify({ email: 'guest@example.com', date: '2026-06-16', from: '12:00', to: '13:00' }),
    });
    expect(created.status).toBe(201);
    const delivery = page.getByTestId('delivery-row').first();
    await expect.poll(() => delivery.getAttribute('data-attempts')).toBe('1');
    await page.getByTestId('advance-1m').click();
    await expect.poll(() => delivery.getAttribute('data-attempts')).toBe('2');
    await expect.poll(() => page.getByTestId('clock-now').textContent()).toBe('2026-06-15 08:01:00Z');
    expect(await delivery.getByTestId('attempt').count()).toBe(2);
    await page.screenshot({ path: join(OUTPUT, 'webhooks.png'), fullPage: true });
  });

  it('adds a fault from the page, and the next request fails with it', async () => {
    await page.getByTestId('fault-status').fill('503');
    await page.getByTestId('fault-add').click();
    await expect.poll(() => page.getByTestId('fault-row').count()).toBe(1);
    expect((await api('/info')).status).toBe(503);
    await page.locator('[data-testid="request-row"][data-status="503"]').waitFor({ timeout: 1000 });
    await expect.poll(() => page.getByTestId('fault-row').count()).toBe(0);
  });

  it('lists the project reservations of a day with their history', async () => {
    await page.getByTestId('reservation-date').fill('2026-06-16');
    await page.getByTestId('reservation-date').dispatchEvent('change');
    await expect.poll(() => page.getByTestId('reservation-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('reservation-list').textContent()).toContain('guest@example.com');
    await page.screenshot({ path: join(OUTPUT, 'dashboard.png'), fullPage: false });
  });

  it('resets the mock from the page', async () => {
    await page.getByTestId('reset').click();
    await expect.poll(() => rows().count()).toBe(0);
    expect(server.service.control.deliveries()).toEqual([]);
    expect(server.service.control.clock.now()).toBe('2026-06-15T08:00:00.000Z');
  });
});
