import { readFileSync } from 'node:fs';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources (the "@reservation-api/source" export
// condition), so no build is needed before `vitest`.
const SOURCE = '@reservation-api/source';
// What tsup puts in at build time (packages/mock-server/tsup.config.ts), for the sources under test.
const mockPackage = JSON.parse(
  readFileSync(new URL('./packages/mock-server/package.json', import.meta.url), 'utf8'),
) as { version: string };

export default defineConfig({
  define: { __MOCK_VERSION__: JSON.stringify(mockPackage.version) },
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    include: [
      'packages/*/{src,test}/**/*.test.ts',
      'examples/*/{src,test}/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    typecheck: {
      enabled: true,
      include: ['packages/*/{src,test}/**/*.test-d.ts'],
      tsconfig: './tsconfig.typetest.json',
    },
    testTimeout: 20_000,
    // The npm Chromium unpacked once before the browser tests run in parallel (test/support/chromium-setup.ts).
    globalSetup: ['test/support/chromium-setup.ts'],
    // Transformed modules are kept on disk (in node_modules) between runs, so a module that did not
    // change is not transformed again.
    experimental: { fsModuleCache: true },
    // Test files share their worker's module cache: msw, @msw/data, zod and the packages' sources are
    // imported once per worker instead of once per file (the suite spent about 100 s importing,
    // more than a third of its time). Safe because the packages keep no module-level state that a
    // test can change (only memo caches of built-in seeds and time zones): every mock comes from
    // createMockService()/createMockCore(). A file that fakes timers, replaces a global or mocks a
    // module (vi.mock) undoes it when it ends: mocks, too, outlive a file in a shared worker.
    isolate: false,
  },
});
