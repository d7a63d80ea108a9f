// The dashboard once on each browser the suite can use (test/support/chromium.ts): the system
// Chromium when the machine has one, and the npm one (@sparticuz/chromium) that `pnpm install` brings
// to a machine without it. The page goes live over the event stream and shows a request made by
// another client; the rest of the dashboard is proven in dashboard.e2e.test.ts on whichever is found.
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_SOURCES,
  findChromium,
  hasSystemChromium,
  systemChromiumPath,
} from '../../../../test/support/chromium';
import { type MockServer, startMockServer } from '../../src/node';

const TIMEOUT = 60_000;

describe('the dashboard on both Chromiums', () => {
  let server: MockServer;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: '2030-06-17T08:00:00Z' });
  });

  afterAll(async () => {
    await server?.close();
  });

  for (const source of CHROMIUM_SOURCES) {
    const absent = source === 'system' && !hasSystemChromium();
    it.skipIf(absent)(
      `goes live and shows a new request in the ${source} Chromium${absent ? ` (none at ${systemChromiumPath()})` : ''}`,
      async () => {
        const browser = await chromium.launch({ ...(await findChromium({ source })), timeout: TIMEOUT });
        try {
          const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
          page.setDefaultTimeout(TIMEOUT / 2);
          const pageErrors: string[] = [];
          page.on('pageerror', (error) => pageErrors.push(String(error)));
          await page.goto(`${server.url}/__mock/`);
          await page
            .getByRole('status')
            .filter({ hasText: /^Live$/ })
            .waitFor();

          const path = `/api/v1/demo-bistro/reservations/res_${source}_smoke`;
          const response = await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': 'rk_demo_full' } });
          expect(response.status).toBe(404);
          const row = page
            .getByRole('list', { name: 'Requests, newest first' })
            .getByRole('button', { name: new RegExp(`res_${source}_smoke`) });
          await row.waitFor();
          expect(await row.textContent()).toContain(path);
          expect(pageErrors).toEqual([]);
        } finally {
          await browser.close();
        }
      },
      TIMEOUT,
    );
  }
});
