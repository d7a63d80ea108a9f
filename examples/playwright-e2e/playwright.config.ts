// Playwright Test against one standalone mock: two workers in parallel, each with its own session
// (e2e/fixtures.ts). MOCK_URL and PAGE_URL come from the runner (test/playwright.test.ts starts both
// servers) or from e2e/global-setup.ts when run alone (`pnpm e2e`, after `pnpm build`).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? 'test-results/results.json' }]],
  globalSetup: './e2e/global-setup.ts',
  // Assertions wait for what they expect; the bound is only how long before giving up. Two Chromium
  // workers on a 2-core CI machine can take longer than Playwright's default 5 s to paint.
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    // The system Chromium: Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox'],
    },
  },
});
