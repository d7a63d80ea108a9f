import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', browser: 'src/browser.ts', node: 'src/node.ts', cli: 'src/cli.ts' },
  // ESM only: @msw/data is ESM-only; CommonJS users on Node 20.19+ can require() it.
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', browser: 'src/browser.ts', node: 'src/node.ts' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['msw', '@reservation-api/sdk'],
});
