import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The version GET /__mock/health reports (src/runtime/version.ts), put in at build time.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig([
  {
    // ESM only: @msw/data is ESM-only; CommonJS users on Node 20.19+ can require() it.
    format: ['esm'],
    sourcemap: true,
    target: 'es2022',
    entry: {
      index: 'src/index.ts',
      browser: 'src/browser.ts',
      node: 'src/node.ts',
      client: 'src/client.ts',
      coverage: 'src/coverage.ts',
      playwright: 'src/playwright.ts',
      supertest: 'src/supertest.ts',
      cli: 'src/cli.ts',
    },
    dts: {
      entry: {
        index: 'src/index.ts',
        browser: 'src/browser.ts',
        node: 'src/node.ts',
        client: 'src/client.ts',
        coverage: 'src/coverage.ts',
        playwright: 'src/playwright.ts',
        supertest: 'src/supertest.ts',
      },
    },
    // Dependencies stay dependencies: the CLI and ./node load @msw/data, zod and temporal-polyfill
    // from node_modules, and never msw (only the main and browser entries import it); ./playwright
    // loads the user's @playwright/test (one copy per run, as Playwright requires).
    external: ['msw', '@reservation-api/sdk', '@playwright/test'],
    define: { __MOCK_VERSION__: JSON.stringify(version) },
    splitting: true,
    clean: true,
  },
]);
