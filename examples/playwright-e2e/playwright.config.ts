import { defineConfig } from '@playwright/test';
import type { MockOptions } from '@reservation-api/mock-server/playwright';

const MOCK_PORT = Number(process.env.MOCK_PORT ?? 4010);
const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;

export default defineConfig<MockOptions>({
  testDir: './e2e',
  workers: 3,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  globalSetup: './api-coverage.setup.ts',
  webServer: {
    command: `npx reservation-mock --port ${MOCK_PORT}`,
    url: `${MOCK_URL}/__mock/health`,
    reuseExistingServer: !process.env.CI,
  },
  use: {
    mockUrl: MOCK_URL,
    mockNow: '2030-06-17T08:00:00.000Z',
    // Fails a run that covered nothing: one answer of the API's 118 items is 0.85 %.
    mockCoverage: { dir: 'test-output/api-coverage', threshold: 0.5, print: 'markdown' },
  },
});
