import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The version GET /__mock/health reports (src/runtime/version.ts), put in at build time.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig([
  {
    // ESM only, one format: CommonJS users on Node 20.19+ can require() it.
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
    // Dependencies stay dependencies: zod, temporal-polyfill and @noble/hashes are loaded from
    // node_modules (a project that uses zod too loads it once), and never msw (only the main and
    // browser entries import it); ./playwright loads the user's @playwright/test (one copy per run, as
    // Playwright requires).
    external: ['msw', '@reservation-api/sdk', '@playwright/test'],
    // Except @msw/data, built into the package's shared chunk (a devDependency, so users do not
    // install it): it imports es-toolkit's and es-toolkit/compat's index modules, 555 files that Node
    // resolves, reads and compiles one by one, for five functions (get, set, unset, isEqual,
    // isPlainObject). Bundled, the 27 files of es-toolkit it uses come along, tree-shaken. Measured in
    // one run (fresh processes, medians): the main entry's import 422 → 225 ms, a test file's msw/node
    // + the entry 459 → 279 ms (BENCHMARKS.md, "Import: bundling the store"). Its types are in no
    // public declaration; its licence and its dependencies' are in dist/THIRD-PARTY-LICENSES.md
    // (scripts/bundled-licenses.mjs).
    noExternal: ['@msw/data'],
    define: { __MOCK_VERSION__: JSON.stringify(version) },
    splitting: true,
    clean: true,
  },
]);
