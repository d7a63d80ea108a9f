// The fixture (README "Testing a front end end-to-end"): each Playwright worker gets its own session
// of the one mock server through connectMock(), with the clock pinned; every test starts from the
// demo data at that instant, and the page is pointed at the session's baseUrl.
import { test as base } from '@playwright/test';
import { connectMock, type MockConnection } from '@reservation-api/mock-server/client';

export const NOW = '2030-06-17T08:00:00.000Z';

export const test = base.extend<
  { mock: MockConnection; openApp: () => Promise<void> },
  { session: MockConnection }
>({
  session: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const connection = await connectMock(process.env.MOCK_URL ?? 'http://127.0.0.1:4010', {
        session: `worker-${workerInfo.workerIndex}`,
        now: NOW,
      });
      await use(connection);
      await connection.close();
    },
    { scope: 'worker' },
  ],
  mock: async ({ session }, use) => {
    await session.control.reset({ now: NOW });
    await use(session);
  },
  openApp: async ({ page, mock }, use) => {
    await use(async () => {
      const query = new URLSearchParams({ api: mock.baseUrl, date: NOW.slice(0, 10) });
      await page.goto(`${process.env.PAGE_URL}/index.html?${query}`);
    });
  },
});

export { expect } from '@playwright/test';
