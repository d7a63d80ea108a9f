import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The version goes into the User-Agent header. Put in at build time rather than imported from
// package.json at run time: that would bundle package.json or need a JSON import in both formats.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  entry: { index: 'src/index.ts', webhooks: 'src/webhooks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Rollup tree-shaking on top of esbuild: drops unused re-exports from the bundles (size budget).
  treeshake: true,
  define: { __SDK_VERSION__: JSON.stringify(version) },
});
