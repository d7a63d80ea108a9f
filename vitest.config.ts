import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the packages' TypeScript sources (the "@reservation-api/source" export
// condition), so no build is needed before `vitest`.
const SOURCE = '@reservation-api/source';

export default defineConfig({
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
    // Transformed modules are kept on disk (in node_modules) between runs, so a module that did not
    // change is not transformed again; a test file's import time was mostly spent there.
    experimental: { fsModuleCache: true },
  },
});
