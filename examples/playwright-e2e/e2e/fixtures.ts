// The fixtures of @reservation-api/mock-server/playwright (a session per worker, reset to the demo
// data at mockNow before each test; playwright.config.ts is the mock README's), extended with what
// this example needs: its page served per worker, `openApp()` pointing the page at the session's
// baseUrl, and the repository's Chromium (test/support/chromium.ts: the system one, else the npm
// one; Playwright never downloads a browser here). Copied into a project of your own, drop the
// `launchOptions` fixture and its import: Playwright's own browsers do (README).
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test as mockTest } from '@reservation-api/mock-server/playwright';
import { findChromium } from '../../../test/support/chromium';

export const NOW = '2030-06-17T08:00:00.000Z';

export const test = mockTest.extend<{ openApp: () => Promise<void> }, { pageUrl: string }>({
  launchOptions: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const chromium = await findChromium();
      await use({
        executablePath: chromium.executablePath,
        args: chromium.args,
        ...(chromium.env ? { env: chromium.env } : {}),
      });
    },
    { scope: 'worker' },
  ],
  pageUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const page = await servePage();
      await use(page.url);
      await page.close();
    },
    { scope: 'worker' },
  ],
  openApp: async ({ page, mock, pageUrl }, use) => {
    await use(async () => {
      const query = new URLSearchParams({ api: mock.baseUrl, date: NOW.slice(0, 10) });
      await page.goto(`${pageUrl}/index.html?${query}`);
    });
  },
});

// Assertions wait for what they expect; the bound is only when to give up. Three Chromium workers on
// a 2-core CI machine can take longer than Playwright's default 5 s to paint.
export const expect = baseExpect.configure({ timeout: 15_000 });

/** Serves page/ (index.html and app.js) on 127.0.0.1 and a free port. */
async function servePage(): Promise<{ url: string; close(): Promise<void> }> {
  const root = new URL('../page/', import.meta.url);
  const types: Record<string, string> = { html: 'text/html', js: 'text/javascript' };
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]?.replace(/^\//, '') || 'index.html';
    if (!/^[a-z]+\.(html|js)$/.test(name)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[name.split('.')[1] ?? ''] ?? 'text/plain' });
    createReadStream(new URL(name, root)).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
