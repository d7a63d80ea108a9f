import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  // ESM only: @msw/data is ESM-only; CommonJS users on Node 20.19+ can require() it.
  format: ['esm'],
  sourcemap: true,
  target: 'es2022',
  external: ['msw', '@reservation-api/sdk'],
};

export default defineConfig([
  {
    ...shared,
    entry: { index: 'src/index.ts', browser: 'src/browser.ts', node: 'src/node.ts' },
    dts: { entry: { index: 'src/index.ts', browser: 'src/browser.ts', node: 'src/node.ts' } },
    // Both builds run at once: this one must not delete the CLI the other one writes.
    clean: ['!cli.js', '!cli.js.map'],
  },
  {
    ...shared,
    // The executable of the `reservation-mock` bin: one self-contained file with a shebang, its
    // dependencies bundled in. Resolving and loading the hundreds of ES modules of msw, @msw/data
    // and zod one by one took about 400 ms of a 650 ms start (`pnpm bench:soak` measures it). The
    // server never builds MSW handlers, so msw itself is replaced by a stub (src/cli-without-msw.ts).
    entry: { cli: 'src/cli.ts' },
    external: [],
    noExternal: [/.*/],
    platform: 'node',
    esbuildOptions(options) {
      options.alias = { msw: './src/cli-without-msw.ts' };
    },
    splitting: false,
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
