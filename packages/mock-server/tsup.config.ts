import { defineConfig } from 'tsup';

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
      cli: 'src/cli.ts',
    },
    dts: {
      entry: {
        index: 'src/index.ts',
        browser: 'src/browser.ts',
        node: 'src/node.ts',
        client: 'src/client.ts',
        coverage: 'src/coverage.ts',
      },
    },
    // Dependencies stay dependencies: the CLI and ./node load @msw/data, zod and temporal-polyfill
    // from node_modules, and never msw (only the main and browser entries import it).
    external: ['msw', '@reservation-api/sdk'],
    splitting: true,
    clean: true,
  },
]);
