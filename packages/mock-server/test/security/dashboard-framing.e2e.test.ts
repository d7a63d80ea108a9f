// SECURITY.md promise 7 (clickjacking): a page on another origin cannot frame the dashboard, whose
// clicks would move the clock or reset the mock. Every dashboard response carries
// `Content-Security-Policy: … frame-ancestors 'none'` and `X-Frame-Options: DENY`; Chromium refuses
// to show the page in the other site's iframe. The dashboard itself still loads under its policy with
// no violation reported.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../../../test/support/chromium';
import { type MockServer, startMockServer } from '../../src/node';

const TIMEOUT = 60_000;
describe('the dashboard and other origins, in Chromium', () => {
  let server: MockServer;
  let framer: Server;
  /** The framing site: same machine, another origin (`localhost` and another port). */
  let framerUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: '2030-06-17T08:00:00Z' });
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>framing</title><iframe id="victim" src="${server.url}/__mock/"></iframe>` +
          `<script>document.getElementById('victim').addEventListener('load', () => { document.title = 'loaded'; });</script>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://localhost:${(framer.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ ...(await findChromium()), timeout: TIMEOUT });
  }, 2 * TIMEOUT);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
    framer?.closeAllConnections();
    await new Promise((resolve) => framer?.close(resolve));
  }, TIMEOUT);

  it('sends frame-ancestors none and X-Frame-Options DENY with the page and its files', async () => {
    for (const path of ['/__mock/', '/__mock/dashboard/dashboard.js', '/__mock/dashboard/dashboard.css']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("default-src 'self'");
    }
  });

  it('is not shown in an iframe of a page on another origin', async () => {
    const page = await browser.newPage();
    const dashboardScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/__mock/dashboard/dashboard.js')) dashboardScripts.push(request.url());
    });
    await page.goto(framerUrl);
    await page.waitForFunction(() => document.title === 'loaded');

    const victim = page.frames().find((frame) => frame !== page.mainFrame());
    expect(victim).toBeDefined();
    // Chromium replaces a refused frame with its error page: the dashboard never ran in it.
    expect(victim?.url()).not.toBe(`${server.url}/__mock/`);
    expect(await victim?.locator('[data-testid="connection"]').count()).toBe(0);
    expect(dashboardScripts).toEqual([]);
    await page.close();
  });

  it('loads and goes live under its own policy with no violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto(`${server.url}/__mock/`);
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 10_000 });
    // A request from elsewhere reaches the page over the event stream (connect-src 'self').
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } });
    await page.getByTestId('request-row').first().waitFor({ timeout: 10_000 });
    expect(violations).toEqual([]);
    await page.close();
  });
});
