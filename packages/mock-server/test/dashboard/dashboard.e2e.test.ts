// The dashboard in a real browser (the system or the npm Chromium through playwright-core, never a
// downloaded one: test/support/chromium.ts) against the real standalone server: a request made by another client appears over the event
// stream, the list filters, the detail shows the rule that decided, the clock moves a webhook retry
// onto the timeline, faults are added and removed from the page, reservations follow the API, reset
// and reconnection. The tests run in order on one page, as a user would use it, and find every
// control by its role and accessible name (as a test runner or assistive technology would).
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../../../test/support/chromium';
import {
  type Delivery,
  type Fault,
  type JournalEntry,
  type MockServer,
  startMockServer,
} from '../../src/node';

const OUTPUT = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
const NOW = '2030-06-17T08:00:00Z';
/** Tuesday: demo-bistro is open 11:00–22:00 with a 15:00–17:00 break. */
const TOMORROW = '2030-06-18';
const TIMEOUT = 60_000;

describe('the dashboard in Chromium, against the standalone server', () => {
  let server: MockServer;
  let receiver: Server;
  let receiverUrl: string;
  /** What the webhook receiver answers. */
  let receiverStatus = 500;
  const received: string[] = [];
  let browser: Browser;
  let page: Page;
  /** Every URL the page requested, in order. */
  const pageRequests: string[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  let reservationId = '';

  const api = (path: string, init: RequestInit & { key?: string } = {}) => {
    const { key = 'rk_demo_full', ...rest } = init;
    return fetch(`${server.url}/api/v1/demo-bistro${path}`, {
      ...rest,
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    });
  };
  const control = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/__mock/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as T;
  };
  /** Waits for the page to catch up: generous, as a loaded CI machine may be slow. */
  const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
  const requestList = () => page.getByRole('list', { name: 'Requests, newest first' });
  const rows = () => requestList().getByRole('listitem');
  /** The newest request answered with this status. */
  const row = (status: number) =>
    requestList().locator(`[data-status="${status}"]`).getByRole('button').first();
  const statuses = () =>
    requestList()
      .getByRole('listitem')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status') ?? undefined));
  const requestCount = () => page.getByRole('status').filter({ hasText: /request/ });
  const detail = () => page.getByRole('region', { name: 'Request detail' });
  /** A value of the request detail, by its label (each is a table row: label, value). */
  const field = (label: string) =>
    detail()
      .getByRole('row', { name: new RegExp(`^${label} `) })
      .getByRole('cell');
  const deliveryCards = () =>
    page
      .getByRole('list', { name: 'Webhook deliveries, newest first' })
      .getByRole('listitem', { name: /^Delivery / });
  const attempts = (delivery: ReturnType<typeof deliveryCards>) =>
    delivery.getByRole('list', { name: /^Attempts of / }).getByRole('listitem');
  const clockNow = () => page.getByRole('region', { name: 'Mock clock' }).getByRole('time');
  const faults = () => page.getByRole('list', { name: 'Active faults' }).getByRole('listitem');
  const live = () =>
    page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(receiverStatus).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    server = await startMockServer({ port: 0, now: NOW });

    browser = await chromium.launch({ ...(await findChromium()), timeout: TIMEOUT });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    // The page lives with the policy the server sends with it (SECURITY.md): no inline script or
    // style, nothing from elsewhere. Added here too, so a violation shows whatever the server sends.
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    await page.route(/\/__mock\/(dashboard\/[a-z.-]+)?$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
        },
      });
    });
    page.on('request', (request) => pageRequests.push(`${request.method()} ${request.url()}`));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await mkdir(OUTPUT, { recursive: true });
    await page.goto(`${server.url}/__mock/`);
    await live();
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  }, TIMEOUT);

  it('shows a request made by another client, pushed over the event stream', async () => {
    expect(await rows().count()).toBe(0);
    const journalReads = pageRequests.filter((r) => r.includes('/__mock/requests')).length;

    expect((await api('/reservations/res_missing')).status).toBe(404);
    // Live: the entry appears without a reload or a read of the journal (checked below). How soon is
    // not asserted (a loaded machine may take more than a second): the page's default wait applies.
    await row(404).waitFor();

    expect(await row(404).textContent()).toContain('/api/v1/demo-bistro/reservations/res_missing');
    // It came over the event stream: the page did not read the journal again.
    expect(pageRequests.filter((r) => r.includes('/__mock/requests')).length).toBe(journalReads);
    expect(await requestCount().textContent()).toBe('1 request');
  });

  it('filters the list by status class and by a part of the path', async () => {
    expect((await api('/tables')).status).toBe(200);
    expect((await api('/reservations', { method: 'POST', body: '{}' })).status).toBe(400);
    await eventually(() => rows().count()).toBe(3);
    // Newest first.
    expect(await statuses()).toEqual(['400', '200', '404']);

    await page.getByLabel('Status class').selectOption('4');
    await eventually(() => rows().count()).toBe(2);
    expect(await statuses()).toEqual(['400', '404']);
    expect(await requestCount().textContent()).toBe('2 of 3 requests');

    await page.getByLabel('Path contains').fill('/tables');
    await eventually(() => rows().count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Requests' }).textContent()).toContain(
      'No request matches the filters.',
    );

    await page.getByLabel('Status class').selectOption('');
    await eventually(() => rows().count()).toBe(1);
    expect(await statuses()).toEqual(['200']);

    // A new request that does not match stays out of the filtered list.
    expect((await api('/services')).status).toBe(200);
    await eventually(() => requestCount().textContent()).toBe('1 of 4 requests');
    expect(await rows().count()).toBe(1);

    await page.getByLabel('Path contains').fill('');
    await eventually(() => rows().count()).toBe(4);
  });

  it('opens a request to show its status, error code and the rule that decided it', async () => {
    const [entry] = (await control<{ requests: JournalEntry[] }>('requests?status=404')).requests;
    if (!entry) throw new Error('the 404 is not in the journal');

    await row(404).click();

    const shown = detail();
    expect(await field('Status').textContent()).toBe('404');
    expect(await field('Error').textContent()).toBe(`RESERVATION_NOT_FOUND${entry.error?.message}`);
    expect(await field('Decided by').textContent()).toBe(entry.rule);
    expect(entry.rule).toContain('RESERVATION_NOT_FOUND');
    expect(await shown.getByRole('heading', { level: 3, name: /^GET / }).textContent()).toBe(
      'GET /api/v1/demo-bistro/reservations/res_missing',
    );
    expect(await shown.getByRole('region', { name: 'Answer body' }).textContent()).toContain(
      '"code": "RESERVATION_NOT_FOUND"',
    );
    expect(await row(404).getAttribute('aria-current')).toBe('true');
    // One time base with the header: the mock clock (UTC) beside the wall clock.
    expect(await row(404).textContent()).toMatch(/^08:00:00/);
    expect(await field('Mock clock').textContent()).toBe('2030-06-17 08:00:00 UTC');

    // The request body is shown for a request that had one.
    await row(400).click();
    expect(await field('Status').textContent()).toBe('400');
    expect(await shown.getByRole('region', { name: 'Request body' }).textContent()).toContain('{}');
    // A body that scrolls can be reached from the keyboard (axe: scrollable-region-focusable).
    expect(await shown.locator('pre').evaluateAll((els) => els.map((el) => el.tabIndex))).toEqual([0, 0]);
    // Each row's name says what it shows, in that order (label in name), then its id.
    const names = await rows()
      .getByRole('button')
      .evaluateAll((els) =>
        els.map((el) => [
          (el.textContent ?? '').replace(/\s+/g, ''),
          (el.getAttribute('aria-label') ?? '').replace(/\s+/g, ''),
        ]),
      );
    expect(names.length).toBeGreaterThan(0);
    for (const [visible = '', name = ''] of names) {
      expect(name.startsWith(`${visible},req_`), `${name} starts with ${visible}`).toBe(true);
    }
    await page.screenshot({ path: join(OUTPUT, 'requests.png') });
  });

  it('shows what a request carried as text, never as markup', async () => {
    const email = '<img src=x onerror="window.__injected = 1">@example.com';
    const sent = await api('/reservations', {
      method: 'POST',
      body: JSON.stringify({ email, date: TOMORROW, from: '12:00', to: '13:00' }),
    });
    expect(sent.status).toBe(400);
    await eventually(() => rows().count()).toBe(5);

    await rows().first().getByRole('button').click();

    expect(await detail().getByRole('region', { name: 'Request body' }).textContent()).toContain(
      '<img src=x onerror=',
    );
    expect(await detail().getByRole('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  });

  it('advances the clock and shows the webhook retry on the delivery timeline', async () => {
    await control('projects/demo-bistro/webhook', 'PUT', { url: receiverUrl });
    const created = await api('/reservations', {
      method: 'POST',
      body: JSON.stringify({
        email: 'eva@example.com',
        date: TOMORROW,
        from: '12:00',
        to: '13:00',
        guests: 2,
      }),
    });
    expect(created.status).toBe(201);
    reservationId = ((await created.json()) as { reservation: { id: string } }).reservation.id;

    const delivery = deliveryCards().first();
    await eventually(() => attempts(delivery).count()).toBe(2);
    expect(await delivery.getAttribute('aria-label')).toMatch(/reservation\.created, pending$/);
    expect(await attempts(delivery).allTextContents()).toEqual([
      expect.stringMatching(/#1.*08:00:00.*HTTP 500/),
      // A retry in the future is scheduled, not due.
      expect.stringMatching(/next at 08:01:00.*scheduled/),
    ]);

    await page.getByRole('button', { name: '+1 min' }).click();

    await eventually(() => attempts(delivery).count()).toBe(3);
    await eventually(() => clockNow().textContent()).toBe('2030-06-17 08:01:00 UTC');
    expect(await attempts(delivery).allTextContents()).toEqual([
      expect.stringMatching(/#1.*08:00:00.*HTTP 500/),
      expect.stringMatching(/#2.*08:01:00.*HTTP 500/),
      expect.stringMatching(/next at 08:06:00/),
    ]);
    expect(received).toEqual(['POST /hooks', 'POST /hooks']);
    const { deliveries } = await control<{ deliveries: Delivery[] }>('webhooks/deliveries');
    expect(deliveries.map((d) => d.attempts.length)).toEqual([2]);
    await page.screenshot({ path: join(OUTPUT, 'dashboard.png') });
  });

  it('redelivers a delivery from its button', async () => {
    receiverStatus = 204;
    const delivery = deliveryCards().first();
    await delivery.getByRole('button', { name: /^Redeliver / }).click();
    await eventually(() => delivery.getAttribute('aria-label')).toMatch(/, delivered$/);
    // The toast says what the receiver answered (it said "redelivered" whatever the answer).
    await eventually(() => page.locator('#toasts').textContent()).toMatch(
      /whd_[0-9a-f]+ redelivered: HTTP 204/,
    );
    expect(await attempts(delivery).allTextContents()).toEqual([
      expect.stringMatching(/#1.*HTTP 500/),
      expect.stringMatching(/#2.*HTTP 500/),
      expect.stringMatching(/#3 manual.*HTTP 204/),
    ]);
    receiverStatus = 500;
  });

  it("shows a delivery's exact body, its signature with how to check it, and each attempt", async () => {
    const [sent] = (await control<{ deliveries: Delivery[] }>('webhooks/deliveries')).deliveries;
    if (!sent) throw new Error('no delivery');
    const delivery = deliveryCards().first();
    await delivery.getByRole('button', { name: `Details of ${sent.id}` }).click();

    expect(await delivery.getByLabel(`Body of ${sent.id}`).textContent()).toBe(sent.body);
    expect(await delivery.textContent()).toContain(sent.signature ?? 'a signature');
    expect(await delivery.textContent()).toContain('HMAC-SHA256 of the raw body bytes');
    expect(await delivery.getByRole('region', { name: /^Attempt \d/ }).count()).toBe(sent.attempts.length);
    // Still open after the next change of the delivery redraws its card.
    expect(
      await delivery.getByRole('button', { name: `Details of ${sent.id}` }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('redelivers to another URL, and shows what was sent and what the receiver answered', async () => {
    const [sent] = (await control<{ deliveries: Delivery[] }>('webhooks/deliveries')).deliveries;
    if (!sent) throw new Error('no delivery');
    // The answer of a mock that records every attempt in full (the documented shape).
    const attempt = {
      number: sent.attempts.length + 1,
      at: '2030-06-17T08:01:00.000Z',
      manual: true,
      url: 'http://127.0.0.1:9/elsewhere',
      durationMs: 12,
      responseStatus: 202,
      request: { headers: { 'x-webhook-signature': sent.signature ?? '', 'x-webhook-delivery': sent.id } },
      response: { status: 202, headers: { 'content-type': 'text/plain' }, body: 'queued', truncated: false },
    };
    let posted = '';
    await page.route(`**/__mock/webhooks/deliveries/${sent.id}/redeliver`, async (route) => {
      posted = route.request().postData() ?? '';
      await route.fulfill({
        json: { delivery: { ...sent, status: 'delivered', attempts: [...sent.attempts, attempt] } },
      });
    });
    const delivery = deliveryCards().first();
    await delivery.getByLabel('Redeliver to URL (optional)').fill('http://127.0.0.1:9/elsewhere');
    await delivery.getByRole('button', { name: `Redeliver ${sent.id} there` }).click();

    // This attempt's own region: an earlier manual attempt (the redeliver test before) is one too.
    const shown = delivery.getByRole('region', {
      name: new RegExp(`^Attempt ${attempt.number} \\(manual\\)`),
    });
    await shown.waitFor();
    expect(JSON.parse(posted)).toEqual({ url: 'http://127.0.0.1:9/elsewhere' });
    expect(await shown.textContent()).toContain('to http://127.0.0.1:9/elsewhere · 12 ms');
    expect(
      await shown
        .getByRole('table', { name: /^Request headers/ })
        .getByRole('row', { name: /x-webhook-delivery/ })
        .textContent(),
    ).toBe(`x-webhook-delivery${sent.id}`);
    expect(await shown.getByRole('table', { name: /^Answer headers/ }).textContent()).toContain('text/plain');
    expect(await shown.getByLabel(/^Answer body/).textContent()).toBe('queued');
    await page.unroute(`**/__mock/webhooks/deliveries/${sent.id}/redeliver`);
  });

  it('shows every delivery made while it is live (delivery ids are random: their digits are no order)', async () => {
    for (let i = 0; i < 12; i++)
      await control('projects/demo-bistro/trigger', 'POST', { event: 'reservation.created' });
    const { deliveries } = await control<{ deliveries: Delivery[] }>('webhooks/deliveries');
    await eventually(() => deliveryCards().count()).toBe(deliveries.length);
    const shown = await deliveryCards().evaluateAll((els) =>
      els.map((el) => /^Delivery (whd_[0-9a-f]+)/.exec(el.getAttribute('aria-label') ?? '')?.[1]),
    );
    // Newest first, as the log has them oldest first.
    expect(shown).toEqual(deliveries.map((d) => d.id).reverse());
  });

  it('fits a 375 px phone: the path readable in the request list, a delivery card within the page', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const path = requestList().locator('.req .path').first();
      // It sat in a 36 px column ("/ap…") while the header hid Path and Status.
      expect((await path.boundingBox())?.width ?? 0).toBeGreaterThan(120);
      const details = deliveryCards()
        .first()
        .getByRole('button', { name: /Details/ });
      await details.scrollIntoViewIfNeeded();
      const box = await details.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("shows the trigger form's choices whole, on a wide screen and a phone (a third of the panel cut them)", async () => {
    for (const width of [1400, 375]) {
      await page.setViewportSize({ width, height: 800 });
      // Each select is wider than its chosen option's text (its font), with room for the arrow.
      const fits = await page.locator('#trigger-form select').evaluateAll((selects) =>
        selects.map((select) => {
          const chosen = (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '';
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return false;
          context.font = getComputedStyle(select).font;
          return context.measureText(chosen).width + 40 <= select.clientWidth;
        }),
      );
      expect({ width, fits }).toEqual({ width, fits: [true, true] });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('triggers an event from the form (POST /__mock/projects/:slug/trigger)', async () => {
    let posted: { url: string; body: string } | undefined;
    await page.route('**/__mock/projects/*/trigger', async (route) => {
      posted = { url: route.request().url(), body: route.request().postData() ?? '' };
      await route.fulfill({ status: 201, json: { reservationId: 'res_0042', deliveries: ['whd_0042'] } });
    });
    const form = page.getByRole('form', { name: 'Trigger an event' });
    await form.getByLabel('Trigger in project').selectOption('demo-bistro');
    await form.getByLabel('Event').selectOption('reservation.confirmed');
    await form.getByLabel('Reservation id (optional)').fill('res_0042');
    await form.getByRole('button', { name: 'Trigger' }).click();

    await page
      .getByRole('status')
      .filter({ hasText: 'reservation.confirmed for res_0042: 1 delivery' })
      .waitFor();
    expect(posted?.url).toBe(`${server.url}/__mock/projects/demo-bistro/trigger`);
    expect(JSON.parse(posted?.body ?? '')).toEqual({
      event: 'reservation.confirmed',
      reservationId: 'res_0042',
    });
    await page.unroute('**/__mock/projects/*/trigger');
  });

  it('finds a request by its id, in the list or only in the journal', async () => {
    const entries = (await control<{ requests: JournalEntry[] }>('requests')).requests;
    const first = entries[0];
    if (!first) throw new Error('the journal is empty');
    const search = page.getByRole('search', { name: 'Find a request by id' });
    await search.getByRole('searchbox', { name: 'Request id' }).fill(first.id);
    await search.getByRole('button', { name: 'Find' }).click();
    await eventually(() => field('Journal id').textContent()).toBe(first.id);
    expect(
      await requestList()
        .getByRole('button', { name: new RegExp(`, ${first.id}$`) })
        .getAttribute('aria-current'),
    ).toBe('true');

    // Filtered out of the list: read from the journal.
    await page.getByLabel('Path contains').fill('/no-such-path');
    await search.getByRole('searchbox', { name: 'Request id' }).fill(entries[1]?.id ?? '');
    await search.getByRole('button', { name: 'Find' }).click();
    await eventually(() => field('Journal id').textContent()).toBe(entries[1]?.id);
    await page.getByLabel('Path contains').fill('');

    await search.getByRole('searchbox', { name: 'Request id' }).fill('req_999999');
    await search.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('status').filter({ hasText: 'req_999999 is not in the journal' }).waitFor();
  });

  it('lets a click through a toast to what it covers', async () => {
    const search = page.getByRole('search', { name: 'Find a request by id' });
    await search.getByRole('searchbox', { name: 'Request id' }).fill('req_888888');
    await search.getByRole('button', { name: 'Find' }).click();
    const toast = page.getByTestId('toasts').locator('.toast', { hasText: 'req_888888' });
    await toast.waitFor();
    const hit = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { underToast: under !== null && element.parentElement?.contains(under) === true };
    });
    expect(hit).toEqual({ underToast: false });
  });

  it('adds a fault with the form, and the next API request fails with it', async () => {
    await page.getByLabel('Fault method').selectOption('GET');
    await page.getByLabel(/Fault path/).fill('/api/v1/demo-bistro/info');
    await page.getByLabel('Fault status').fill('503');
    await page.getByRole('button', { name: 'Add fault' }).click();

    const fault = faults();
    await eventually(() => fault.count()).toBe(1);
    const { faults: added } = await control<{ faults: Fault[] }>('faults');
    expect(added).toEqual([expect.objectContaining({ status: 503, remaining: 1 })]);
    expect(await fault.getByRole('button', { name: `Remove fault ${added[0]?.id}` }).count()).toBe(1);

    expect((await api('/info')).status).toBe(503);
    await row(503).waitFor();
    // Used up: it leaves the list.
    await eventually(() => fault.count()).toBe(0);

    await row(503).click();
    expect(await field('Decided by').textContent()).toBe(`fault ${added[0]?.id}`);
    expect((await api('/info')).status).toBe(200);
  });

  it("shows a fault's query condition (without it, it read as a fault for every request to the path)", async () => {
    await control('faults', 'POST', {
      path: '/api/v1/*/availability',
      query: { date: TOMORROW },
      status: 404,
      times: 3,
    });
    await eventually(() => faults().textContent()).toContain(`/api/v1/*/availability?date=${TOMORROW}`);
    await control('faults', 'DELETE');
    await eventually(() => faults().count()).toBe(0);
  });

  it('shows the code the journal recorded for what a fault answered (its custom body), and removes it', async () => {
    await control('faults', 'POST', {
      status: 429,
      times: 5,
      body: { error: 'Too Many Requests', code: 'SLOW_DOWN', message: 'Wait a little.' },
    });
    const fault = faults();
    await eventually(() => fault.count()).toBe(1);
    // Nothing answered yet: the page does not guess a code.
    expect(await fault.textContent()).toContain('→ 429 ·');
    expect(await fault.textContent()).not.toContain('RATE_LIMITED');
    expect((await api('/info')).status).toBe(429);
    await eventually(() => fault.textContent()).toContain('→ 429 (SLOW_DOWN)');

    await fault.getByRole('button', { name: /^Remove fault / }).click();

    await eventually(() => fault.count()).toBe(0);
    expect((await control<{ faults: unknown[] }>('faults')).faults).toEqual([]);
  });

  it('counts a dropped connection (status 0) as a failure: in the failures filter, and in red', async () => {
    await control('faults', 'POST', {
      method: 'GET',
      path: '/api/v1/demo-bistro/gallery',
      connection: 'reset',
    });
    await expect(api('/gallery')).rejects.toThrow();
    await page.getByLabel('Status class').selectOption('error');
    await page.getByLabel('Path contains').fill('/gallery');
    await eventually(() => rows().count()).toBe(1);
    // In the list, in the colour of a failure (it had none).
    expect(
      await row(0)
        .locator('.status.s0')
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe(
      await page
        .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--err').trim())
        .then((hex) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`),
    );
    await row(0).click();
    expect(await field('Status').textContent()).toBe('0');
    // Its rule box reads as a failure, as a 4xx or 5xx does (it was green).
    expect(await detail().locator('.rule.bad').count()).toBe(1);
    await page.getByLabel('Path contains').fill('');
    await page.getByLabel('Status class').selectOption('');
  });

  it("lists a day's reservations with their status history, following changes made through the API", async () => {
    // The mock clock's date in the project's time zone (10:01 in Prague).
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('2030-06-17');
    await page.getByLabel('Date', { exact: true }).fill(TOMORROW);

    const expected = (
      await control<{ reservations: { id: string }[] }>(`projects/demo-bistro/reservations?date=${TOMORROW}`)
    ).reservations.map((r) => r.id);
    expect(expected).toContain(reservationId);
    const reservationRows = page.getByRole('list', { name: 'Reservations' }).getByRole('listitem', {
      name: /^Reservation /,
    });
    await eventually(() =>
      reservationRows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')?.split(' ')[1])),
    ).toEqual(expected);

    const ours = page.getByRole('listitem', { name: new RegExp(`^Reservation ${reservationId} `) });
    expect(await ours.getAttribute('aria-label')).toMatch(/PENDING$/);
    await ours.getByRole('button').click();
    const history = () => ours.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    expect(await history().count()).toBe(1);

    const patched = await api(`/reservations/${reservationId}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'CONFIRMED' }),
    });
    expect(patched.status).toBe(200);
    await eventually(() => ours.getAttribute('aria-label')).toMatch(/CONFIRMED$/);
    // Still open after the refresh, with the new history entry.
    expect(await ours.getByRole('button').getAttribute('aria-expanded')).toBe('true');
    expect(await history().allTextContents()).toEqual([
      expect.stringContaining('created'),
      expect.stringContaining('confirmed by key_demo_full'),
    ]);
  });

  it('sets the clock to a time, and advances it by a custom amount', async () => {
    // Started with `now`: the clock moves only when moved.
    const clock = page.getByRole('region', { name: 'Mock clock' });
    await eventually(() => clock.textContent()).toContain('frozen');
    const toggle = page.getByRole('button', { name: 'Set clock…' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The form starts at the mock's now (Chromium leaves out zero seconds).
    await eventually(() => page.getByLabel('Set the clock to (UTC)').inputValue()).toBe('2030-06-17T08:01');

    await page.getByLabel('Set the clock to (UTC)').fill('2030-06-17T09:00:00');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await eventually(() => clockNow().textContent()).toBe('2030-06-17 09:00:00 UTC');
    expect(server.service.control.clock.now()).toBe('2030-06-17T09:00:00.000Z');

    await page.getByLabel('Advance by').fill('90');
    await page.getByLabel('Unit').selectOption({ label: 'seconds' });
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await eventually(() => clockNow().textContent()).toBe('2030-06-17 09:01:30 UTC');
    expect(server.service.control.clock.now()).toBe('2030-06-17T09:01:30.000Z');
    expect(await clock.textContent()).toContain('11:01 in Europe/Prague');
    // The request list shows the mock time the header shows.
    expect((await api('/info')).status).toBe(200);
    await eventually(() => rows().first().textContent()).toMatch(/^09:01:30/);
    await toggle.click();
    expect(await page.getByRole('group', { name: 'Set or advance the mock clock' }).count()).toBe(0);
  });

  it('resets the mock only after an in-page confirmation', async () => {
    await page.getByRole('button', { name: 'Reset mock' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Reset the mock\?/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await rows().count()).toBeGreaterThan(0);
    expect(server.service.control.clock.now()).toBe('2030-06-17T09:01:30.000Z');

    await page.getByRole('button', { name: 'Reset mock' }).click();
    await confirm.getByRole('button', { name: 'Yes, reset' }).click();
    await eventually(() => rows().count()).toBe(0);
    await eventually(() => deliveryCards().count()).toBe(0);
    await eventually(() => clockNow().textContent()).toBe('2030-06-17 08:00:00 UTC');
    expect(server.service.control.clock.now()).toBe('2030-06-17T08:00:00.000Z');
    expect(await field('Decided by').count()).toBe(0);
    // No browser dialog at any point.
    expect(dialogs).toEqual([]);
  });

  it('empties the list when another client clears the journal, and shows the requests after it', async () => {
    expect((await api('/info')).status).toBe(200);
    await eventually(() => rows().count()).toBe(1);

    const cleared = await fetch(`${server.url}/__mock/requests`, { method: 'DELETE' });
    expect(cleared.ok).toBe(true);
    await eventually(() => rows().count()).toBe(0);

    expect((await api('/services')).status).toBe(200);
    await eventually(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('/api/v1/demo-bistro/services');
  });

  it('shows coverage per kind and the uncovered items, counted since the reset (a journal clear keeps it), and links an item to its request', async () => {
    const panel = page.getByRole('region', { name: 'Coverage' });
    const kinds = panel.getByRole('table', { name: 'Coverage by kind' });
    const uncovered = panel.getByRole('list', { name: 'Uncovered items', exact: true }).getByRole('listitem');
    const covered = panel.getByRole('list', { name: 'Covered items', exact: true }).getByRole('listitem');
    const { summary } = await control<{ summary: { covered: number; total: number } }>('coverage');
    // Since the reset: /info (its journal entry cleared since) and /services.
    expect(summary.covered).toBe(2);
    await eventually(() =>
      kinds
        .getByRole('row', { name: /^Answers / })
        .getByRole('cell')
        .textContent(),
    ).toMatch(/^2\/\d+$/);
    expect(
      await kinds
        .getByRole('row', { name: /^Events acknowledged / })
        .getByRole('cell')
        .textContent(),
    ).toBe('0/4');
    expect(await covered.count()).toBe(2);
    expect(await uncovered.count()).toBe(summary.total - 2);
    const missingKey = uncovered.filter({ hasText: 'getProjectInfo 401 API_KEY_MISSING' });
    expect(await missingKey.count()).toBe(1);

    expect((await api('/info', { key: '' })).status).toBe(401);
    await eventually(() => missingKey.count()).toBe(0);
    await eventually(() => covered.filter({ hasText: 'getProjectInfo 401 API_KEY_MISSING' }).count()).toBe(1);

    await covered
      .filter({ hasText: 'listServices 200' })
      .getByRole('button', { name: /^Show req_/ })
      .click();
    await eventually(() => detail().getByRole('heading', { level: 3, name: /^GET / }).textContent()).toBe(
      'GET /api/v1/demo-bistro/services',
    );
    expect(await field('Journal id').textContent()).toMatch(/^req_/);
  });

  it('offers a session switcher when the server lists sessions, and none when it has none', async () => {
    // A server without sessions (--max-sessions 0, --no-control) answers 404 there: no switcher.
    await page.route('**/__mock/sessions', (route) =>
      route.fulfill({ status: 404, json: { error: 'Not Found', message: 'No such control route' } }),
    );
    await page.reload();
    await live();
    expect(await page.getByRole('navigation', { name: 'Sessions' }).count()).toBe(0);
    await page.unroute('**/__mock/sessions');

    await page.route('**/__mock/sessions', (route) =>
      route.fulfill({
        json: {
          sessions: [
            {
              id: 'w1',
              baseUrl: `${server.url}/sessions/w1`,
              createdAt: '2030-06-17T08:00:00.000Z',
              lastUsedAt: '2030-06-17T08:05:00.000Z',
            },
          ],
        },
      }),
    );
    await page.reload();
    await live();
    const sessions = page.getByRole('navigation', { name: 'Sessions' });
    const select = sessions.getByRole('combobox', { name: 'Session' });
    expect(await select.getByRole('option').allTextContents()).toEqual([
      'Default mock',
      'w1 (last used 08:05:00)',
    ]);
    expect(await select.inputValue()).toBe(`${server.url}/__mock/`);
    expect(await select.getByRole('option', { name: /^w1/ }).getAttribute('value')).toBe(
      `${server.url}/sessions/w1/__mock/`,
    );
    // Its label is readable on the dark header: WCAG AA, at least 4.5:1 (it measured 2.96:1).
    const contrast = await sessions.locator('label').evaluate((label) => {
      const rgb = (css: string) => (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r = 0, g = 0, b = 0] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      let node: Element | null = label;
      let background = 'rgb(255, 255, 255)';
      for (; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
          background = color;
          break;
        }
      }
      const [lighter, darker] = [luminance(getComputedStyle(label).color), luminance(background)].sort(
        (a, b) => b - a,
      );
      return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    await page.unroute('**/__mock/sessions');
  });

  it('lists a session created after the page opened within seconds (the workers of a test run)', async () => {
    await page.goto(`${server.url}/__mock/`);
    await live();
    await control('sessions', 'POST', { id: 'w-late', now: NOW });
    const switcher = page.getByRole('combobox', { name: 'Session' });
    await eventually(async () =>
      (await switcher.getByRole('option').allTextContents()).some((o) => o.startsWith('w-late')),
    ).toBe(true);
    await fetch(`${server.url}/__mock/sessions/w-late`, { method: 'DELETE' });
  });

  it('opened as localhost, lists and switches sessions under localhost (their baseUrl names 127.0.0.1)', async () => {
    await control('sessions', 'POST', { id: 'w-local', now: NOW });
    const local = `http://localhost:${new URL(server.url).port}`;
    await page.goto(`${local}/sessions/w-local/__mock/`);
    await live();
    const switcher = page.getByRole('combobox', { name: 'Session' });
    await eventually(() => switcher.inputValue()).toBe(`${local}/sessions/w-local/__mock/`);
    expect(await switcher.getByRole('option', { name: 'Default mock' }).getAttribute('value')).toBe(
      `${local}/__mock/`,
    );
    await fetch(`${server.url}/__mock/sessions/w-local`, { method: 'DELETE' });
    await page.goto(`${server.url}/__mock/`);
    await live();
  });

  it('says a session it shows no longer exists once it is deleted, and stops reading it', async () => {
    await control('sessions', 'POST', { id: 'w-end', now: NOW });
    await page.goto(`${server.url}/sessions/w-end/__mock/`);
    await live();
    const deleted = await fetch(`${server.url}/__mock/sessions/w-end`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const ended = page.getByRole('status').filter({ hasText: /^This session no longer exists/ });
    await ended.waitFor();
    // Nothing on the page can act on it any more; the switcher (read again) no longer offers it.
    expect(await page.getByTestId('reset').isDisabled()).toBe(true);
    expect(await page.getByTestId('fault-add').isDisabled()).toBe(true);
    // What was recorded stays readable: the journal's filters still work.
    expect(await page.getByTestId('request-filters').locator('select, input').first().isDisabled()).toBe(
      false,
    );
    const switcher = page.getByRole('combobox', { name: 'Session' });
    await eventually(async () =>
      (await switcher.getByRole('option').allTextContents()).some((o) => o.startsWith('w-end')),
    ).toBe(false);
    // From then on the page asks nothing of the session: no reconnection to its event stream, no
    // reading of its clock (which polls every 5 s).
    const asked: string[] = [];
    const note = (request: { url(): string }) => {
      if (request.url().includes('/sessions/w-end/')) asked.push(request.url());
    };
    page.on('request', note);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    page.off('request', note);
    expect(asked).toEqual([]);
    expect(await ended.count()).toBe(1);
    await page.goto(`${server.url}/__mock/`);
    await live();
  });

  it('says it is disconnected while the server is down, and catches up when it is back', async () => {
    const port = server.address.port;
    await server.close();
    await page
      .getByRole('status')
      .filter({ hasText: /^Disconnected/ })
      .waitFor();

    server = await startMockServer({ port, now: NOW });
    expect((await api('/info')).status).toBe(200);
    // The browser reconnects by itself; the page then reads what happened meanwhile.
    await live();
    await eventually(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('/api/v1/demo-bistro/info');

    expect(pageErrors).toEqual([]);
  });
});
